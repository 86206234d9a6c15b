import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../../ui/testing';
import { buildRows } from '../lib/list';
import { InvoiceList } from './InvoiceList';

/**
 * t17 G5: a row's amounts are read together, by core's one rule (showsMinorUnits): once one has pesewas, all show them.
 * "₵4,501.81 · Balance ₵0" became "Balance ₵0.00"; a row of whole cedis stays whole ("₵500 · Balance ₵0").
 */
describe("the owner's list writes a row's money as one", () => {
  it('paid in full, with pesewas: the balance is ₵0.00; whole cedis: ₵0', () => {
    const base = { kind: 'invoice', contact_id: 'c1', issue_date: '2026-11-01', due_date: '2026-11-30', currency: 'GHS', lines: [], fees: [], fee_ids: [] };
    const paid = (id: string, number: string, total: number) => ({
      ...base,
      id,
      number,
      status: 'paid',
      total_due: total,
      amount_paid: total,
      balance: 0,
      payments: [{ id: `p${id}`, amount: total, method: 'cash' as const, date: '2026-11-02', reference: '' }],
    });
    const rows = buildRows([paid('a', 'INV-0001', 450_181), paid('b', 'INV-0002', 50_000)], new Map([['c1', 'Ama']]), '2026-11-22');
    renderUi(
      <MemoryRouter>
        <InvoiceList rows={rows} resetKey="all" />
      </MemoryRouter>,
    );
    const row = (number: string) => within(screen.getAllByTestId('invoice-row').find((r) => r.getAttribute('data-number') === number)!);
    expect(row('INV-0001').getByText('GH₵4,501.81')).toBeTruthy();
    expect(row('INV-0001').getByTestId('invoice-balance').textContent).toBe('Balance GH₵0.00');
    expect(row('INV-0002').getByText('GH₵500')).toBeTruthy();
    expect(row('INV-0002').getByTestId('invoice-balance').textContent).toBe('Balance GH₵0');
  });
});

import { computeInvoiceTotals, withheldOf } from '@duka/core';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithQueries } from '../../../ui/testing';
import { TotalsPanel } from './TotalsPanel';

// ₦1,000,000 settled by ₦950,000 by transfer and ₦50,000 of tax the client withheld (WHT 5%): as on the PDF.
const payments = [
  { id: 'p1', amount: 95_000_000, method: 'bank_transfer' as const, date: '2026-11-29', reference: '' },
  { id: 'p2', amount: 5_000_000, method: 'withholding' as const, date: '2026-11-29', reference: 'WHT/0042' },
];
const input = { lines: [{ id: 'l1', quantity: 1, unit_price: 100_000_000 }], fees: [], fee_ids: [], payments };
afterEach(cleanup);

describe('TotalsPanel: tax the client withheld', () => {
  it('is a row of its own, and Paid is the money paid', () => {
    expect(withheldOf(payments)).toBe(5_000_000);
    expect(withheldOf([{ ...payments[1], test: true }])).toBe(0);
    renderWithQueries(<TotalsPanel totals={computeInvoiceTotals(input)} currency="NGN" showPaid withheld={withheldOf(payments)} />);
    const rows = [...screen.getByTestId('totals').children].map((r) => r.textContent);
    expect(rows).toContain('Paid₦950,000');
    expect(rows).toContain('Tax withheld₦50,000');
    expect(screen.getByTestId('balance').textContent).toBe('₦0');
  });
});

import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { db, type RecordMap } from '../../../data/db';
import { renderWithQueries } from '../../../ui/testing';
import { sentInvoiceBase } from './fiscalFixtures';
import InvoiceViewPage from './InvoiceViewPage';

// Issue 26: a receipt shows the balance as at its payment; a credit note issued later does not change it.
const now = '2026-11-25T10:00:00.000Z';
const contact = '7c6d2b1e-8a41-4c1e-9f55-2f1f0b6c1a04';
const first = '3f2a9c01-b7aa-4bbb-8ccc-000000000101';
const second = '3f2a9c01-b7aa-4bbb-8ccc-000000000102';

const base = sentInvoiceBase(contact, 'KES', now);

beforeAll(async () => {
  if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
  // Not a Kenyan business: no fiscal state to ask for.
  localStorage.setItem('user', JSON.stringify({ id: 'u', name: 'Ada', username: 'ada', email: 'a@example.com', company_name: 'Ada Stores', country: 'Ghana' }));
  await db.contacts.put({ id: contact, name: 'Otieno Builders', created_at: now, updated_at: now } as RecordMap['contacts']);
  await db.invoices.bulkPut([
    {
      ...base,
      id: 'inv1',
      number: 'INV-0001',
      lines: [{ id: 'l1', description: 'Cement', quantity: 3, unit_price: 100_000, fee_ids: [] }],
      // 20 Nov: 1,000 paid; 24 Nov: credit note of 500 (and a void one of 200); 25 Nov: 300 paid.
      payments: [
        { id: first, amount: 100_000, method: 'cash', date: '2026-11-20', reference: '' },
        { id: second, amount: 30_000, method: 'cash', date: '2026-11-25', reference: '' },
      ],
      subtotal: 300_000,
      total_due: 300_000,
      amount_paid: 130_000,
      credited_total: 50_000,
      balance: 120_000,
      status: 'partially_paid',
      public_id: 'pubinv1xxxxxxxxxxxxxxxxx',
    },
    {
      ...base,
      id: 'cn1',
      kind: 'credit_note',
      number: 'CN-0001',
      issue_date: '2026-11-24',
      credited_invoice_id: 'inv1',
      credit_reason: 'One bag was wet',
      lines: [{ id: 'l1', description: 'Cement', quantity: 0.5, unit_price: 100_000, fee_ids: [] }],
      payments: [],
      subtotal: 50_000,
      total_due: 50_000,
      amount_paid: 0,
      balance: 0,
      status: 'sent',
      public_id: 'pubcn1xxxxxxxxxxxxxxxxxx',
    },
    {
      ...base,
      id: 'cn2',
      kind: 'credit_note',
      number: 'CN-0002',
      issue_date: '2026-11-19',
      credited_invoice_id: 'inv1',
      credit_reason: 'Voided',
      lines: [{ id: 'l1', description: 'Cement', quantity: 0.2, unit_price: 100_000, fee_ids: [] }],
      payments: [],
      subtotal: 20_000,
      total_due: 20_000,
      amount_paid: 0,
      balance: 0,
      status: 'void',
      voided_at: now,
      public_id: 'pubcn2xxxxxxxxxxxxxxxxxx',
    },
  ] as unknown as RecordMap['invoices'][]);
});
afterEach(cleanup);

function open() {
  const router = createMemoryRouter([{ path: '/invoices/:id', element: <InvoiceViewPage /> }], { initialEntries: ['/invoices/inv1'] });
  renderWithQueries(<RouterProvider router={router} />);
}

async function balanceOnReceipt(name: string): Promise<string> {
  fireEvent.click(await screen.findByRole('button', { name }, { timeout: 10_000 }));
  const cell = await screen.findByTestId('receipt-balanceLeft', undefined, { timeout: 10_000 });
  return cell.textContent ?? '';
}

describe('a receipt shown again on the device', () => {
  it('takes off only the credit notes issued up to its payment’s day', async () => {
    open();
    // Paid before the credit note: 3,000 − 1,000 = 2,000 left, as the day it was paid.
    expect(await balanceOnReceipt('Receipt KSh1,000')).toBe('KSh2,000');
    // Nothing credited yet on that day: no Credited line.
    expect(screen.queryByTestId('receipt-credited')).toBeNull();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('receipt')).toBeNull(), { timeout: 10_000 });
    // Paid after it: 3,000 − 500 − 1,300 = 1,200 left (the void credit note takes nothing off).
    expect(await balanceOnReceipt('Receipt KSh300')).toBe('KSh1,200');
    // The sum on the receipt adds up: total − credited − paid to date = balance left (issue 26).
    expect(screen.getByTestId('receipt-invoiceTotal').textContent).toBe('KSh3,000');
    expect(screen.getByTestId('receipt-credited').textContent).toBe('-KSh500');
    // One sign for an amount taken off, from core's formatter, in every block of the screen (issue 23).
    expect(screen.getByTestId('credited-total').textContent).toBe('-KSh500');
    expect(screen.getByTestId('credited').textContent).toBe('-KSh500');
    expect(document.body.textContent).not.toContain('\u2212');
    expect(screen.getByTestId('receipt-paidToDate').textContent).toBe('KSh1,300');
  }, 30_000);
});

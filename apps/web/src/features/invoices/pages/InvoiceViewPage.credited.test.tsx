import 'fake-indexeddb/auto';
import { cleanup, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { db, type RecordMap } from '../../../data/db';
import { renderWithQueries } from '../../../ui/testing';
import { sentInvoiceBase } from './fiscalFixtures';
import InvoiceViewPage from './InvoiceViewPage';

// t19 N6: a credited invoice offered Edit (the server then refused its lines: "This invoice has credit notes"), and a
// fully credited one a "Credit note" button leading to a page that only said "This invoice is fully credited."
const now = '2026-11-25T10:00:00.000Z';
const contact = '7c6d2b1e-8a41-4c1e-9f55-2f1f0b6c1a07';
const base = sentInvoiceBase(contact, 'NGN', now);
const invoice = (id: string, number: string, credited: number) => ({
  ...base,
  id,
  number,
  lines: [{ id: 'l1', description: 'Rice', quantity: 2, unit_price: 53_750, fee_ids: [] }],
  payments: [],
  subtotal: 107_500,
  total_due: 107_500,
  amount_paid: 0,
  credited_total: credited,
  balance: 107_500 - credited,
  status: credited >= 107_500 ? 'credited' : 'sent',
  public_id: `pub${id}xxxxxxxxxxxxxxxxxxxx`.slice(0, 24),
});

beforeAll(async () => {
  if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
  localStorage.setItem(
    'user',
    JSON.stringify({ id: 'u', name: 'Ada', username: 'ada', email: 'a@example.com', company_name: 'Ada Stores', country: 'Nigeria' }),
  );
  await db.contacts.put({ id: contact, name: 'Chidi Foods', created_at: now, updated_at: now } as RecordMap['contacts']);
  await db.invoices.bulkPut([
    invoice('inv1', 'INV-0007', 107_500),
    invoice('inv2', 'INV-0008', 53_750),
    invoice('inv3', 'INV-0009', 0),
  ] as unknown as RecordMap['invoices'][]);
});
afterEach(cleanup);

function open(id: string) {
  const router = createMemoryRouter([{ path: '/invoices/:id', element: <InvoiceViewPage /> }], { initialEntries: [`/invoices/${id}`] });
  renderWithQueries(<RouterProvider router={router} />);
}

describe('Edit and Credit note on a credited invoice (t19 N6)', () => {
  it('fully credited: neither Edit nor Credit note is offered', async () => {
    open('inv1');
    await screen.findByRole('button', { name: 'Duplicate' }, { timeout: 10_000 });
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(screen.queryByTestId('credit-note-action')).toBeNull();
    // It says why instead (t19: the button led to a page that only said so).
    expect(screen.getByTestId('credit-note-none').textContent).toBe('This invoice is fully credited.');
  }, 30_000);

  it("fully credited by the device's own credit notes (the stored total not yet updated): no dead-end button", async () => {
    const cn = {
      ...invoice('cn4', 'CN-0004', 0),
      kind: 'credit_note',
      credited_invoice_id: 'inv4',
      credit_reason: 'Returned',
      status: 'sent',
    };
    await db.invoices.bulkPut([invoice('inv4', 'INV-0010', 0), cn] as unknown as RecordMap['invoices'][]);
    open('inv4');
    expect((await screen.findByTestId('credit-note-none', undefined, { timeout: 10_000 })).textContent).toBe('This invoice is fully credited.');
    expect(screen.queryByTestId('credit-note-action')).toBeNull();
  }, 30_000);

  it('part credited: another credit note, no Edit; never credited: both', async () => {
    open('inv2');
    await screen.findByTestId('credit-note-action', undefined, { timeout: 10_000 });
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    cleanup();
    open('inv3');
    await screen.findByTestId('credit-note-action', undefined, { timeout: 10_000 });
    expect(screen.getByRole('link', { name: 'Edit' })).toBeTruthy();
  }, 30_000);
});

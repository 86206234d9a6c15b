import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { db, type RecordMap } from '../../../data/db';
import { renderWithQueries } from '../../../ui/testing';
import { sentInvoiceBase } from './fiscalFixtures';
import InvoiceViewPage from './InvoiceViewPage';

// t19 N6: an invoice edited offline (price down to FRw 590) while the customer paid FRw 1,181 on the server: the push was
// refused, and the phone showed "Balance FRw 590 · No payments yet". The page now shows the server's copy with the
// refused change to review or discard; nothing typed is lost.
const now = '2026-11-25T10:00:00.000Z';
const contact = '7c6d2b1e-8a41-4c1e-9f55-2f1f0b6c1a06';
const REASON = 'The new total FRw 590 is less than the FRw 1,181 already paid';
const base = sentInvoiceBase(contact, 'RWF', now);
const invoice = (id: string, price: number, payments: unknown[]) => ({
  ...base,
  id,
  number: id === 'inv1' ? 'INV-0003' : 'INV-0004',
  lines: [{ id: 'l1', description: 'Maize flour', quantity: 1, unit_price: price, fee_ids: [] }],
  payments,
  subtotal: price,
  total_due: price,
  amount_paid: payments.length ? price : 0,
  credited_total: 0,
  balance: payments.length ? 0 : price,
  status: payments.length ? 'paid' : 'sent',
  public_id: `pub${id}xxxxxxxxxxxxxxxxxxxx`.slice(0, 24),
  version: 3,
});
const paid = [{ id: '3f2a9c01-b7aa-4bbb-8ccc-000000000301', amount: 1_181, method: 'mobile_money', date: '2026-11-25', reference: 'MP123' }];

beforeAll(async () => {
  if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
  localStorage.setItem(
    'user',
    JSON.stringify({ id: 'u', name: 'Ada', username: 'ada', email: 'a@example.com', company_name: 'Ada Stores', country: 'Rwanda' }),
  );
  await db.contacts.put({ id: contact, name: 'Uwase Shop', created_at: now, updated_at: now } as RecordMap['contacts']);
  // On the device: the owner's refused edits (FRw 590, no payment known).
  await db.invoices.bulkPut([invoice('inv1', 590, []), invoice('inv2', 590, [])] as unknown as RecordMap['invoices'][]);
  const refused = (id: string, server_copy?: unknown) => ({
    mutation_id: `m-${id}`,
    collection: 'invoices' as const,
    op: 'upsert' as const,
    id,
    data: invoice(id, 590, []),
    created_at: now,
    status: 'rejected' as const,
    error: REASON,
    ...(server_copy !== undefined ? { server_copy: server_copy as Record<string, unknown> } : {}),
  });
  // inv1: the server's copy was kept when the change was refused (PAID FRw 1,181); inv2: not known yet (offline).
  await db.queue.bulkAdd([refused('inv1', invoice('inv1', 1_181, paid)), refused('inv2')]);
});
afterEach(cleanup);

function open(id: string) {
  const router = createMemoryRouter(
    [
      { path: '/invoices/:id', element: <InvoiceViewPage /> },
      { path: '/new-invoice', element: <p>Editor</p> },
    ],
    { initialEntries: [`/invoices/${id}`] },
  );
  renderWithQueries(<RouterProvider router={router} />);
}

describe('an invoice change the server refused (t19 N6)', () => {
  it("shows the server's copy (paid FRw 1,181) under a 'not saved' banner, never the refused FRw 590 as the invoice's", async () => {
    open('inv1');
    const banner = await screen.findByTestId('refused-change', undefined, { timeout: 10_000 });
    expect(banner.textContent).toContain('Your change was not saved');
    expect(banner.textContent).toContain(REASON);
    expect(banner.textContent).toContain('Shown below: the invoice as it is saved.');
    expect(screen.getByTestId('view-status').textContent).toBe('Paid');
    expect(screen.getByTestId('view-balance').textContent).toBe('FRw 0');
    expect(screen.queryByRole('button', { name: 'Record payment' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Review' }).getAttribute('href')).toBe('/new-invoice?id=inv1');
    // The owner's typed change is still on the device, to review.
    expect((await db.invoices.get('inv1'))?.total_due).toBe(590);
  }, 30_000);

  it("Discard drops the refused change and keeps the server's copy on the device (offline too)", async () => {
    open('inv1');
    fireEvent.click(await screen.findByRole('button', { name: 'Discard' }, { timeout: 10_000 }));
    await waitFor(async () => expect(await db.queue.where('[collection+id]').equals(['invoices', 'inv1']).count()).toBe(0));
    await waitFor(async () => expect((await db.invoices.get('inv1'))?.total_due).toBe(1_181));
    await waitFor(() => expect(screen.queryByTestId('refused-change')).toBeNull());
    await waitFor(() => expect(screen.getByTestId('view-status').textContent).toBe('Paid'));
  }, 30_000);

  it("the server's copy not known yet: the banner says the figures below are the unsaved change", async () => {
    open('inv2');
    const banner = await screen.findByTestId('refused-change', undefined, { timeout: 10_000 });
    expect(banner.textContent).toContain('Shown below: your change, which is not saved (connect to see the saved invoice).');
  }, 30_000);
});

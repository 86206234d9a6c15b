import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { db, type RecordMap } from '../../../data/db';
import { renderWithQueries } from '../../../ui/testing';
import { sentInvoiceBase } from './fiscalFixtures';
import InvoiceViewPage from './InvoiceViewPage';

// t21 R1: a credit note on a paid cash sale left "Refund due ₦500" for ever (no way to record the money handed back);
// t21 P5: a paid sale offered Edit after its receipt was handed over.
const now = '2026-11-25T10:00:00.000Z';
const contact = '7c6d2b1e-8a41-4c1e-9f55-2f1f0b6c1a07';
const base = sentInvoiceBase(contact, 'NGN', now);
const sale = {
  ...base,
  id: 'sale1',
  kind: 'sale',
  number: 'SAL-0003',
  issue_date: '2026-11-25',
  lines: [{ id: 'l1', description: 'Zobo', quantity: 2, unit_price: 50_000, fee_ids: [] }],
  payments: [{ id: 'p1', amount: 100_000, method: 'cash', date: '2026-11-25', reference: '' }],
  subtotal: 100_000,
  total_due: 100_000,
  amount_paid: 100_000,
  credited_total: 50_000,
  balance: 0,
  status: 'paid',
  public_id: 'pubsale1xxxxxxxxxxxxxxxx',
};

beforeAll(async () => {
  if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
  localStorage.setItem(
    'user',
    JSON.stringify({ id: 'u', name: 'Ada', username: 'ada', email: 'a@example.com', company_name: 'Ada Stores', country: 'Nigeria' }),
  );
  await db.contacts.put({ id: contact, name: 'Walk-in', created_at: now, updated_at: now } as RecordMap['contacts']);
  await db.invoices.bulkPut([sale] as unknown as RecordMap['invoices'][]);
});
afterEach(cleanup);

describe('a paid sale with a refund due (t21 R1, P5)', () => {
  it('offers Record refund paid (no Edit); the refund is saved as money given back and the refund due is cleared', async () => {
    const router = createMemoryRouter([{ path: '/invoices/:id', element: <InvoiceViewPage /> }], { initialEntries: ['/invoices/sale1'] });
    renderWithQueries(<RouterProvider router={router} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Record refund paid' }, { timeout: 10_000 }));
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText('Amount') as HTMLInputElement).value).toContain('500');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record refund paid' }));
    await waitFor(async () => {
      const stored = (await db.invoices.get('sale1')) as unknown as { payments: Array<{ amount: number; refund?: boolean }>; amount_paid: number };
      expect(stored.payments.at(-1)).toMatchObject({ amount: -50_000, refund: true });
      expect(stored.amount_paid).toBe(50_000);
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Record refund paid' })).toBeNull());
    expect(screen.getByText(/Refund paid/)).toBeTruthy();
  }, 30_000);
});

import 'fake-indexeddb/auto';
import { cleanup, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { db, type RecordMap } from '../../../data/db';
import { renderWithQueries } from '../../../ui/testing';
import { sentInvoiceBase } from './fiscalFixtures';
import InvoiceViewPage from './InvoiceViewPage';

// Issue 23 item 11: a quote the customer declined (synced from the server) says Declined, with the reason.
const now = '2026-11-22T10:00:00.000Z';
const contact = '7c6d2b1e-8a41-4c1e-9f55-2f1f0b6c1a01';

beforeAll(async () => {
  if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
  localStorage.setItem('user', JSON.stringify({ id: 'u', name: 'Musa', username: 'musa', email: 'm@example.com', company_name: 'Musa Traders' }));
  await db.contacts.put({ id: contact, name: 'Mme Ebogo', created_at: now, updated_at: now } as RecordMap['contacts']);
  await db.invoices.put({
    ...sentInvoiceBase(contact, 'NGN', now),
    id: 'q1',
    kind: 'quote',
    number: 'QUO-0004',
    lines: [{ id: 'l1', description: 'Gown', quantity: 1, unit_price: 1_250_000, fee_ids: [] }],
    subtotal: 1_250_000,
    total_due: 1_250_000,
    balance: 1_250_000,
    status: 'sent',
    public_id: 'pubq23xxxxxxxxxxxxxxxxxx',
    converted_invoice_id: null,
    declined_at: '2026-11-21T08:00:00.000Z',
    decline_reason: 'Too dear for now',
    version: 3,
  } as unknown as RecordMap['invoices']);
});
afterEach(cleanup);

describe('owner’s view of a declined quote', () => {
  it('shows Declined and the reason', async () => {
    const router = createMemoryRouter([{ path: '/invoices/:id', element: <InvoiceViewPage /> }], { initialEntries: ['/invoices/q1'] });
    renderWithQueries(<RouterProvider router={router} />);
    expect((await screen.findByTestId('view-status', undefined, { timeout: 10_000 })).textContent).toBe('Declined');
    await screen.findByText(/Mme Ebogo declined this quote on/);
    const note = screen.getByTestId('quote-declined');
    expect(note.textContent).toContain('Their reason: Too dear for now');
  }, 20_000);
});

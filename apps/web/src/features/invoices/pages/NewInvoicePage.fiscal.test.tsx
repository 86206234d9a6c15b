import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen } from '@testing-library/react';
import { FISCAL_IMMUTABLE_MESSAGE } from '@duka/core';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { db, type RecordMap } from '../../../data/db';
import { renderUi } from '../../../ui/testing';
import NewInvoicePage from './NewInvoicePage';

// Issue 26: /new-invoice?id=<an invoice KRA signed>, typed by hand, does not open the editor.
const now = '2026-11-22T10:00:00.000Z';
const contact = '7c6d2b1e-8a41-4c1e-9f55-2f1f0b6c1a03';

const invoice = (id: string, number: string, extra: Record<string, unknown> = {}) =>
  ({
    id,
    kind: 'invoice',
    number,
    contact_id: contact,
    issue_date: '2026-11-20',
    due_date: '2026-12-20',
    currency: 'KES',
    lines: [{ id: 'l1', description: 'Cement', quantity: 3, unit_price: 116_000, fee_ids: [] }],
    fees: [],
    fee_ids: [],
    discount: null,
    notes: '',
    terms: '',
    payment_instructions: '',
    payments: [],
    subtotal: 348_000,
    discount_total: 0,
    tax_total: 0,
    fee_total: 0,
    total_due: 348_000,
    amount_paid: 0,
    balance: 348_000,
    status: 'sent',
    public_id: `pub${id}xxxxxxxxxxxxxxxxxxxx`.slice(0, 24),
    finished_at: now,
    sent_at: now,
    voided_at: null,
    created_at: now,
    updated_at: now,
    version: 2,
    ...extra,
  }) as unknown as RecordMap['invoices'];

const view = (state: 'fiscalised' | 'provisional') => ({
  state,
  test: false,
  control_unit_id: state === 'fiscalised' ? 'KRACU0100000001' : null,
  fiscal_number: state === 'fiscalised' ? '1' : null,
  receipt_label: state === 'fiscalised' ? '1/1 NS' : null,
  internal_data: state === 'fiscalised' ? 'V7ITDHTRSUCZ4SHB7YQ7LQAIZ4' : null,
  signature: state === 'fiscalised' ? 'BZ2JOJAUSGI3THEH' : null,
  fiscal_datetime: state === 'fiscalised' ? '2026-11-26T07:13:28Z' : null,
  qr_text: null,
  error: null,
  attempts: 1,
});

beforeAll(async () => {
  if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
  localStorage.setItem(
    'user',
    JSON.stringify({ id: 'u', name: 'Otieno', username: 'otieno', email: 'o@example.com', company_name: 'Otieno Hardware', country: 'Kenya' }),
  );
  await db.contacts.put({ id: contact, name: 'Otieno Builders', created_at: now, updated_at: now } as RecordMap['contacts']);
  await db.invoices.bulkPut([
    invoice('signed2', 'INV-0001'),
    invoice('waiting2', 'INV-0002'),
    invoice('draft2', 'INV-0003', { status: 'draft', finished_at: null, sent_at: null }),
  ]);
  await db.meta.bulkPut([
    { key: 'fiscal:signed2', value: JSON.stringify(view('fiscalised')) },
    { key: 'fiscal:waiting2', value: JSON.stringify(view('provisional')) },
  ]);
});
afterEach(cleanup);

function open(id: string) {
  const router = createMemoryRouter(
    [
      { path: '/new-invoice', element: <NewInvoicePage /> },
      { path: '/invoices/:id', element: <p>view page</p> },
    ],
    { initialEntries: [`/new-invoice?id=${id}`] },
  );
  renderUi(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('the editor of an invoice KRA signed', () => {
  it('does not open: it says why, in the server’s words, and offers the credit note', async () => {
    open('signed2');
    const refused = await screen.findByTestId('fiscal-edit-refused', undefined, { timeout: 10_000 });
    expect(refused.textContent).toContain(FISCAL_IMMUTABLE_MESSAGE);
    expect(screen.getByRole('heading', { name: 'Edit invoice · INV-0001' })).toBeTruthy();
    const credit = screen.getByRole('link', { name: 'Credit note' });
    expect(credit.getAttribute('href')).toBe('/invoices/signed2/credit-note');
    expect(screen.getByRole('link', { name: 'Open the invoice' }).getAttribute('href')).toBe('/invoices/signed2');
    // Nothing to type in nor to save.
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add line' })).toBeNull();
  }, 20_000);

  it('an invoice still awaiting KRA, and a draft, open in the editor', async () => {
    open('waiting2');
    await screen.findByRole('button', { name: 'Save' }, { timeout: 10_000 });
    expect(screen.queryByTestId('fiscal-edit-refused')).toBeNull();
    cleanup();
    open('draft2');
    await screen.findByRole('button', { name: 'Finish' }, { timeout: 10_000 });
    expect(screen.queryByTestId('fiscal-edit-refused')).toBeNull();
  }, 20_000);
});

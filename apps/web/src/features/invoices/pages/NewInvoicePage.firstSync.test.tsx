import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { DEFAULT_LAST_UPDATED } from '@duka/core';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cursorKey, db, type RecordMap } from '../../../data/db';
import { renderUi } from '../../../ui/testing';
import NewInvoicePage from './NewInvoicePage';

// Issue 23: a fresh device opening /new-invoice?id=… before its first sync said "not found" for good, and a new
// invoice said "No taxes or fees yet" although the account has VAT. Both wait for the sync and follow it.
const now = '2026-11-22T10:00:00.000Z';
const invoice = {
  id: 'inv9',
  kind: 'invoice',
  number: 'INV-0009',
  contact_id: null,
  issue_date: '2026-11-20',
  due_date: null,
  currency: 'KES',
  lines: [{ id: 'l1', description: 'Braids', quantity: 1, unit_price: 250_000, fee_ids: [] }],
  fees: [],
  fee_ids: [],
  discount: null,
  notes: '',
  terms: '',
  payment_instructions: '',
  payments: [],
  status: 'draft',
  public_id: 'pubinv9xxxxxxxxxxxxxxxxx',
  created_at: now,
  updated_at: now,
};
const vat = {
  id: 'f1',
  name: 'VAT',
  kind: 'tax',
  calculation: 'percentage',
  percentage_bps: 1600,
  amount: 0,
  inclusive: false,
  default_on: true,
  created_at: now,
  updated_at: now,
};

beforeAll(async () => {
  if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
  localStorage.setItem('user', JSON.stringify({ id: 'u', name: 'Njeri', username: 'njeri', email: 'n@example.com', company_name: 'Salon', country: 'Ghana' }));
  await db.open();
});
afterEach(cleanup);

function open(url: string) {
  renderUi(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={createMemoryRouter([{ path: '/new-invoice', element: <NewInvoicePage /> }], { initialEntries: [url] })} />
    </QueryClientProvider>,
  );
}

describe('the invoice editor before the first sync', () => {
  it('waits for the sync to bring an invoice opened by its link, then opens it', async () => {
    await db.meta.put({ key: cursorKey('invoices'), value: DEFAULT_LAST_UPDATED });
    open('/new-invoice?id=inv9');
    await screen.findByTestId('waiting-first-sync', {}, { timeout: 20_000 });
    expect(screen.queryByText('This invoice was not found on this device')).toBeNull();
    await db.transaction('rw', [db.invoices, db.meta], async () => {
      await db.invoices.put(invoice as unknown as RecordMap['invoices']);
      await db.meta.put({ key: cursorKey('invoices'), value: 12 });
    });
    await screen.findByRole('heading', { name: 'Edit invoice · INV-0009' }, { timeout: 20_000 });
  }, 60_000);

  it('says "not found" only once the invoices have been synced', async () => {
    await db.meta.put({ key: cursorKey('invoices'), value: 12 });
    open('/new-invoice?id=nowhere');
    expect((await screen.findByRole('alert', {}, { timeout: 20_000 })).textContent).toBe('This invoice was not found on this device');
  }, 60_000);

  it('shows the fees as not synced yet, then offers them (default ones chosen) when the sync brings them', async () => {
    await db.meta.put({ key: cursorKey('fees'), value: DEFAULT_LAST_UPDATED });
    open('/new-invoice');
    const empty = await screen.findByTestId('fees-empty', {}, { timeout: 20_000 });
    expect(empty.textContent).toBe('Your taxes and fees appear here once this device has synced with your account.');
    await db.transaction('rw', [db.fees, db.meta], async () => {
      await db.fees.put(vat as unknown as RecordMap['fees']);
      await db.meta.put({ key: cursorKey('fees'), value: 3 });
    });
    const box = (await screen.findByRole('checkbox', { name: /^VAT 16%/ }, { timeout: 20_000 })) as HTMLInputElement;
    await waitFor(() => expect(box.checked).toBe(true), { timeout: 20_000 });
    expect(screen.queryByTestId('fees-empty')).toBeNull();
  }, 60_000);
});

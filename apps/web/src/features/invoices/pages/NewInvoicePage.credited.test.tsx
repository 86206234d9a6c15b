import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { DEFAULT_LAST_UPDATED } from '@duka/core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cursorKey, db, type RecordMap } from '../../../data/db';
import { sentInvoiceBase } from './fiscalFixtures';
import { openEditor, signInMusa } from './editorTesting';

// t19 N6: the editor let the owner change the price of a credited invoice; the server refused it ("This invoice has
// credit notes: its lines, taxes and discount cannot change") and the page showed the refused figures. The editor
// now says so and keeps the lines as they are; other fields (notes) still save.
const now = '2026-11-25T10:00:00.000Z';
const LOCKED = 'This invoice has credit notes: its lines, taxes and discount cannot change. Issue another credit note instead.';
const wait = { timeout: 20_000 };
const CONTACT = '7c6d2b1e-8a41-4c1e-9f55-2f1f0b6c1a09';

beforeAll(async () => {
  signInMusa();
  await db.open();
  await db.meta.put({ key: cursorKey('invoices'), value: DEFAULT_LAST_UPDATED });
  await db.contacts.put({ id: CONTACT, name: 'Chidi Foods', created_at: now, updated_at: now } as RecordMap['contacts']);
  await db.invoices.put({
    ...sentInvoiceBase(CONTACT, 'NGN', now),
    id: 'inv7',
    kind: 'invoice',
    number: 'INV-0007',
    lines: [{ id: 'l1', description: 'Rice', quantity: 1, unit_price: 100_000, fee_ids: [] }],
    payments: [],
    subtotal: 100_000,
    total_due: 100_000,
    amount_paid: 0,
    credited_total: 50_000,
    balance: 50_000,
    status: 'sent',
    public_id: 'pubinv7xxxxxxxxxxxxxxxxx',
    version: 4,
  } as unknown as RecordMap['invoices']);
});
afterEach(cleanup);

describe('editing an invoice with credit notes (t19 N6)', () => {
  it('says its lines, taxes and discount cannot change, refuses a new price, saves a note', async () => {
    openEditor('/new-invoice?id=inv7', [{ path: '/invoices/:id', element: <p>Invoice page</p> }]);
    expect((await screen.findByTestId('credited-edit-note', {}, wait)).textContent).toBe(LOCKED);
    fireEvent.change(screen.getByLabelText('Unit price 1'), { target: { value: '1200' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findAllByText(LOCKED);
    expect((await db.invoices.get('inv7'))?.lines[0].unit_price).toBe(100_000);
    fireEvent.change(screen.getByLabelText('Unit price 1'), { target: { value: '1000' } });
    fireEvent.change(screen.getByLabelText('Notes'), { target: { value: 'Delivered Friday' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect((await db.invoices.get('inv7'))?.notes).toBe('Delivered Friday'), wait);
    expect((await db.invoices.get('inv7'))?.lines[0].unit_price).toBe(100_000);
  }, 60_000);
});

import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { db, type RecordMap } from '../../../data/db';
import { renderWithQueries } from '../../../ui/testing';
import { sentInvoiceBase } from './fiscalFixtures';
import InvoiceViewPage from './InvoiceViewPage';

// t19 N7: the Void dialog of an invoice holding K250.50 only said "It keeps its number and can no longer be paid", and
// the void made the money vanish. It now says what was paid and offers a credit note instead (core's voidPaidProblem).
const now = '2026-11-25T10:00:00.000Z';
const contact = '7c6d2b1e-8a41-4c1e-9f55-2f1f0b6c1a05';
const pay = (id: string, amount: number, test = false) => ({ id, amount, method: 'cash', date: '2026-11-25', reference: '', ...(test ? { test: true } : {}) });
const base = sentInvoiceBase(contact, 'ZMW', now);

beforeAll(async () => {
  if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
  localStorage.setItem(
    'user',
    JSON.stringify({ id: 'u', name: 'Ada', username: 'ada', email: 'a@example.com', company_name: 'Ada Stores', country: 'Zambia' }),
  );
  await db.contacts.put({ id: contact, name: 'Mwansa Traders', created_at: now, updated_at: now } as RecordMap['contacts']);
  const invoice = (id: string, number: string, payments: Array<{ amount: number; test?: boolean }>) => {
    const paid = payments.filter((p) => !p.test).reduce((s, p) => s + p.amount, 0);
    return {
      ...base,
      id,
      number,
      lines: [{ id: 'l1', description: 'Cement', quantity: 1, unit_price: 60_481, fee_ids: [] }],
      payments,
      subtotal: 60_481,
      total_due: 60_481,
      amount_paid: paid,
      credited_total: 0,
      balance: 60_481 - paid,
      status: paid ? 'partially_paid' : 'sent',
      public_id: `pub${id}xxxxxxxxxxxxxxxxxxxx`.slice(0, 24),
    };
  };
  await db.invoices.bulkPut([
    invoice('inv1', 'INV-0002', [pay('3f2a9c01-b7aa-4bbb-8ccc-000000000201', 25_050)]),
    invoice('inv2', 'INV-0003', [pay('3f2a9c01-b7aa-4bbb-8ccc-000000000202', 5_000, true)]),
  ] as unknown as RecordMap['invoices'][]);
});
afterEach(cleanup);

function open(id: string) {
  const router = createMemoryRouter([{ path: '/invoices/:id', element: <InvoiceViewPage /> }], { initialEntries: [`/invoices/${id}`] });
  renderWithQueries(<RouterProvider router={router} />);
}

describe('Void on an invoice that holds payments (t19 N7)', () => {
  it('says what was paid, offers no Void and a credit note instead', async () => {
    open('inv1');
    fireEvent.click(await screen.findByRole('button', { name: 'Void' }, { timeout: 10_000 }));
    const body = await screen.findByTestId('void-paid');
    expect(body.textContent).toBe(
      'K250.50 was paid on this invoice: it cannot be voided while it holds payments. Issue a credit note for the whole invoice instead: it takes the invoice back and shows the refund due to the client.',
    );
    const dialog = screen.getByRole('dialog');
    expect(dialog.querySelectorAll('button')).toHaveLength(2); // the close cross and Cancel: no Void
    expect(screen.getByRole('link', { name: 'Issue a credit note' }).getAttribute('href')).toBe('/invoices/inv1/credit-note');
  }, 30_000);

  it('paid only in TEST MODE (no money): the plain Void dialog', async () => {
    open('inv2');
    fireEvent.click(await screen.findByRole('button', { name: 'Void' }, { timeout: 10_000 }));
    expect(await screen.findByText('Void INV-0003? It keeps its number and can no longer be paid.')).toBeTruthy();
    expect(screen.queryByTestId('void-paid')).toBeNull();
  }, 30_000);
});

describe('an invoice voided while it held payments (an old row, t19 N7)', () => {
  it('shows what was paid as the refund due to the client', async () => {
    const stored = await db.invoices.get('inv1');
    await db.invoices.put({ ...stored!, id: 'inv9', number: 'INV-0009', status: 'void', voided_at: now } as RecordMap['invoices']);
    open('inv9');
    expect((await screen.findByTestId('refund-due', undefined, { timeout: 10_000 })).textContent).toBe('K250.50');
    expect(screen.getByText('Refund due to the client')).toBeTruthy();
  });
});

describe('a counter sale that holds payments (t19: the rule covered invoices only)', () => {
  it('offers no Void: the dialog says what was paid on the sale and offers a credit note', async () => {
    const stored = await db.invoices.get('inv1');
    await db.invoices.put({ ...stored!, id: 'sal1', kind: 'sale', number: 'SAL-0001', status: 'paid', balance: 0 } as RecordMap['invoices']);
    open('sal1');
    fireEvent.click(await screen.findByRole('button', { name: 'Void' }, { timeout: 10_000 }));
    expect((await screen.findByTestId('void-paid')).textContent).toBe(
      'K250.50 was paid on this sale: it cannot be voided while it holds payments. Issue a credit note for the whole sale instead: it takes the sale back and shows the refund due to the customer.',
    );
    expect(screen.getByText('This sale cannot be voided')).toBeTruthy();
    expect(screen.getByRole('dialog').querySelectorAll('button')).toHaveLength(2);
  }, 30_000);
});

import 'fake-indexeddb/auto';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { FISCAL_IMMUTABLE_MESSAGE, FISCAL_IMMUTABLE_TEST_MESSAGE } from '@duka/core';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { db, type RecordMap } from '../../../data/db';
import { fiscalInvoice, seedFiscalShop } from './fiscalFixtures';
import { renderWithQueries } from '../../../ui/testing';
import InvoiceViewPage from './InvoiceViewPage';

// Issue 26 D1/D2: a ready invoice KRA signed offers no Edit nor Void, but a credit note with the server's words.
const contact = '7c6d2b1e-8a41-4c1e-9f55-2f1f0b6c1a02';
const invoice = (id: string, number: string, extra: Record<string, unknown> = {}) =>
  fiscalInvoice(contact, id, number, { status: 'ready', sent_at: null, ...extra });

beforeAll(async () => {
  await seedFiscalShop(contact, [invoice('signed1', 'INV-0001'), invoice('waiting1', 'INV-0002')], { signed1: 'fiscalised', waiting1: 'provisional' }, true);
});
afterEach(cleanup);

function open(id: string) {
  const router = createMemoryRouter([{ path: '/invoices/:id', element: <InvoiceViewPage /> }], { initialEntries: [`/invoices/${id}`] });
  renderWithQueries(<RouterProvider router={router} />);
}

describe('owner’s view of an invoice KRA signed', () => {
  it('offers a credit note, not Edit nor Void; signed in TEST MODE, it never says KRA signed it (verify27 N2)', async () => {
    open('signed1');
    const locked = await screen.findByTestId('fiscal-locked', undefined, { timeout: 10_000 });
    expect(locked.textContent).toContain('Signed in TEST MODE');
    expect(locked.textContent).toContain('not sent to KRA');
    expect(locked.textContent).not.toContain('Signed by KRA');
    expect(locked.textContent).not.toContain(FISCAL_IMMUTABLE_MESSAGE);
    // The same words as the server's 409 in TEST MODE.
    expect(locked.textContent).toContain(FISCAL_IMMUTABLE_TEST_MESSAGE);
    // Finished, not sent, but signed: creditable (D2).
    expect(screen.getByTestId('credit-note-action').textContent).toBe('Credit note');
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Void' })).toBeNull();
    // Payments and sending stay open: they change nothing KRA signed.
    expect(screen.getByRole('button', { name: 'Mark sent' })).toBeTruthy();
  }, 20_000);

  it('a finished invoice still awaiting KRA can be edited, and is not credited yet', async () => {
    open('waiting1');
    await screen.findByRole('link', { name: 'Edit' }, { timeout: 10_000 });
    expect(screen.getByRole('button', { name: 'Void' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('fiscal-locked')).toBeNull());
    expect(screen.queryByTestId('credit-note-action')).toBeNull();
  }, 20_000);
});

describe('owner’s view of a credit note', () => {
  it('shows no “Valid until” (a quote’s field) nor a due date (issue 26 D9)', async () => {
    await db.invoices.put({
      ...invoice('cn1', 'CN-0001'),
      kind: 'credit_note',
      status: 'sent',
      credited_invoice_id: 'signed1',
      credit_reason: 'One bag was wet',
      due_date: null,
    } as unknown as RecordMap['invoices']);
    open('cn1');
    await screen.findByTestId('credit-of', undefined, { timeout: 10_000 });
    expect(screen.queryByText('Valid until')).toBeNull();
    expect(screen.queryByText('Due date')).toBeNull();
    expect(screen.queryByTestId('view-due')).toBeNull();
    // Its total is what it credits, not something owed (t18 Z3).
    const total = await screen.findByTestId('total-due');
    expect(total.previousElementSibling?.textContent).toBe('Total credited');
    expect(screen.queryByText('Total due')).toBeNull();
  }, 20_000);
});

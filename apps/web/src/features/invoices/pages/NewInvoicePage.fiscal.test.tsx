import 'fake-indexeddb/auto';
import { cleanup, screen } from '@testing-library/react';
import { FISCAL_IMMUTABLE_MESSAGE } from '@duka/core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fiscalInvoice, seedFiscalShop } from './fiscalFixtures';
import { pagePaths } from '../../../paths';
import { openEditor } from './editorTesting';

// Issue 26: /new-invoice?id=<an invoice KRA signed>, typed by hand, does not open the editor.
const contact = '7c6d2b1e-8a41-4c1e-9f55-2f1f0b6c1a03';
const invoice = (id: string, number: string, extra: Record<string, unknown> = {}) => fiscalInvoice(contact, id, number, extra);

beforeAll(async () => {
  await seedFiscalShop(
    contact,
    [
      invoice('signed2', 'INV-0001'),
      invoice('waiting2', 'INV-0002'),
      invoice('draft2', 'INV-0003', { status: 'draft', finished_at: null, sent_at: null }),
      invoice('cn2', 'CN-0001', { kind: 'credit_note', credited_invoice_id: 'signed2', credit_reason: 'Wet bag', due_date: null }),
    ],
    { signed2: 'fiscalised', waiting2: 'provisional' },
    false,
  );
});
afterEach(cleanup);

const open = (id: string) => openEditor(pagePaths.newInvoice({ id }), [{ path: '/invoices/:id', element: <p>view page</p> }]);

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

  it('an issued credit note typed into the editor by hand does not open (verify27 N1)', async () => {
    open('cn2');
    const refused = await screen.findByTestId('fiscal-edit-refused', undefined, { timeout: 10_000 });
    expect(refused.textContent).toContain('A credit note cannot be changed once issued.');
    expect(screen.getByRole('link', { name: 'Open the credit note' }).getAttribute('href')).toBe('/invoices/cn2');
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  }, 20_000);
});

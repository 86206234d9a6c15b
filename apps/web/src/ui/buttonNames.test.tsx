import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { db, type RecordMap } from '../data/db';
import { setCurrentUser } from '../data/user';
import { setLanguage } from '../i18n';
import { InputTaxFields } from '../features/expenses/components/InputTaxFields';
import ExpensePage from '../features/expenses/pages/ExpensePage';
import { sentInvoiceBase } from '../features/invoices/pages/fiscalFixtures';
import CreditNotePage from '../features/invoices/pages/CreditNotePage';
import NewInvoicePage from '../features/invoices/pages/NewInvoicePage';
import InvoiceSettingsPage from '../features/settings/pages/InvoiceSettingsPage';
import { renderWithQueries } from './testing';

/**
 * Every button of the main forms has a name a screen reader says and voice control answers to (t18 Z4, t19 Y3: the
 * credit note's quantity and the due days had arrows with no name). Hidden buttons (aria-hidden) are not counted.
 */
const now = '2026-11-25T10:00:00.000Z';
const contact = '7c6d2b1e-8a41-4c1e-9f55-2f1f0b6c1a07';
const invoice = {
  ...sentInvoiceBase(contact, 'NGN', now),
  id: 'inv1',
  number: 'INV-0007',
  lines: [
    { id: 'l1', description: 'Rice', quantity: 2, unit_price: 53_750, fee_ids: [] },
    { id: 'l2', description: 'Beans', quantity: 1, unit_price: 10_000, fee_ids: [] },
  ],
  payments: [],
  subtotal: 117_500,
  total_due: 117_500,
  amount_paid: 0,
  credited_total: 0,
  balance: 117_500,
  status: 'sent',
  public_id: 'pubinv1xxxxxxxxxxxxxxxxx',
};

beforeAll(async () => {
  setCurrentUser({
    id: 'u',
    name: 'Ada',
    username: 'ada',
    email: 'a@example.com',
    company_name: 'Ada Stores',
    country: 'Nigeria',
    invoice_settings: JSON.stringify({ currency: 'NGN', country: { name: 'Nigeria', flag: '', iso_code: 'NG', currency: 'NGN' } }),
  } as never);
  await db.contacts.put({ id: contact, name: 'Chidi Foods', created_at: now, updated_at: now } as RecordMap['contacts']);
  await db.invoices.put(invoice as unknown as RecordMap['invoices']);
});
afterEach(async () => {
  cleanup();
  await setLanguage('en');
});

function open(path: string, url: string, element: ReactElement) {
  renderWithQueries(<RouterProvider router={createMemoryRouter([{ path, element }], { initialEntries: [url] })} />);
}

/** The buttons (not hidden from assistive technology) that have no accessible name, described by their HTML. */
function unnamed(): string[] {
  return screen.queryAllByRole('button', { name: /^\s*$/ }).map((b) => b.outerHTML.slice(0, 160));
}

describe('every button of the main forms has a name (t19 Y3)', () => {
  it('(the check itself finds a button with no name, and passes over a hidden one)', () => {
    renderWithQueries(
      <div>
        <button type="button">
          <svg />
        </button>
        <button type="button" aria-hidden>
          <svg />
        </button>
        <button type="button" aria-label="Close" />
      </div>,
    );
    expect(unnamed()).toHaveLength(1);
  });

  it('the credit note form: each quantity has "Less:" and "More:" buttons naming its line', async () => {
    open('/invoices/:id/credit-note', '/invoices/inv1/credit-note', <CreditNotePage />);
    await screen.findByTestId('credit-issue', undefined, { timeout: 20_000 });
    expect(unnamed()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'More: Quantity to credit (Rice)' }));
    fireEvent.click(screen.getByRole('button', { name: 'More: Quantity to credit (Rice)' }));
    expect(screen.getByTestId('credit-qty-0')).toHaveProperty('value', '2');
    // No more than is left on the line: + stops there, − goes back down.
    expect(screen.getByRole('button', { name: 'More: Quantity to credit (Rice)' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Less: Quantity to credit (Rice)' }));
    expect(screen.getByTestId('credit-qty-0')).toHaveProperty('value', '1');
    expect(screen.getByRole('button', { name: 'Less: Quantity to credit (Beans)' })).toHaveProperty('disabled', true);
  }, 60_000);

  it('the credit note form in French and Swahili', async () => {
    await setLanguage('fr');
    open('/invoices/:id/credit-note', '/invoices/inv1/credit-note', <CreditNotePage />);
    await screen.findByTestId('credit-issue', undefined, { timeout: 20_000 });
    expect(unnamed()).toEqual([]);
    expect(screen.getAllByRole('button', { name: /^Plus : .*\(Rice\)$/ })).toHaveLength(1);
    cleanup();
    await setLanguage('sw');
    open('/invoices/:id/credit-note', '/invoices/inv1/credit-note', <CreditNotePage />);
    await screen.findByTestId('credit-issue', undefined, { timeout: 20_000 });
    expect(screen.getAllByRole('button', { name: /^Punguza: .*\(Beans\)$/ })).toHaveLength(1);
  }, 60_000);

  it('invoice settings (the due days)', async () => {
    open('/settings/invoice', '/settings/invoice', <InvoiceSettingsPage />);
    await screen.findByRole('button', { name: 'Save invoice settings' }, { timeout: 20_000 });
    expect(unnamed()).toEqual([]);
    expect(screen.getByRole('button', { name: /^More: / })).toBeTruthy();
  }, 60_000);

  it('the new invoice form', async () => {
    open('/new-invoice', '/new-invoice', <NewInvoicePage />);
    await screen.findByRole('button', { name: 'Finish' }, { timeout: 20_000 });
    expect(unnamed()).toEqual([]);
  }, 60_000);

  it('the new expense form, with input tax by rate', async () => {
    open('/expense', '/expense?new=1', <ExpensePage />);
    await screen.findAllByRole('button', undefined, { timeout: 20_000 });
    expect(unnamed()).toEqual([]);
    cleanup();
    renderWithQueries(
      <InputTaxFields
        value={{ input_tax_rate_bps: 750, input_tax_amount: null, input_tax_inclusive: false }}
        onChange={() => {}}
        amount={10_000}
        currency="NGN"
        country="Nigeria"
      />,
    );
    expect(unnamed()).toEqual([]);
    expect(screen.getByRole('button', { name: /^Less: / })).toBeTruthy();
  }, 60_000);
});

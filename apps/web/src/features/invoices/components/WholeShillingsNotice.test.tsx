import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db, type RecordMap } from '../../../data/db';
import { renderWithQueries } from '../../../ui/testing';
import { asInvoice } from '../lib/model';
import { sentInvoiceBase } from '../pages/fiscalFixtures';
import { WholeShillingsNotice } from './WholeShillingsNotice';

// t17 K0: KSh243.60 (Unga KSh210 + VAT 16% on top) could not be paid by M-Pesa or Airtel Money (whole shillings only).
const now = '2026-11-25T10:00:00.000Z';
const vat = { id: 'vat', name: 'VAT 16%', kind: 'tax', calculation: 'percentage', percentage_bps: 1600, amount: 0, inclusive: false };
const stored = {
  ...sentInvoiceBase('c1', 'KES', now),
  id: 'inv1',
  number: 'INV-0002',
  lines: [{ id: 'l1', description: 'Unga 2kg', quantity: 1, unit_price: 21_000, fee_ids: [] }],
  fees: [vat],
  fee_ids: ['vat'],
  payments: [],
  subtotal: 21_000,
  tax_total: 3_360,
  total_due: 24_360,
  amount_paid: 0,
  credited_total: 0,
  balance: 24_360,
  status: 'sent',
};
const kenya = (settings: object = {}) =>
  localStorage.setItem(
    'user',
    JSON.stringify({ id: 'u', name: 'Wanjiru', username: 'w', email: 'w@example.com', country: 'Kenya', invoice_settings: JSON.stringify(settings) }),
  );
const show = (inv: object, locked: boolean | 'test' = false) => {
  const invoice = asInvoice(inv as Record<string, unknown>);
  renderWithQueries(<WholeShillingsNotice inv={invoice} balance={invoice.balance} locked={locked} />);
};

beforeEach(() => kenya());
afterEach(cleanup);

describe('WholeShillingsNotice (t17 K0)', () => {
  it('says why M-Pesa and Airtel cannot take KSh243.60 and rounds the invoice down to KSh243.00 in one tap, VAT on the lower price', async () => {
    await db.invoices.put(stored as unknown as RecordMap['invoices']);
    show(stored);
    expect(await screen.findByText('M-Pesa, Airtel Money: whole shillings only')).toBeTruthy();
    expect(screen.getByText(/The balance, KSh243\.60, has cents.*a discount of KSh0\.52 comes off the price/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Round down to KSh243.00' }));
    await waitFor(async () => expect((await db.invoices.get('inv1'))?.discount).toEqual({ type: 'amount', value: 52, rounding: 52 }));
    expect(await db.invoices.get('inv1')).toMatchObject({ discount_total: 52, tax_total: 3_352, total_due: 24_300, balance: 24_300 });
  });

  it('an invoice signed by KRA is not changed: the owner is told what to do instead', async () => {
    show(stored, true);
    expect(await screen.findByText(/signed by KRA and cannot be changed/)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('an invoice signed in TEST MODE says so, not "signed by KRA" (t19 K1)', async () => {
    show(stored, 'test');
    expect(await screen.findByText(/signed in TEST MODE \(not sent to KRA\) and cannot be changed/)).toBeTruthy();
    expect(screen.queryByText(/signed by KRA/)).toBeNull();
  });

  it('Tanzania: TSh 9,204.59 cannot go to its wallets either, and is rounded down the same way (t20 T1)', async () => {
    localStorage.setItem(
      'user',
      JSON.stringify({ id: 'u', name: 'Neema', username: 'n', email: 'n@example.com', country: 'Tanzania', invoice_settings: '{}' }),
    );
    const tz = { ...stored, id: 'inv-tz', currency: 'TZS', lines: [{ ...stored.lines[0], unit_price: 920_459 }], fees: [], fee_ids: [] };
    Object.assign(tz, { subtotal: 920_459, tax_total: 0, total_due: 920_459, balance: 920_459 });
    await db.invoices.put(tz as unknown as RecordMap['invoices']);
    show(tz);
    expect(await screen.findByText('M-Pesa / Airtel Money / Mixx by Yas: whole shillings only')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Round down to TSh 9,204.00' }));
    await waitFor(async () => expect(await db.invoices.get('inv-tz')).toMatchObject({ total_due: 920_400, balance: 920_400 }));
  });

  it('nothing when the balance is whole, or when the pay page offers neither M-Pesa nor Airtel Money', () => {
    show({ ...stored, fees: [], fee_ids: [], total_due: 21_000, balance: 21_000 });
    expect(screen.queryByTestId('whole-shillings')).toBeNull();
    cleanup();
    kenya({ pay_rails: ['card'] });
    show(stored);
    expect(screen.queryByTestId('whole-shillings')).toBeNull();
  });
});

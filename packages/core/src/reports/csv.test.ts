import { describe, expect, it } from 'vitest';
import {
  clientsTable,
  duplicateKeys,
  expensesTable,
  guessMapping,
  type ImportKind,
  importFieldLabel,
  importProblemText,
  invoiceLinesTable,
  invoiceSummaryTable,
  parseSheetDate,
  paymentsTable,
  type RowResult,
  rowToRecord,
} from '.';
import { REPORT_FIXTURE_INVOICES } from './fixture';
import { expenseCounts, isExpensePending } from '../records/expense-pending';

/** A row's problems as the English an owner reads (field key → text). */
const english = (kind: ImportKind, r: RowResult) =>
  r.ok ? r : { ok: false as const, errors: Object.fromEntries(Object.entries(r.errors).map(([k, p]) => [k, importProblemText(importFieldLabel(kind, k), p)])) };

describe('CSV import rows', () => {
  it('a client row without a country gets the business country, by name, as one added by hand does (t17 R2)', () => {
    const rw = { currency: 'RWF', country: 'RW' };
    expect(rowToRecord('contacts', { name: 'Aline', phone: '0788 123 456' }, rw)).toEqual({
      ok: true,
      data: { name: 'Aline', phone: '+250788123456', country: 'Rwanda' },
    });
    expect(rowToRecord('contacts', { name: 'Aline' }, { currency: 'RWF', country: 'Rwanda' })).toEqual({
      ok: true,
      data: { name: 'Aline', country: 'Rwanda' },
    });
    // The file's own country wins; without a business country nothing is guessed.
    expect(rowToRecord('contacts', { name: 'Wanjiru', country: 'Kenya' }, rw)).toMatchObject({ data: { country: 'Kenya' } });
    expect(rowToRecord('contacts', { name: 'Ada' }, { currency: 'NGN' })).toEqual({ ok: true, data: { name: 'Ada' } });
  });
  it('guesses columns from usual headings', () => {
    expect(guessMapping('contacts', ['Customer Name', 'E-mail', 'Phone Number', 'Town'])).toMatchObject({ name: 0, email: 1, phone: 2, city: 3, address: -1 });
    expect(guessMapping('catalogs', ['Product', 'Price', 'SKU'])).toMatchObject({ name: 0, unit_price: 1, sku: 2 });
  });
  it('a phone is read as the server reads it: local numbers with the business country become E.164, others are problems (issue 22)', () => {
    const ng = { currency: 'NGN', country: 'Nigeria' };
    expect(rowToRecord('contacts', { name: 'Ada', phone: '0803 123 4567' }, ng)).toEqual({
      ok: true,
      data: { name: 'Ada', phone: '+2348031234567', country: 'Nigeria' },
    });
    // The row's own country wins over the business's.
    expect(rowToRecord('contacts', { name: 'Wanjiru', phone: '0710000000', country: 'Kenya' }, ng)).toEqual({
      ok: true,
      data: { name: 'Wanjiru', phone: '+254710000000', country: 'Kenya' },
    });
    // Ten digits are not a Nigerian number: the server refuses it, so the preview shows it.
    const bad = rowToRecord('contacts', { name: 'Bayo', phone: '0710000000' }, ng);
    expect(bad.ok).toBe(false);
    expect(english('contacts', bad)).toEqual({
      ok: false,
      errors: { phone: 'Phone: This is not a valid Nigeria phone number. Type it like 0802 123 4567 or +234 802 123 4567.' },
    });
    // Without any country a local number cannot be read.
    expect(rowToRecord('contacts', { name: 'Ada', phone: '0803 123 4567' }, { currency: 'NGN' }).ok).toBe(false);
  });
  it('a good client row becomes fields; a bad one says what is wrong in words', () => {
    expect(rowToRecord('contacts', { name: ' Ada ', email: 'ada@example.com', phone: '+234 803 123 4567' }, { currency: 'NGN' })).toEqual({
      ok: true,
      data: { name: 'Ada', email: 'ada@example.com', phone: '+2348031234567' },
    });
    const bad = rowToRecord('contacts', { name: '', email: 'not-an-email' }, { currency: 'NGN' });
    // Codes and values, not words: each screen says them in its language.
    expect(bad).toEqual({
      ok: false,
      errors: { name: { code: 'required' }, email: { code: 'invalid', message: 'Not a valid e-mail address', rule: { code: 'email', params: {} } } },
    });
    expect(english('contacts', bad)).toEqual({
      ok: false,
      errors: { name: 'Name is required', email: 'E-mail: Not a valid e-mail address' },
    });
  });
  it('catalog prices and expense amounts are read as money in minor units', () => {
    expect(rowToRecord('catalogs', { name: 'Rice', unit_price: '1,500.50' }, { currency: 'NGN' })).toEqual({
      ok: true,
      data: { name: 'Rice', unit_price: 150_050 },
    });
    expect(english('catalogs', rowToRecord('catalogs', { name: 'Rice', unit_price: 'ten' }, { currency: 'NGN' }))).toEqual({
      ok: false,
      errors: { unit_price: 'Unit price: "ten" is not an amount (use digits, like 1500.00)' },
    });
    const e = rowToRecord('expenses', { date: '05/03/2026', amount: '250', category: 'Transport', payment_method: 'Mobile money' }, { currency: 'ngn' });
    expect(e).toEqual({
      ok: true,
      data: {
        date: '2026-03-05',
        amount: 25_000,
        currency: 'NGN',
        category: 'Transport',
        vendor: '',
        description: '',
        payment_method: 'mobile_money',
        // No input tax on an imported expense (issue 26).
        input_tax_rate_bps: null,
        input_tax_amount: null,
        input_tax_inclusive: true,
        input_tax: 0,
        // In the business's currency: no exchange rate.
        exchange_rate: null,
        // An imported expense has its amount (issue 29: not one to be read from a photo).
        amount_pending: null,
      },
    });
    const bad = rowToRecord('expenses', { date: '31/02/2026', amount: '-5', payment_method: 'cheque' }, { currency: 'NGN' });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.errors.date).toEqual({ code: 'notDate', value: '31/02/2026', example: '05/03/2026' });
    const words = english('expenses', bad);
    expect(!words.ok && words.errors).toEqual({
      date: 'Date: "31/02/2026" is not a date (use 2026-03-05 or 05/03/2026)',
      amount: 'Amount: use an amount of 0 or more',
      payment_method: 'Payment method: use one of cash, bank transfer, mobile money, card',
    });
  });
  it('an expense row keeps the input tax and exchange rate the export wrote (a file exported and imported again loses nothing)', () => {
    const row = { date: '2026-03-04', amount: '116', currency: 'USD', category: 'Stock', input_tax: '16', exchange_rate: '26,80' };
    const usd = rowToRecord('expenses', row, { currency: 'ZWG' });
    expect(usd).toEqual({
      ok: true,
      data: expect.objectContaining({
        amount: 11_600,
        currency: 'USD',
        input_tax_amount: 1_600,
        input_tax_inclusive: true,
        input_tax: 1_600,
        exchange_rate: 26.8,
      }),
    });
    // Read back through the export: the same two columns.
    const exported = expensesTable([(usd.ok ? usd.data : {}) as Parameters<typeof expensesTable>[0][number]]);
    expect(exported.rows[0]?.slice(-2)).toEqual([16, 26.8]);
    // In the business's own currency a rate means nothing: left out. A zero tax is no tax.
    const home = rowToRecord('expenses', { ...row, currency: '', input_tax: '0', exchange_rate: '1' }, { currency: 'ZWG' });
    expect(home.ok && home.data).toMatchObject({ currency: 'ZWG', exchange_rate: null, input_tax_amount: null });
    // Problems name the column, in the words the preview shows.
    const wrong = english('expenses', rowToRecord('expenses', { ...row, input_tax: 'ten', exchange_rate: '26,80,1' }, { currency: 'ZWG' }));
    expect(!wrong.ok && wrong.errors).toEqual({
      input_tax: 'Input tax (VAT): "ten" is not an amount (use digits, like 1500.00)',
      exchange_rate: 'Exchange rate: Enter the exchange rate as a number, like 1530.25',
    });
    const above = english('expenses', rowToRecord('expenses', { ...row, input_tax: '200' }, { currency: 'ZWG' }));
    expect(!above.ok && above.errors).toEqual({ input_tax: 'Input tax (VAT): The tax cannot be more than the amount it is part of' });
  });
  it('an expense row with no amount but who or what it paid for is a pending expense (issue 29); a wrong amount stays a problem', () => {
    const pending = rowToRecord('expenses', { date: '05/03/2026', amount: '', vendor: 'Total Energies', category: 'Transport' }, { currency: 'KES' });
    expect(pending).toEqual({
      ok: true,
      data: expect.objectContaining({
        date: '2026-03-05',
        amount: 0,
        amount_pending: 'to_type',
        vendor: 'Total Energies',
        category: 'Transport',
        currency: 'KES',
      }),
    });
    // Kept out of totals like an expense saved offline with its photo.
    expect(pending.ok && isExpensePending(pending.data)).toBe(true);
    expect(pending.ok && expenseCounts(pending.data)).toBe(false);
    // What it was for is enough (no vendor); the category alone too.
    expect(rowToRecord('expenses', { date: '2026-03-05', amount: '  ', description: 'Taxi to market' }, { currency: 'KES' })).toMatchObject({
      ok: true,
      data: { amount: 0, amount_pending: 'to_type' },
    });
    // A row that says nothing of what was paid for still asks for its amount.
    expect(english('expenses', rowToRecord('expenses', { date: '2026-03-05', amount: '' }, { currency: 'KES' }))).toEqual({
      ok: false,
      errors: { amount: 'Amount: enter an amount' },
    });
    // An amount that cannot be read, or of 0, is its row's problem, not a pending expense.
    for (const [amount, message] of [
      ['ten', 'Amount: "ten" is not an amount (use digits, like 1500.00)'],
      ['0', 'Amount: enter an amount more than 0'],
      ['-300', 'Amount: use an amount of 0 or more'],
    ]) {
      expect(english('expenses', rowToRecord('expenses', { date: '2026-03-05', amount, vendor: 'Total Energies' }, { currency: 'KES' }))).toEqual({
        ok: false,
        errors: { amount: message },
      });
    }
    // A date that cannot be read is still a problem of a pending row.
    expect(english('expenses', rowToRecord('expenses', { date: '31/02/2026', amount: '', vendor: 'Total Energies' }, { currency: 'KES' }))).toEqual({
      ok: false,
      errors: { date: 'Date: "31/02/2026" is not a date (use 2026-03-05 or 05/03/2026)' },
    });
  });
  it('cents a currency does not have are refused, never rounded unseen (t16 F5)', () => {
    const row = (amount: string, currency: string) =>
      english('expenses', rowToRecord('expenses', { date: '2026-11-20', amount, vendor: 'Umeme' }, { currency }));
    expect(row('85000.50', 'UGX')).toEqual({ ok: false, errors: { amount: 'Amount: "85000.50": UGX has no decimals. Type it like 85000' } });
    expect(row('1500.255', 'KES')).toEqual({ ok: false, errors: { amount: 'Amount: "1500.255": at most 2 decimals, like 1500.25' } });
    // Zeros past the currency's decimals change nothing: read as typed.
    expect(row('85,000.00', 'UGX')).toMatchObject({ ok: true, data: { amount: 85000 } });
    expect(row('1500.50', 'KES')).toMatchObject({ ok: true, data: { amount: 150050 } });
  });
  it('dates from sheets', () => {
    expect(['2026-3-5', '5/3/2026', '05.03.2026', '2026-02-29', 'March 5'].map((s) => parseSheetDate(s))).toEqual([
      '2026-03-05',
      '2026-03-05',
      '2026-03-05',
      null,
      null,
    ]);
  });
  it('duplicates: same name and the same phone (any spacing) or e-mail', () => {
    const a = duplicateKeys('contacts', { name: 'Ada', phone: '+234 801 000', email: '' });
    const b = duplicateKeys('contacts', { name: 'ada ', phone: '234801000', email: 'x@y.z' });
    const c = duplicateKeys('contacts', { name: 'Ada', phone: '', email: 'other@y.z' });
    expect(a.some((k) => b.includes(k))).toBe(true);
    expect(c.some((k) => a.includes(k))).toBe(false);
  });
});

describe('CSV exports', () => {
  const names = new Map([[REPORT_FIXTURE_INVOICES[0]!.contact_id, 'Ada Stores']]);
  it('clients and expenses in major units', () => {
    expect(clientsTable([{ id: '1', name: 'Ada', email: 'a@b.c' }]).rows).toEqual([['Ada', 'a@b.c', '', '', '', '', '', '']]);
    expect(expensesTable([{ date: '2026-03-01', amount: 150_050, currency: 'NGN', category: 'Rent' }]).rows[0]).toEqual([
      '2026-03-01',
      1500.5,
      'NGN',
      'Rent',
      '',
      '',
      '',
      '',
      0,
      '',
    ]);
    // Issue 29: an amount still to be read from the photo is left empty, never 0, and its state says why.
    const pending = expensesTable([
      { date: '2026-03-02', amount: 0, currency: 'KES', category: '', vendor: 'Naivas', amount_pending: 'to_read' },
      { date: '2026-03-03', amount: 0, currency: 'KES', category: 'Other', amount_pending: 'unreadable' },
    ]);
    expect(pending.rows.map((r) => [r[1], r[7], r[8]])).toEqual([
      ['', 'to_read', ''],
      ['', 'unreadable', ''],
    ]);
    // The VAT it carries in its own currency, and the rate it was bought at (a dollar bill paid from a shilling till).
    const foreign = expensesTable([{ date: '2026-03-04', amount: 11_600, currency: 'USD', category: 'Stock', input_tax: 1_600, exchange_rate: 129.5 }]);
    expect(foreign.headers.slice(-2)).toEqual(['input_tax', 'exchange_rate']);
    expect(foreign.rows[0]?.slice(-2)).toEqual([16, 129.5]);
  });
  it('invoices: one row per line, a summary row per invoice, a row per payment', () => {
    const inv = [REPORT_FIXTURE_INVOICES[0]!];
    expect(invoiceLinesTable(inv, names).rows).toEqual([
      ['', 'invoice', 'partially_paid', '2026-03-05', '2026-03-20', 'Ada Stores', 'NGN', 'Goods 1', 1, 1000, 1000],
    ]);
    expect(invoiceSummaryTable(inv, names).rows[0]!.slice(7)).toEqual([1000, 0, 0, 0, 1000, 500, 500]);
    expect(paymentsTable(inv, names).rows).toEqual([
      ['', 'Ada Stores', '2026-03-10', 300, 'NGN', 'cash', ''],
      ['', 'Ada Stores', '2026-04-02', 200, 'NGN', 'cash', ''],
    ]);
  });
});

describe('CSV in the currency’s decimals and with taxes and fees apart (issue 23)', () => {
  it('a CFA franc invoice exports whole francs; taxes and fees in their own columns', () => {
    const inv = [
      {
        id: 'x',
        number: 'INV-0009',
        currency: 'XAF',
        contact_id: 'c',
        lines: [{ id: 'l', description: 'Pagne', quantity: 1, unit_price: 1_500 }],
        fees: [
          { id: 't', name: 'TVA', kind: 'tax' as const, calculation: 'percentage' as const, percentage_bps: 1_000, amount: 0, inclusive: true },
          { id: 'f', name: 'Livraison', kind: 'fee' as const, calculation: 'fixed' as const, percentage_bps: 0, amount: 500, inclusive: false },
        ],
        fee_ids: ['t', 'f'],
      },
    ];
    const table = invoiceSummaryTable(inv, new Map([['c', 'Mme Ebogo']]));
    const row = Object.fromEntries(table.headers.map((h, i) => [h, table.rows[0]![i]]));
    expect(row).toMatchObject({ subtotal: 1_500, taxes: 136, fees: 500, total: 2_000 });
  });
});

describe('invoice summary: each tax by name and rate, fees apart (issue 26)', () => {
  it('gives one column per tax and fee, and what credit notes took off', () => {
    const vat = { id: 'v', name: 'VAT', kind: 'tax' as const, calculation: 'percentage' as const, percentage_bps: 1600, amount: 0, inclusive: false };
    const low = { id: 'l', name: 'VAT', kind: 'tax' as const, calculation: 'percentage' as const, percentage_bps: 800, amount: 0, inclusive: false };
    const levy = { id: 'f', name: 'Levy', kind: 'fee' as const, calculation: 'fixed' as const, percentage_bps: 0, amount: 500, inclusive: false };
    const line = (id: string, unit_price: number, fee_ids: string[] = []) => ({ id, description: 'x', quantity: 1, unit_price, fee_ids });
    const table = invoiceSummaryTable(
      [
        {
          id: 'a',
          number: 'INV-1',
          currency: 'KES',
          lines: [line('1', 10_000), line('2', 5_000, ['l'])],
          fees: [vat, low, levy],
          fee_ids: ['v', 'f'],
          credited_total: 1_160,
        },
        { id: 'b', number: 'INV-2', currency: 'KES', lines: [line('1', 2_000)], fees: [vat], fee_ids: ['v'] },
      ],
      new Map(),
    );
    expect(table.headers.slice(14)).toEqual(['credited', 'tax: VAT 16%', 'tax: VAT 8%', 'fee: Levy']);
    // INV-1: VAT 16% on 100 + 50 = 24.00, VAT 8% on 50 = 4.00, levy 5.00; total 150 + 28 + 5 = 183.00, 11.60 credited.
    expect(table.rows[0]!.slice(9)).toEqual([28, 5, 183, 0, 171.4, 11.6, 24, 4, 5]);
    expect(table.rows[1]!.slice(14)).toEqual([0, 3.2, 0, 0]);
  });

  it('gives a credit note no balance: nobody owes it (D10)', () => {
    const vat = { id: 'v', name: 'VAT', kind: 'tax' as const, calculation: 'percentage' as const, percentage_bps: 1600, amount: 0, inclusive: false };
    const table = invoiceSummaryTable(
      [
        {
          id: 'c',
          kind: 'credit_note',
          number: 'CN-0001',
          currency: 'KES',
          lines: [{ id: '1', description: 'Cement', quantity: 1, unit_price: 100_000 }],
          fees: [vat],
          fee_ids: ['v'],
        },
      ],
      new Map(),
    );
    const row = Object.fromEntries(table.headers.map((h, i) => [h, table.rows[0]![i]]));
    expect(row).toMatchObject({ kind: 'credit_note', total: 1_160, paid: 0, balance: 0 });
  });
});

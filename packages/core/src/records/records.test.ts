import { describe, expect, it } from 'vitest';
import {
  CONTACT_DEFAULTS,
  contactFields,
  contactPermalink,
  defaultFeesForCountry,
  defaultInputTaxBps,
  isTaxInvoiceIssuer,
  EXPENSE_CATEGORIES,
  expenseCategoryKey,
  EXPENSE_DEFAULTS,
  expenseFields,
  computeInvoiceTotals,
  PAYMENT_METHODS,
  slugify,
  STANDARD_VAT,
  syncPushBody,
} from '../index';

describe('permalinks', () => {
  it('slugifies names to lower-case ASCII with dashes', () => {
    expect(slugify('Ade Bello & Sons')).toBe('ade-bello-sons');
    expect(slugify('  Émeka Ọkafor ')).toBe('emeka-okafor');
    expect(slugify('!!!')).toBe('client');
    expect(slugify('a'.repeat(100))).toHaveLength(60);
  });

  it('adds a suffix from the id when the slug is taken', () => {
    const id = '0f8e2c7a-1111-4222-8333-444455556666';
    expect(contactPermalink('Zed', id)).toBe('zed');
    expect(contactPermalink('Zed', id, (c) => c === 'zed')).toBe('zed-0f8e2c');
    expect(contactPermalink('Zed', id, (c) => c === 'zed' || c === 'zed-0f8e2c')).toBe('zed-0f8e2c7a11');
  });
});

describe('record schemas', () => {
  it('validate a contact with defaults', () => {
    expect(contactFields.parse({ ...CONTACT_DEFAULTS, name: ' Ada ' }).name).toBe('Ada');
    expect(contactFields.safeParse({ ...CONTACT_DEFAULTS, name: '' }).success).toBe(false);
    expect(contactFields.safeParse({ ...CONTACT_DEFAULTS, name: 'A', email: 'nope' }).success).toBe(false);
  });

  it('refuse non-positive or fractional expense amounts and impossible dates', () => {
    const ok = { ...EXPENSE_DEFAULTS, amount: 100, currency: 'NGN', date: '2026-11-22' };
    expect(expenseFields.safeParse(ok).success).toBe(true);
    expect(expenseFields.safeParse({ ...ok, amount: 0 }).success).toBe(false);
    expect(expenseFields.safeParse({ ...ok, amount: -1 }).success).toBe(false);
    expect(expenseFields.safeParse({ ...ok, amount: 1.5 }).success).toBe(false);
    expect(expenseFields.safeParse({ ...ok, date: '2026-02-29' }).success).toBe(false);
    expect(expenseFields.safeParse({ ...ok, date: '2028-02-29' }).success).toBe(true);
    expect(expenseFields.safeParse({ ...ok, payment_method: 'cheque' }).success).toBe(false);
  });

  it('list the default categories and payment methods', () => {
    expect(EXPENSE_CATEGORIES).toHaveLength(10);
    expect(EXPENSE_CATEGORIES).toContain('Airtime & Data');
    expect(PAYMENT_METHODS).toEqual(['cash', 'bank_transfer', 'mobile_money', 'card']);
  });

  it('give each default category one label key and none to a typed one', () => {
    const keys = EXPENSE_CATEGORIES.map((c) => expenseCategoryKey(c));
    expect(keys.every((k) => typeof k === 'string' && /^[a-z]+$/.test(k))).toBe(true);
    expect(new Set(keys).size).toBe(EXPENSE_CATEGORIES.length);
    expect(expenseCategoryKey('Airtime & Data')).toBe('airtime');
    expect(expenseCategoryKey('Fuel')).toBeUndefined();
    expect(expenseCategoryKey('toString')).toBeUndefined();
    expect(expenseCategoryKey('rent')).toBeUndefined();
  });

  it('limit a push to 500 mutations', () => {
    const m = { mutation_id: crypto.randomUUID(), collection: 'contacts', op: 'upsert', id: crypto.randomUUID(), data: {} };
    expect(syncPushBody.safeParse({ mutations: Array(500).fill(m) }).success).toBe(true);
    expect(syncPushBody.safeParse({ mutations: Array(501).fill(m) }).success).toBe(false);
  });
});

describe('default fees', () => {
  it('a South African business with a VAT number issues tax invoices (t22 T3); none without one, nor elsewhere', () => {
    expect(isTaxInvoiceIssuer('ZA', '4123456789')).toBe(true);
    expect(isTaxInvoiceIssuer('South Africa', '4123456789')).toBe(true);
    expect(isTaxInvoiceIssuer('ZA', '  ')).toBe(false);
    expect(isTaxInvoiceIssuer('ZA', null)).toBe(false);
    expect(isTaxInvoiceIssuer('UG', '1000123456')).toBe(false);
    expect(isTaxInvoiceIssuer(null, '1')).toBe(false);
  });
  it("start an expense's input tax at the country's VAT plus levies, not Kenya's 16% (t19 N4)", () => {
    expect(defaultInputTaxBps('NG')).toBe(750);
    expect(defaultInputTaxBps('Nigeria')).toBe(750);
    expect(defaultInputTaxBps('KE')).toBe(1600);
    expect(defaultInputTaxBps('GH')).toBe(2000);
    expect(defaultInputTaxBps('RW')).toBe(1800);
    expect(defaultInputTaxBps('CM')).toBe(1925);
    expect(defaultInputTaxBps('ZW')).toBe(1550);
    expect(defaultInputTaxBps('US')).toBe(0);
    expect(defaultInputTaxBps(null)).toBe(0);
  });
  it('seed 7.5% VAT for Nigeria and the standard VAT of the supported countries', () => {
    expect(defaultFeesForCountry('Nigeria')).toEqual([
      { name: 'VAT 7.5%', kind: 'tax', calculation: 'percentage', percentage_bps: 750, amount: 0, inclusive: false, default_on: true, subject_to_tax: false },
    ]);
    expect(defaultFeesForCountry('NG')[0].percentage_bps).toBe(750);
    expect(defaultFeesForCountry('Kenya')[0].percentage_bps).toBe(1600);
    // Zimbabwe's standard rate is 15.5% from 1 January 2026 (ZIMRA), written '15.5%' in the name.
    expect(defaultFeesForCountry('Zimbabwe')[0]).toMatchObject({ name: 'VAT 15.5%', percentage_bps: 1550 });
    expect(defaultFeesForCountry('Cameron')[0]).toMatchObject({ name: 'VAT 19.25%', percentage_bps: 1925 });
    // Named in the owner's language (issue 19): French says TVA; English and Kiswahili say VAT.
    expect(defaultFeesForCountry('Cameron', 'fr')[0]).toMatchObject({ name: 'TVA 19,25\u00a0%', percentage_bps: 1925 });
    expect(defaultFeesForCountry('Cameron', 'sw')[0]).toMatchObject({ name: 'VAT 19.25%', percentage_bps: 1925 });
    expect(defaultFeesForCountry('Rwanda', 'fr')[0]).toMatchObject({ name: 'TVA 18\u00a0%' });
    expect(STANDARD_VAT.CM.note).toMatch(/17\.5% VAT plus the 10% additional council tax/);
    expect(defaultFeesForCountry('Kenya', 'sw')[0].name).toBe('VAT 16%');
    expect(defaultFeesForCountry('Kenya', 'en')[0].name).toBe('VAT 16%');
    expect(defaultFeesForCountry('Ghana')[0].percentage_bps).toBe(1500);
    expect(STANDARD_VAT.GH.note).toMatch(/Act 1151/);
    expect(Object.keys(STANDARD_VAT)).toHaveLength(11);
  });

  it('seed Kenya’s and South Africa’s VAT inside the prices: a KSh210 item sells for KSh210 with VAT 28.97 in it (t17 K1)', () => {
    for (const country of ['Kenya', 'South Africa']) expect(defaultFeesForCountry(country)[0].inclusive).toBe(true);
    for (const country of ['Nigeria', 'Rwanda', 'Cameron', 'Tanzania', 'Uganda', 'Zambia', 'Zimbabwe'])
      expect(defaultFeesForCountry(country).every((f) => !f.inclusive)).toBe(true);
    // t18 T1: Ghana's and Ethiopia's VAT laws have consumer prices stated with the VAT in them (Ghana's levies too).
    for (const country of ['Ghana', 'Ethiopia']) expect(defaultFeesForCountry(country).every((f) => f.inclusive)).toBe(true);
    expect(defaultFeesForCountry('Ghana')).toHaveLength(3);
    const [vat] = defaultFeesForCountry('Kenya');
    const t = computeInvoiceTotals({ lines: [{ id: 'l', quantity: 1, unit_price: 21_000, fee_ids: [] }], fees: [{ ...vat, id: 'vat' }], fee_ids: ['vat'] });
    expect([t.subtotal, t.tax_total, t.total_due, t.inclusive_total]).toEqual([21_000, 2_897, 21_000, 2_897]);
  });

  it('seed Ghana’s VAT 15% with NHIL 2.5% and GETFund 2.5% on the same value, 20% in all (t17 G1, Act 1151)', () => {
    const fees = defaultFeesForCountry('Ghana');
    expect(fees.map((f) => [f.name, f.percentage_bps, f.kind, f.inclusive, f.default_on])).toEqual([
      ['VAT 15%', 1500, 'tax', true, true],
      ['NHIL 2.5%', 250, 'tax', true, true],
      ['GETFund 2.5%', 250, 'tax', true, true],
    ]);
    expect(defaultFeesForCountry('Ghana', 'fr').map((f) => f.name)).toEqual(['TVA 15\u00a0%', 'NHIL 2,5\u00a0%', 'GETFund 2,5\u00a0%']);
    // t17's invoice with the taxes on top (an owner's choice): 3 × ₵1,250.50 → ₵3,751.50, VAT 562.73, each levy 93.79,
    // ₵4,501.81 (no levy on another).
    const onTop = fees.map((f, i) => ({ ...f, id: `f${i}`, inclusive: false }));
    const t = computeInvoiceTotals({ lines: [{ id: 'l', quantity: 3, unit_price: 125_050, fee_ids: [] }], fees: onTop, fee_ids: onTop.map((f) => f.id) });
    expect(t.fees.map((f) => f.amount)).toEqual([56_273, 9_379, 9_379]);
    expect(t.total_due).toBe(450_181);
    // As seeded (t18 T1), inside the shelf price: ₵3,751.50 holds VAT 468.94 and each levy 78.16 (20% in all).
    const inside = fees.map((f, i) => ({ ...f, id: `f${i}` }));
    const s = computeInvoiceTotals({ lines: [{ id: 'l', quantity: 3, unit_price: 125_050, fee_ids: [] }], fees: inside, fee_ids: inside.map((f) => f.id) });
    expect(s.fees.map((f) => f.amount)).toEqual([46_894, 7_816, 7_816]);
    expect(s.total_due).toBe(375_150);
  });

  it('seed nothing elsewhere', () => {
    expect(defaultFeesForCountry('United States')).toEqual([]);
    expect(defaultFeesForCountry('')).toEqual([]);
    expect(defaultFeesForCountry(undefined)).toEqual([]);
  });

  it('seeded fees are computed by the one invoice maths (integer minor units)', () => {
    const [vat] = defaultFeesForCountry('Nigeria');
    const line = (unit_price: number) => [{ id: 'l', quantity: 1, unit_price, fee_ids: [] }];
    const fee = { ...vat, id: 'vat' };
    expect(computeInvoiceTotals({ lines: line(10_000), fees: [fee], fee_ids: ['vat'] }).tax_total).toBe(750);
    expect(computeInvoiceTotals({ lines: line(10_750), fees: [{ ...fee, inclusive: true }], fee_ids: ['vat'] }).tax_total).toBe(750);
  });
});

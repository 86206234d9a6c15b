import { describe, expect, it } from 'vitest';
import { computeInvoiceTotals } from '../amounts/math';
import {
  businessFiscalises,
  fiscalAuthorityOf,
  fiscalCountryRefusal,
  DEFAULT_ITEM_CLASS,
  FiscalBandError,
  fiscalKindOf,
  fiscalDocument,
  fiscalErrorFix,
  fiscalLockedChanges,
  fiscalLockMessage,
  FISCAL_IMMUTABLE_MESSAGE,
  FISCAL_IN_FLIGHT_MESSAGE,
  FISCAL_IMMUTABLE_TEST_MESSAGE,
  FISCAL_IN_FLIGHT_TEST_MESSAGE,
  fiscalQrText,
  fiscalRetryDelaySeconds,
  fiscalStrings,
  groupsOfFour,
  itemClassOrDefault,
  isKraPin,
  parseFiscalQrText,
  receiptLabel,
  receiptType,
  taxBandOf,
  taxPinError,
} from '.';
import { documentText } from '../language';
import { fiscalSettingsBody } from './api';

const vat16 = { id: 'f16', name: 'VAT', kind: 'tax' as const, calculation: 'percentage' as const, percentage_bps: 1600, amount: 0, inclusive: true };
const vat8 = { ...vat16, id: 'f8', name: 'VAT 8%', percentage_bps: 800, inclusive: false };
const zero = { ...vat16, id: 'z', name: 'Zero-rated', percentage_bps: 0 };
const exempt = { ...vat16, id: 'x', name: 'VAT exempt', percentage_bps: 0 };
const delivery = { id: 'd', name: 'Delivery', kind: 'fee' as const, calculation: 'fixed' as const, percentage_bps: 0, amount: 20_000, inclusive: false };

describe('tax bands', () => {
  it('maps Duka taxes onto A exempt, B 16%, C zero-rated, D non-VAT, E 8%', () => {
    expect(taxBandOf([])).toEqual({ band: 'D' });
    expect(taxBandOf([vat16])).toEqual({ band: 'B' });
    expect(taxBandOf([vat8])).toEqual({ band: 'E' });
    expect(taxBandOf([zero])).toEqual({ band: 'C' });
    expect(taxBandOf([exempt])).toEqual({ band: 'A' });
    expect(taxBandOf([{ ...zero, name: 'Msamaha wa VAT' }])).toEqual({ band: 'A' });
    expect(taxBandOf([{ ...vat16, percentage_bps: 750 }]).band).toBeNull();
    expect(taxBandOf([vat16, vat8]).band).toBeNull();
    expect(taxBandOf([{ ...vat16, calculation: 'fixed' }]).band).toBeNull();
  });

  it('builds a document whose bands add up to the invoice total to the minor unit', () => {
    const inv = {
      id: '8d7f2a3e-0000-4000-8000-000000000001',
      number: 'INV-0007',
      issue_date: '2026-11-25',
      currency: 'KES',
      lines: [
        { id: 'a', description: 'Sugar 2kg', quantity: 3, unit_price: 33_333, fee_ids: ['f16'] },
        { id: 'b', description: 'Bread', quantity: 1.5, unit_price: 6_001, fee_ids: ['f8'] },
        { id: 'c', description: 'Maize flour', quantity: 1, unit_price: 12_000, fee_ids: ['x'] },
        { id: 'e', description: 'Export', quantity: 2, unit_price: 50_000, fee_ids: ['z'] },
        { id: 'g', description: 'Advice', quantity: 1, unit_price: 10_000, fee_ids: [] },
      ],
      fees: [vat16, vat8, zero, exempt, delivery],
      fee_ids: ['d'],
      discount: { type: 'percentage' as const, value: 1000 },
    };
    const doc = fiscalDocument(inv, { kind: 'sale', fiscal_sequence: 12, buyer: { name: 'Wanjiru', pin: 'P051234567Q' } });
    const totals = computeInvoiceTotals(inv);
    expect(doc.total).toBe(totals.total_due);
    expect(doc.tax_total).toBe(totals.tax_total);
    // Sugar: 99 999 less 10% = 89 999 inclusive of 16%: tax = round(89 999 × 1600 / 11600) = 12 414.
    expect(doc.lines[0]).toMatchObject({ band: 'B', taxable: 89_999, tax: 12_414, discount: 10_000 });
    // Bread: 9 002 less 900 = 8 102, 8% added: 648 → 8 750. In eTIMS's terms (prices with their tax) the discount is
    // 900 × 8 750 / 8 102 = 972 and the price before it 9 722 for 1.5: prc × qty = splyAmt, splyAmt − dcAmt = taxable.
    expect(doc.lines[1]).toMatchObject({ band: 'E', taxable: 8_750, tax: 648, discount: 972, unit_price: 6_481 });
    for (const l of doc.lines) expect(Math.abs(Math.round(l.unit_price * l.quantity) - (l.taxable + l.discount))).toBeLessThanOrEqual(Math.ceil(l.quantity));
    expect(doc.lines.map((l) => l.band)).toEqual(['B', 'E', 'A', 'C', 'D', 'D']);
    expect(doc.lines[5]).toMatchObject({ name: 'Delivery', taxable: 20_000, tax: 0 });
    const b = doc.bands.find((x) => x.band === 'B')!;
    expect(b).toEqual({ band: 'B', rate_bps: 1600, taxable: 89_999, tax: 12_414 });
    expect(doc.bands.reduce((s, x) => s + x.taxable, 0)).toBe(doc.total);
  });

  it("sends a delivery fee subject to VAT in the band of the invoice's VAT, with its VAT (t18 Z1)", () => {
    const inv = {
      id: '8d7f2a3e-0000-4000-8000-000000000002',
      number: 'INV-0008',
      issue_date: '2026-11-25',
      currency: 'KES',
      lines: [{ id: 'a', description: 'Unga', quantity: 1, unit_price: 21_000 }],
      fees: [vat16, { ...delivery, subject_to_tax: true }],
      fee_ids: ['f16', 'd'],
    };
    const doc = fiscalDocument(inv, { kind: 'sale', fiscal_sequence: 13, buyer: { name: 'Wanjiru', pin: null } });
    // KSh200 delivery with 16% inside: VAT round(20 000 × 1600 / 11600) = 2 759, band B (it was a band-D line).
    expect(doc.lines[1]).toMatchObject({ name: 'Delivery', band: 'B', taxable: 20_000, tax: 2_759, fee: true });
    expect(doc.bands.find((x) => x.band === 'B')).toEqual({ band: 'B', rate_bps: 1600, taxable: 41_000, tax: 2_897 + 2_759 });
    expect(doc.total).toBe(computeInvoiceTotals(inv).total_due);
    expect(doc.tax_total).toBe(computeInvoiceTotals(inv).tax_total);
    // VAT added on top: the fee's line is KSh200 + 32 with the VAT in the band's tax.
    const on = fiscalDocument(
      {
        ...inv,
        fees: [
          { ...vat16, inclusive: false },
          { ...delivery, subject_to_tax: true },
        ],
      },
      { kind: 'sale', fiscal_sequence: 14, buyer: { name: 'W', pin: null } },
    );
    expect(on.lines[1]).toMatchObject({ band: 'B', taxable: 23_200, tax: 3_200 });
    expect(on.total).toBe(21_000 + 3_360 + 23_200);
  });

  it('refuses a line whose tax has no band, naming the line', () => {
    const inv = {
      id: 'x',
      number: 'INV-1',
      issue_date: '2026-11-25',
      currency: 'KES',
      lines: [{ id: 'a', description: 'Soap', quantity: 1, unit_price: 100, fee_ids: ['g'] }],
      fees: [{ ...vat16, id: 'g', name: 'GST', percentage_bps: 1500 }],
    };
    expect(() => fiscalDocument(inv, { kind: 'sale', fiscal_sequence: 1, buyer: { name: 'A', pin: null } })).toThrow(FiscalBandError);
    expect(() => fiscalDocument(inv, { kind: 'sale', fiscal_sequence: 1, buyer: { name: 'A', pin: null } })).toThrow(/Line 1 \(Soap\).*GST.*15%/);
  });
});

describe('QR text and grouping', () => {
  it('writes ddmmyyyy#hhmmss#cu#receipt#internaldata#signature and reads it back', () => {
    const at = new Date('2026-03-04T05:06:07Z');
    const text = fiscalQrText(at, 'KRACU0100000001', '101/500 NS', 'EAHSAV6ECUUXSY6PCCJYAUP6MI', 'QUII27MATATSHFRB');
    expect(text).toBe('04032026#050607#KRACU0100000001#101/500 NS#EAHSAV6ECUUXSY6PCCJYAUP6MI#QUII27MATATSHFRB');
    expect(parseFiscalQrText(text)).toEqual({
      at,
      control_unit_id: 'KRACU0100000001',
      receipt: '101/500 NS',
      internal_data: 'EAHSAV6ECUUXSY6PCCJYAUP6MI',
      signature: 'QUII27MATATSHFRB',
    });
    expect(parseFiscalQrText('31022026#000000#cu#1/1 NS#a#b')).toBeNull();
    expect(() => fiscalQrText(at, 'CU#1', '1/1 NS', 'a', 'b')).toThrow(/control unit id/);
  });

  it('groups internal data and signature in fours', () => {
    expect(groupsOfFour('EAHSAV6ECUUXSY6PCCJYAUP6MI')).toBe('EAHS-AV6E-CUUX-SY6P-CCJY-AUP6-MI');
    expect(groupsOfFour('QUII27MATATSHFRB', ' ')).toBe('QUII 27MA TATS HFRB');
    expect(groupsOfFour('')).toBe('');
  });

  it('labels receipts as number/total and type', () => {
    expect(receiptLabel(101, 500, receiptType('sale', false))).toBe('101/500 NS');
    expect(receiptType('credit_note', false)).toBe('NC');
    expect(receiptType('sale', true)).toBe('TS');
  });
});

describe('KRA PIN', () => {
  it('is a letter, 9 digits and a letter', () => {
    expect(isKraPin('P051234567Q')).toBe(true);
    expect(isKraPin(' a051234567q ')).toBe(true);
    expect(isKraPin('P05123456Q')).toBe(false);
    expect(isKraPin('P0512345678')).toBe(false);
    expect(isKraPin('1051234567Q')).toBe(false);
    expect(taxPinError('P05123456Q', 'Kenya')).toMatch(/letter, 9 digits/);
    expect(taxPinError('TIN-1234', 'Nigeria')).toBeNull();
    expect(taxPinError('', 'Kenya')).toBeNull();
  });
});

describe('immutability and retries', () => {
  it('names the printed fields an edit changes, and voiding', () => {
    const before = { number: 'INV-1', lines: [{ id: 'a', quantity: 1 }], notes: '', voided_at: null, payments: [] };
    expect(fiscalLockedChanges(before, { ...before, payments: [{ id: 'p' }] })).toEqual([]);
    expect(fiscalLockedChanges(before, { ...before, lines: [{ quantity: 1, id: 'a' }] })).toEqual([]);
    expect(fiscalLockedChanges(before, { ...before, lines: [{ id: 'a', quantity: 2 }], notes: 'x' })).toEqual(['lines', 'notes']);
    expect(fiscalLockedChanges(before, { ...before, voided_at: '2026-11-25T10:00:00Z' })).toEqual(['voided_at']);
  });

  it('says why a signed or in-flight document cannot be edited, with the words of the 409', () => {
    expect(fiscalLockMessage('fiscalised')).toBe(FISCAL_IMMUTABLE_MESSAGE);
    expect(FISCAL_IMMUTABLE_MESSAGE).toMatch(/Make a credit note/);
    expect(fiscalLockMessage('submitting')).toBe(FISCAL_IN_FLIGHT_MESSAGE);
    expect(fiscalLockMessage('provisional')).toBeNull();
    expect(fiscalLockMessage('fiscal_error')).toBeNull();
    expect(fiscalLockMessage(null)).toBeNull();
  });

  it('in TEST MODE never says KRA has the document (the lock, the in-flight wait, the fix, the printed words)', () => {
    const test = [
      fiscalLockMessage('fiscalised', true),
      fiscalLockMessage('submitting', true),
      fiscalErrorFix('authority', true),
      fiscalErrorFix(null, true),
      ...Object.values(fiscalStrings('en', true)),
    ];
    // Once the words saying nothing went there are set aside, KRA is not named at all.
    for (const text of test) expect(text?.replace(/\(?(not|nothing is) sent to KRA\)?/g, '')).not.toMatch(/KRA/);
    expect(fiscalLockMessage('fiscalised', true)).toBe(FISCAL_IMMUTABLE_TEST_MESSAGE);
    expect(FISCAL_IMMUTABLE_TEST_MESSAGE).toMatch(/TEST MODE \(not sent to KRA\).*Make a credit note/);
    expect(fiscalLockMessage('submitting', true)).toBe(FISCAL_IN_FLIGHT_TEST_MESSAGE);
    expect(fiscalStrings('en', true).awaiting).toBe('Awaiting its TEST MODE signature');
    expect(fiscalStrings('fr', true).sendAgain).toBe('Signer à nouveau en MODE TEST');
    expect(fiscalStrings('sw', true).awaitingNote).toMatch(/hakuna kinachotumwa KRA/);
    // Live mode keeps the KRA words.
    expect(fiscalStrings('en').awaiting).toBe('Awaiting KRA');
    expect(fiscalStrings('en').sendAgain).toBe('Send to KRA again');
    expect(fiscalErrorFix(null)).toMatch(/message from KRA/);
  });

  it('backs off from 30 s to an hour', () => {
    expect([1, 2, 3, 8, 20].map(fiscalRetryDelaySeconds)).toEqual([30, 60, 120, 3600, 3600]);
  });
});

describe('what goes to the authority', () => {
  it('a finished or sent invoice as a sale, a credit note as NC; drafts, quotes and void documents never', () => {
    expect(fiscalKindOf({ kind: 'invoice', finished_at: '2026-11-25T08:00:00Z' })).toBe('sale');
    expect(fiscalKindOf({ kind: 'invoice', sent_at: '2026-11-25T08:00:00Z' })).toBe('sale');
    expect(fiscalKindOf({ kind: 'invoice' })).toBeNull();
    expect(fiscalKindOf({ kind: 'invoice', sent_at: 'x', voided_at: 'y' })).toBeNull();
    expect(fiscalKindOf({ kind: 'quote', sent_at: 'x' })).toBeNull();
    // A counter sale is a tax invoice handed over as it is made (issue 26 F7); a void one is not sent.
    expect(fiscalKindOf({ kind: 'sale', sent_at: 'x', finished_at: 'x' })).toBe('sale');
    expect(fiscalKindOf({ kind: 'sale', sent_at: 'x', finished_at: 'x', voided_at: 'y' })).toBeNull();
    expect(fiscalKindOf({ kind: 'credit_note', credited_invoice_id: '8d7f2a3e-0000-4000-8000-000000000001' })).toBe('credit_note');
    expect(fiscalKindOf({ kind: 'credit_note', credited_invoice_id: null })).toBeNull();
  });

  it('a Kenyan business fiscalises (TEST MODE by default), another only with its own eTIMS settings', () => {
    expect(businessFiscalises('Kenya')).toBe(true);
    expect(businessFiscalises(' kenya ')).toBe(true);
    expect(businessFiscalises('Nigeria')).toBe(false);
    // Settings of another country's authority never make a business fiscalise (issue 26 F8).
    expect(fiscalAuthorityOf(' KENYA ')).toBe('etims');
    expect(fiscalAuthorityOf('Nigeria')).toBeNull();
    expect(fiscalCountryRefusal('etims', 'Kenya')).toBeNull();
    expect(fiscalCountryRefusal('etims', 'Nigeria')).toBe(
      'KRA eTIMS is for businesses in Kenya only. This business is in Nigeria: if that is wrong, change the country in Settings → Invoice settings first.',
    );
    expect(fiscalCountryRefusal('etims', null)).toMatch(/^KRA eTIMS is for businesses in Kenya only\. This business has no country set:/);
    expect(businessFiscalises(null)).toBe(false);
  });
});

describe('fiscal words (one translation system, issue 24)', () => {
  it("are the documents' i18next strings in the reader's language, English for any other", () => {
    expect(fiscalStrings('fr').awaiting).toBe('En attente de la KRA');
    expect(fiscalStrings('sw').creditHeading).toBe('Hati ya mkopo (KRA eTIMS)');
    expect(fiscalStrings('de').testBanner).toBe('TEST — NOT A TAX INVOICE');
    expect(fiscalStrings(null).buyerPin).toBe("Buyer's PIN");
    // Every line is classified for KRA: its catalog class, else the default (issue 26).
    expect(itemClassOrDefault('5059690800')).toBe('5059690800');
    for (const none of ['', '  ', null, undefined]) expect(itemClassOrDefault(none)).toBe(DEFAULT_ITEM_CLASS);
    expect(DEFAULT_ITEM_CLASS).toMatch(/^\d{8,10}$/);
    // TEST MODE (issue 26): nothing went to KRA, so no word says it did.
    for (const language of ['en', 'fr', 'sw'] as const) {
      const test = fiscalStrings(language, true);
      const real = fiscalStrings(language);
      for (const k of ['heading', 'creditHeading', 'fiscalised', 'refused'] as const) expect(test[k]).not.toBe(real[k]);
      expect(test.controlUnit).toBe(real.controlUnit);
    }
    expect(fiscalStrings('en', true)).toMatchObject({
      heading: 'Test signature (TEST MODE): not sent to KRA',
      fiscalised: 'Signed in TEST MODE (not sent to KRA)',
      refused: 'Not signed in TEST MODE',
    });
    for (const language of ['en', 'fr', 'sw'] as const) expect(fiscalStrings(language).heading).toBe(documentText(language, 'fiscalHeading'));
  });
});

describe('eTIMS settings body', () => {
  const body = { tin: 'P051234567Q', branch_id: '00', device_serial: 'KRA-1' };
  it('takes an http(s) address and refuses any other scheme with words to act on (fuzz: javascript:)', () => {
    expect(fiscalSettingsBody.safeParse({ ...body, api_base: 'https://etims-api-sbx.kra.go.ke/etims-api' }).success).toBe(true);
    for (const api_base of ['javascript:alert(1)', 'file:///etc/passwd', 'ftp://kra.go.ke']) {
      const r = fiscalSettingsBody.safeParse({ ...body, api_base });
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toContain('Use the eTIMS address KRA gave you');
    }
  });
});

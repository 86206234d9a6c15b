import { describe, expect, it } from 'vitest';
import { RECEIPT_CASES, TODAY } from './cases';
import { amountsIn, datesIn } from './amounts';
import { parseReceiptText } from './parse';
import { receiptDraftFromModel, receiptDraftSchema, receiptModelJsonSchema, receiptReadRequestSchema } from './model';

describe('receipt text → draft expense (issue 29)', () => {
  it.each(RECEIPT_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const draft = parseReceiptText(c.text, { currency: c.currency, today: TODAY });
    expect(receiptDraftSchema.safeParse(draft).success).toBe(true);
    expect(draft).toMatchObject(c.want);
    if (c.want.readable !== false) expect(draft.readable).toBe(true);
  });

  it('reads amounts in every printed style and leaves dates, times, percentages and codes out', () => {
    expect(amountsIn('1,234.56  1.234,56  15 000  2,500/=  12,50')).toEqual([1234.56, 1234.56, 15000, 2500, 12.5]);
    expect(amountsIn('Date 12/03/2026 14:32 VAT 16% INV1234 KES1,200')).toEqual([1200]);
    expect(amountsIn('2 x 190.00    380.00')).toEqual([190, 380]);
    expect(amountsIn('Coffee x2 560.00')).toEqual([560]);
    expect(amountsIn('VAT 16%       :     106.21         :        J')).toEqual([106.21]);
    expect(amountsIn('Receipt No: 000981  Till 123456  Ref 77120019')).toEqual([]);
    // OCR read "VAT 15%" as "VAT 15," on a tilted photo (t28): the tax amount after it is still read.
    expect(amountsIn('VAT 15,                     22.83')).toEqual([15, 22.83]);
    expect(amountsIn('TOTAL 152, 50')).toEqual([152.5]);
  });

  it('reads dates day first, month first only when the day cannot be a month', () => {
    expect(datesIn('03/04/2026')).toEqual(['2026-04-03']);
    expect(datesIn('04/23/2026')).toEqual(['2026-04-23']);
    expect(datesIn('le 4 novembre 2026')).toEqual(['2026-11-04']);
    expect(datesIn('Tarehe 7 Machi 2026')).toEqual(['2026-03-07']);
    expect(datesIn('31/02/2026')).toEqual([]);
  });

  it('reads a speck after the cents as a speck when the receipt shows its decimal mark', () => {
    const d = parseReceiptText('SHOP\nBREAD 65.00\nMILK 120.00\nTOTAL KES 185.008', { currency: 'KES', today: TODAY });
    expect(d.total).toBe(18_500);
    expect(parseReceiptText('BOUTIQUE\nRiz 1.500\nTOTAL 1.500 FCFA', { currency: 'XAF', today: TODAY }).total).toBe(1_500);
  });

  it('reads a year OCR slipped on (2024 for 2026) as this year only when that makes a recent date (t28)', () => {
    const date = (d: string) => parseReceiptText(`SHOP\nDate: ${d}\nTOTAL 10.00`, { currency: 'KES', today: TODAY }).date;
    expect(date('24/11/2024')).toBe('2026-11-24');
    expect(date('24/11/2028')).toBe('2026-11-24');
    expect(date('03/01/2024')).toBe('2024-01-03'); // a real old receipt: 3 January is not in the last six months
    expect(date('24/11/2025')).toBe('2025-11-24'); // last year is a real year, not a slip
    expect(date('24/11/2021')).toBe('2021-11-24'); // 1 is not mistaken for 6
  });

  it('leaves out the specks OCR reads beside a name printed in capitals', () => {
    expect(parseReceiptText('NAIVAS SUPERMARKET Ct\nTOTAL 10.00', { currency: 'KES', today: TODAY }).vendor).toBe('Naivas Supermarket');
    expect(parseReceiptText('"NAIVAS SUPERMARKET\nTOTAL 10.00', { currency: 'KES', today: TODAY }).vendor).toBe('Naivas Supermarket');
    expect(parseReceiptText('Mama Ngozi Kitchen\nTOTAL 10.00', { currency: 'NGN', today: TODAY }).vendor).toBe('Mama Ngozi Kitchen');
    // French OCR of a speckled photo: stray quote marks around words are specks; an apostrophe inside a word is kept.
    expect(parseReceiptText('“PHARMACIE DU’ CENTRE    -\nTOTAL TTC 12 500 FCFA', { currency: 'XAF', today: TODAY }).vendor).toBe('Pharmacie Du Centre');
    expect(parseReceiptText('‘CAVE L’ÉTOILE\nTOTAL TTC 12 500 FCFA', { currency: 'XAF', today: TODAY }).vendor).toBe('Cave L’étoile');
  });

  it('never takes the cash handed over or the change for the total', () => {
    const d = parseReceiptText('SHOP\nTOTAL 1,500.00\nCASH 2,000.00\nCHANGE 500.00', { currency: 'KES', today: TODAY });
    expect(d.total).toBe(150_000);
  });
});

describe('receipt read by a model', () => {
  const ctx = { currency: 'KES', today: TODAY };
  const answer = {
    readable: true,
    vendor: 'Naivas',
    date: '2026-11-14',
    currency: 'KES',
    total: 770,
    subtotal: 663.79,
    tax: 106.21,
    tax_rate_percent: 16,
    category: 'Stock / Inventory' as const,
  };
  it('turns the answer into minor units and checks subtotal + tax', () => {
    expect(receiptDraftFromModel(answer, ctx)).toMatchObject({
      total: 77_000,
      tax: 10_621,
      tax_rate_bps: 1600,
      currency: 'KES',
      currency_found: true,
      total_check: 'subtotal_tax',
    });
    expect(receiptDraftFromModel({ ...answer, currency: 'XAF', total: 7500, subtotal: null, tax: null }, ctx)).toMatchObject({ currency: 'XAF', total: 7500 });
  });
  it('refuses an answer that cannot be right: a future date, a tax as large as the total', () => {
    expect(receiptDraftFromModel({ ...answer, date: '2027-01-01' }, ctx)).toBeNull();
    expect(receiptDraftFromModel({ ...answer, tax: 770 }, ctx)).toBeNull();
  });
  it('asks for a JSON schema with every field, and takes only image data URLs', () => {
    expect(Object.keys((receiptModelJsonSchema().properties ?? {}) as object)).toEqual([
      'readable',
      'vendor',
      'date',
      'currency',
      'total',
      'subtotal',
      'tax',
      'tax_rate_percent',
      'category',
    ]);
    expect(receiptReadRequestSchema.safeParse({ image: 'data:image/jpeg;base64,AAAA' }).success).toBe(true);
    expect(receiptReadRequestSchema.safeParse({ image: 'data:application/pdf;base64,AAAA' }).success).toBe(false);
  });
});

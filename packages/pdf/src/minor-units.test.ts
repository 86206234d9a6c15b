import { describe, expect, it } from 'vitest';
import { clientStatement, receiptsOf } from '@duka/core';
import { buildInvoicePdf, type PdfInvoice, pdfParties } from './index';
import { buildReceiptPdf } from './receipt';
import { buildStatementPdf } from './statement';
import { pdfStrings as pdfText } from './testing';

/** Issue 23 item 16: once one amount of a document has kobo, every amount shows its minor units (NGN 33,505.00). */

const parties = pdfParties({ name: 'Ada Obi', company_name: 'Ada Tailoring', email: 'ada@example.com', country: 'Nigeria' }, { name: 'Chidi Okafor' });
const fee = { id: 'vat', name: 'VAT', kind: 'tax' as const, calculation: 'percentage' as const, percentage_bps: 750, amount: 0, inclusive: false };
const whole = (extra: Partial<PdfInvoice> = {}): PdfInvoice => ({
  kind: 'invoice',
  number: 'INV-0023',
  status: 'sent',
  issue_date: '2026-11-22',
  due_date: '2026-12-06',
  currency: 'NGN',
  lines: [{ id: 'a', description: 'Gown', quantity: 1, unit_price: 3_350_500 }],
  ...extra,
});

describe('minor units on every amount of a PDF', () => {
  it('a document with kobo anywhere shows them on every amount, in en and fr', async () => {
    // ₦33,505 + 7.5% VAT = ₦2,512.875 → ₦2,512.88: the line and subtotal are whole, the tax is not.
    const inv = whole({ fees: [fee], fee_ids: ['vat'] });
    const text = await pdfText(await buildInvoicePdf(inv, parties));
    expect(text).toContain('NGN 33,505.00');
    expect(text).toContain('NGN 2,512.88');
    expect(text).not.toContain('NGN 33,505');
    const fr = (await pdfText(await buildInvoicePdf(inv, { ...parties, language: 'fr' }))).map((s) => s.replace(/\s/g, ' '));
    expect(fr).toContain('33 505,00 NGN');
    expect(fr).toContain('2 512,88 NGN');
    expect(fr).not.toContain('33 505 NGN');
  });

  it('a document of whole amounts keeps them whole (SPEC: 0 decimals)', async () => {
    const text = await pdfText(await buildInvoicePdf(whole(), parties));
    expect(text).toContain('NGN 33,505');
    expect(text.some((s) => s.includes('33,505.00'))).toBe(false);
  });

  it('the same input gives the same bytes', async () => {
    const inv = whole({ fees: [fee], fee_ids: ['vat'] });
    expect(Buffer.from(await buildInvoicePdf(inv, parties)).equals(Buffer.from(await buildInvoicePdf(inv, parties)))).toBe(true);
  });
});

describe('minor units on every amount of a receipt and a statement PDF', () => {
  // ₦33,505 invoice, ₦2,512.88 paid: ₦30,992.12 left. The whole total is printed with its kobo beside them.
  const inv = {
    id: '11111111-1111-4111-8111-111111111111',
    kind: 'invoice',
    number: 'INV-0023',
    contact_id: 'c1',
    currency: 'NGN',
    issue_date: '2026-11-22',
    due_date: null,
    status: 'partially_paid',
    total_due: 3_350_500,
    balance: 3_099_212,
    payments: [{ id: 'abcdef01-2345-4678-89ab-cdef01234567', amount: 251_288, date: '2026-11-23', method: 'cash' as const, reference: '' }],
  };
  const business = { name: 'Ada Tailoring' };

  it('receipt: NGN 33,505.00 beside NGN 2,512.88, in en and fr; a whole receipt stays whole', async () => {
    const [r] = receiptsOf(inv, []);
    const text = await pdfText(await buildReceiptPdf(r!, { business, client: { name: 'Chidi Okafor' } }));
    expect(text).toContain('NGN 2,512.88');
    expect(text).toContain('NGN 33,505.00');
    expect(text).toContain('NGN 30,992.12');
    const fr = (await pdfText(await buildReceiptPdf(r!, { business, client: { name: 'Chidi Okafor' }, language: 'fr' }))).map((x) => x.replace(/\s/g, ' '));
    expect(fr).toContain('33 505,00 NGN');
    const [whole] = receiptsOf({ ...inv, payments: [{ ...inv.payments[0]!, amount: 250_000 }] }, []);
    const plain = await pdfText(await buildReceiptPdf(whole!, { business, client: { name: 'Chidi Okafor' } }));
    expect(plain).toContain('NGN 33,505');
    expect(plain.some((x) => x.includes('.00'))).toBe(false);
  });

  it('statement: every amount with kobo once one has them', async () => {
    const s = clientStatement([inv], 'c1', 'NGN', '2026-11-01', '2026-11-30');
    const text = await pdfText(await buildStatementPdf(s, { business, client: { name: 'Chidi Okafor' }, today: '2026-11-30' }));
    expect(text).toContain('NGN 33,505.00');
    expect(text).toContain('NGN 2,512.88');
    expect(text).toContain('NGN 0.00');
    expect(text).not.toContain('NGN 33,505');
  });
});

import { inflateSync } from 'node:zlib';
import { PDFDocument, PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { buildInvoicePdf, type PdfInvoice, pdfParties } from './index';

/** Issue 23 item 16: once one amount of a document has kobo, every amount shows its minor units (NGN 33,505.00). */
async function pdfText(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  const out: string[] = [];
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFRawStream)) continue;
    let body: string;
    try {
      body = inflateSync(Buffer.from(obj.contents)).toString('latin1');
    } catch {
      continue;
    }
    for (const m of body.matchAll(/<([0-9A-Fa-f]*)> Tj/g)) out.push(Buffer.from(m[1], 'hex').toString('latin1'));
  }
  return out;
}

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

import { describe, expect, it } from 'vitest';
import { buildInvoicePdf, type PdfInvoice, pdfParties } from './index';
import { pdfText } from './testing';
import { labelLines } from './text';
import { PDFDocument, StandardFonts } from 'pdf-lib';

// Issue 25: an invoice paid in TEST MODE keeps its real balance due and shows the TEST payments apart, with what the
// TEST journey left (core testModeBalance), as the owner's invoice and the TEST receipt say.
const base: PdfInvoice = {
  kind: 'invoice',
  number: 'INV-0025',
  status: 'sent',
  issue_date: '2026-11-22',
  due_date: '2026-12-06',
  currency: 'UGX',
  lines: [{ id: 'a', description: 'Sugar 50kg', quantity: 1, unit_price: 150_000 }],
  payments: [{ amount: 150_000, date: '2026-11-23', method: 'mobile_money', test: true }],
};
const parties = pdfParties({ name: 'Nakato', company_name: 'Nakato Traders', email: 'n@example.com', country: 'Uganda' }, { name: 'Okello' });

describe('the PDF of an invoice paid in TEST MODE', () => {
  it.each([
    ['en', 'Balance due', 'Paid in TEST MODE (no real money)', 'Balance after TEST MODE'],
    ['fr', 'Solde', 'Payé en MODE TEST (aucun argent réel)', 'Solde après le MODE TEST'],
    ['sw', 'Salio', 'Imelipwa kwa HALI YA MAJARIBIO (hakuna pesa halisi)', 'Salio baada ya HALI YA MAJARIBIO'],
  ] as const)('(%s) keeps the real balance due and shows the TEST payment and what it left apart', async (language, due, paid, left) => {
    // A long label wraps (t14 D4): its words are read across lines.
    const text = (await pdfText(await buildInvoicePdf(base, { ...parties, language }))).replace(/\s+/g, ' ');
    expect(text).toContain(due);
    expect(text).toContain(paid);
    expect(text).toContain(left);
  });

  it('settled in TEST MODE: nothing left after it; part paid: the rest; no TEST payment: no such lines', async () => {
    const settled = await pdfText(await buildInvoicePdf(base, parties));
    expect(settled).toMatch(/Balance after TEST MODE\s*USh0\b/);
    const part = await pdfText(await buildInvoicePdf({ ...base, payments: [{ ...base.payments![0]!, amount: 50_000 }] }, parties));
    expect(part).toMatch(/Balance after TEST MODE\s*USh100,000/);
    const none = await pdfText(await buildInvoicePdf({ ...base, payments: [] }, parties));
    expect(none).not.toContain('TEST MODE');
  });

  it('paid in TEST MODE, then partly credited: a TEST refund due, and the figures add up (t20 U4)', async () => {
    // Kampala: USh89,297 paid in TEST MODE, then USh4,484 credited: balance due USh84,813, TEST paid USh89,297.
    const inv = {
      ...base,
      lines: [{ id: 'a', description: 'Matooke', quantity: 1, unit_price: 89_297 }],
      payments: [{ ...base.payments![0]!, amount: 89_297 }],
      credited_total: 4_484,
    };
    const text = (await pdfText(await buildInvoicePdf(inv, parties))).replace(/\s+/g, ' ');
    expect(text).toContain('Balance due USh84,813');
    expect(text).toContain('Paid in TEST MODE (no real money) -USh89,297');
    expect(text).toContain('Refund due (TEST) USh4,484');
    expect(text).not.toContain('Balance after TEST MODE');
    expect(text.match(/Refund due \(TEST\)/g)).toHaveLength(2); // beside the balance at the top too
    expect(text).toContain('USh84,813 Balance due USh4,484 Refund due (TEST)');
    const fr = (await pdfText(await buildInvoicePdf(inv, { ...parties, language: 'fr' }))).replace(/\s+/g, ' ');
    expect(fr).toContain('Remboursement dû (TEST)');
  });

  it('the balance due at the top has the TEST figure beside it (t14 D1)', async () => {
    const part = await pdfText(await buildInvoicePdf({ ...base, payments: [{ ...base.payments![0]!, amount: 50_000 }] }, parties));
    expect(part.match(/Balance after TEST MODE/g)).toHaveLength(2);
    const top = part.slice(0, part.indexOf('Sugar 50kg'));
    expect(top).toContain('Balance after TEST MODE');
    expect(top).toContain('USh100,000'); // the app's money display (h81)
  });

  it('a long TEST label (Swahili) wraps so that no line runs into its amount (t14 D4)', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const label = 'Imelipwa kwa HALI YA MAJARIBIO (hakuna pesa halisi)';
    const amount = { text: '-UGX 30,000,000', font, size: 10 };
    const lines = labelLines(label, font, 10, amount, 250);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join(' ')).toBe(label);
    for (const line of lines) expect(font.widthOfTextAtSize(line, 10) + font.widthOfTextAtSize(amount.text, 10)).toBeLessThanOrEqual(250 - 10);
    const text = await pdfText(await buildInvoicePdf(base, { ...parties, language: 'sw' }));
    expect(text).toContain('Imelipwa kwa HALI YA MAJARIBIO');
  });
});

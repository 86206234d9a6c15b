import { receiptsOf } from '@duka/core';
import { PDFDocument } from 'pdf-lib';
import { pdfText } from './testing';
import { describe, expect, it } from 'vitest';
import { buildReceiptPdf } from './receipt';

const inv = {
  id: '11111111-1111-4111-8111-111111111111',
  number: 'INV-0042',
  currency: 'KES',
  total_due: 500_000,
  payments: [{ id: 'abcdef01-2345-4678-89ab-cdef01234567', amount: 200_000, date: '2026-11-20', method: 'mobile_money' as const, reference: 'QK12ABC' }],
};
const opts = {
  business: { name: 'Wanjiru Salon', email: 'wanjiru@example.com' },
  client: { name: 'Baraka Hotel', email: 'baraka@example.com' },
  link: 'https://duka.example/invoice/link/abc',
};

describe('receipt PDF', () => {
  it('is one A5 page naming the receipt, and the same bytes every time', async () => {
    const [r] = receiptsOf(inv, []);
    const a = await buildReceiptPdf(r, opts);
    const b = await buildReceiptPdf(r, opts);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    const doc = await PDFDocument.load(a);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toBe(`Receipt ${r.number}`);
    expect(doc.getSubject()).toBe('Receipt RCT-ABCDEF0123 for invoice INV-0042');
    expect(Math.round(doc.getPage(0).getWidth())).toBe(420);
  });
  it('acknowledges tax the client withheld as such, not as money received', async () => {
    const withheld = { id: 'bbcdef01-2345-4678-89ab-cdef01234567', amount: 25_000, date: '2026-11-21', method: 'withholding' as const, reference: 'WHT/0042' };
    const receipts = receiptsOf({ ...inv, payments: [...inv.payments, withheld] }, []);
    const text = await pdfText(await buildReceiptPdf(receipts[1], opts));
    expect(text).toContain('TAX WITHHELD FOR US');
    expect(text).not.toContain('AMOUNT RECEIVED');
    expect(text).toContain('Tax withheld');
    expect(await pdfText(await buildReceiptPdf(receipts[0], opts))).toContain('AMOUNT RECEIVED');
  });
});

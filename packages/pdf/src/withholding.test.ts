import { describe, expect, it } from 'vitest';
import { buildInvoicePdf, type PdfInvoice } from './index';
import { pdfText } from './testing';

// A company client paid ₦950,000 of ₦1,000,000 by transfer and withheld ₦50,000 (WHT 5%) for the tax authority.
const invoice: PdfInvoice = {
  kind: 'invoice',
  number: 'INV-0001',
  status: 'paid',
  issue_date: '2026-11-29',
  due_date: '2026-12-13',
  currency: 'NGN',
  lines: [{ id: 'l1', description: 'Brand identity design', quantity: 1, unit_price: 100_000_000, fee_ids: [] }],
  fees: [],
  fee_ids: [],
  payments: [
    { amount: 95_000_000, date: '2026-11-29', method: 'bank_transfer' },
    { amount: 5_000_000, date: '2026-11-29', method: 'withholding', reference: 'WHT/CERT/2026/0042' },
  ],
};
const opts = { business: { name: 'Eze Creative Studio' }, client: { name: 'Dangote Cement Plc' }, payLink: 'http://localhost:3000/invoice/link/abc' };

describe('an invoice settled partly by tax the client withheld', () => {
  it('shows the money paid and the tax withheld on rows of their own, in the client’s language', async () => {
    const text = await pdfText(await buildInvoicePdf(invoice, opts));
    expect(text).toMatch(/Amount paid\n-NGN 950,000/);
    expect(text).toMatch(/Tax withheld\n-NGN 50,000/);
    expect(text).toMatch(/Balance due\nNGN 0/);
    const fr = await pdfText(await buildInvoicePdf(invoice, { ...opts, language: 'fr' }));
    expect(fr).toContain('Retenue à la source');
  });
});

import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { buildInvoicePdf, type PdfInvoice } from './index';
import { pdfText } from './testing';

// A cash sale at the counter (issue 28): ₦16,125 paid with ₦20,000 cash, ₦3,875 change.
const sale: PdfInvoice = {
  kind: 'sale',
  number: 'SAL-0005',
  status: 'paid',
  issue_date: '2026-11-26',
  due_date: '2026-11-26',
  currency: 'NGN',
  lines: [{ id: 'l1', description: 'Dress sewing', quantity: 1, unit_price: 1_500_000, fee_ids: [] }],
  fees: [{ id: 'vat', name: 'VAT', kind: 'tax', calculation: 'percentage', percentage_bps: 750, amount: 0, inclusive: false }],
  fee_ids: ['vat'],
  payments: [{ amount: 1_612_500, date: '2026-11-26', method: 'cash', tendered: 2_000_000 }],
  payment_instructions: 'Bank: GTBank 0123456789',
};
const opts = {
  business: { name: 'Ada Tailoring' },
  client: { name: 'Walk-in customer' },
  payLink: 'http://localhost:3000/invoice/link/abcDEF123',
};

describe("a counter sale's PDF is a receipt (issue 28)", () => {
  it('is titled RECEIPT, shows how it was paid and the change, and asks for nothing', async () => {
    const bytes = await buildInvoicePdf(sale, opts);
    const text = await pdfText(bytes);
    expect(text).toContain('RECEIPT');
    expect(text).not.toContain('INVOICE');
    expect(text).not.toContain('Due date');
    expect(text).not.toContain('VIEW AND PAY ONLINE');
    expect(text).not.toContain('HOW TO PAY');
    expect(text).not.toContain('Balance due');
    expect(text).toContain('VIEW ONLINE');
    expect(text).toMatch(/Cash\nNGN 16,125/);
    expect(text).toMatch(/Cash received\nNGN 20,000/);
    expect(text).toMatch(/Change given\nNGN 3,875/);
    expect(text).toContain('SOLD TO');
    expect((await PDFDocument.load(bytes)).getTitle()).toBe('Receipt SAL-0005');
  });

  it("a South African VAT vendor's sale is titled TAX INVOICE, with its VAT number (an abridged tax invoice)", async () => {
    const za = {
      ...sale,
      currency: 'ZAR',
      fees: [{ id: 'vat', name: 'VAT 15%', kind: 'tax' as const, calculation: 'percentage' as const, percentage_bps: 1500, amount: 0, inclusive: true }],
    };
    const text = await pdfText(await buildInvoicePdf(za, { ...opts, business: { name: 'Nkosi Fashion', tax_id: '4530123456', tax_invoice: true } }));
    expect(text).toContain('TAX INVOICE');
    expect(text).not.toContain('RECEIPT');
    expect(text).toContain('VAT reg. no.: 4530123456');
    expect(text).toMatch(/Cash\n/);
  });

  it('names the method and reference of each part of a split payment', async () => {
    const split = {
      ...sale,
      payments: [
        { amount: 1_000_000, date: '2026-11-26', method: 'cash', tendered: 1_050_000 },
        { amount: 612_500, date: '2026-11-26', method: 'mobile_money', reference: 'OPAY-778812' },
      ],
    };
    const text = await pdfText(await buildInvoicePdf(split, opts));
    expect(text).toMatch(/Mobile money OPAY-778812\nNGN 6,125/);
    expect(text).toMatch(/Change given\nNGN 500/);
  });

  it('a sale with a part left to its pay link keeps the balance and the pay call', async () => {
    const owed = { ...sale, status: 'sent' as const, payments: [{ amount: 1_000_000, date: '2026-11-26', method: 'cash' }] };
    const text = await pdfText(await buildInvoicePdf(owed, opts));
    expect(text).toContain('RECEIPT');
    expect(text).toContain('Still to pay (pay link)');
    expect(text).toContain('VIEW AND PAY ONLINE');
    expect(text).not.toContain('Due date');
    expect(text).not.toContain('Change given');
  });

  it('is a receipt in French and Swahili too', async () => {
    const fr = await pdfText(await buildInvoicePdf(sale, { ...opts, language: 'fr' }));
    expect(fr).toContain('REÇU');
    expect(fr).toContain('Monnaie rendue');
    expect(fr).toContain('Espèces reçues');
    expect(fr).not.toContain('FACTURE');
    expect(fr).not.toContain('échéance');
    const sw = await pdfText(await buildInvoicePdf(sale, { ...opts, language: 'sw' }));
    expect(sw).toContain('RISITI');
    expect(sw).toContain('Chenji iliyotolewa');
    expect(sw).not.toContain('ANKARA');
  });

  it('keeps room for the fiscal block of a fiscalised sale', async () => {
    const fiscal = {
      state: 'fiscalised' as const,
      test: true,
      control_unit_id: 'KRACU0100000001',
      fiscal_number: '7',
      receipt_label: '7/7 TS',
      internal_data: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
      signature: 'ABCDEFGHIJKLMNOP',
      fiscal_datetime: '2026-11-26T10:00:00Z',
      qr_text: '26112026#100000#KRACU0100000001#7#ABCD#ABCD',
    };
    const text = await pdfText(await buildInvoicePdf(sale, { ...opts, fiscal }));
    expect(text).toContain('RECEIPT');
    expect(text).toContain('7/7 TS');
  });
});

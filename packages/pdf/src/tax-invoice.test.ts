import { describe, expect, it } from 'vitest';
import { buildInvoicePdf, type PdfInvoice, pdfParties } from './index';
import { pdfStrings } from './testing';

/** t22 T3: South Africa's VAT Act s 20(4) has a VAT vendor's invoice say "Tax Invoice" and show VAT numbers. */
const invoice: PdfInvoice = {
  kind: 'invoice',
  number: 'INV-0001',
  status: 'sent',
  issue_date: '2026-11-27',
  due_date: '2026-12-04',
  currency: 'ZAR',
  lines: [{ id: 'l1', description: 'Braai pack', quantity: 4, unit_price: 34_999 }],
};
const settings = (taxId: string) => JSON.stringify({ business: { tax_id: taxId, address: '1 Main Rd, Johannesburg' } });
const client = { name: 'Thabo Stores', country: 'South Africa', tax_id: '4987654321' };
const textOf = async (inv: PdfInvoice, user: Parameters<typeof pdfParties>[0]) => {
  const { business, client: to, language } = pdfParties(user, client);
  return (await pdfStrings(await buildInvoicePdf(inv, { business, client: to, language }))).join('\n');
};

describe('tax invoice wording by country (t22 T3)', () => {
  it('a South African business with a VAT number: TAX INVOICE, its and the buyer’s VAT reg. no.', async () => {
    const text = await textOf(invoice, { name: 'joburg1 Shop', country: 'ZA', invoice_settings: settings('4123456789') });
    expect(text).toContain('TAX INVOICE');
    expect(text).toContain('VAT reg. no.: 4123456789');
    expect(text).toContain('VAT reg. no.: 4987654321');
    expect(text).not.toContain('Tax ID');
  });

  it('in French and Swahili the same, in the document language', async () => {
    const fr = await textOf(invoice, { name: 'S', country: 'South Africa', language: 'fr', invoice_settings: settings('4123456789') });
    expect(fr).toContain('FACTURE DE TVA');
    // French sets a space before the colon (core's labelled).
    expect(fr).toContain('N° de TVA\u00a0: 4123456789');
    const sw = await textOf(invoice, { name: 'S', country: 'ZA', language: 'sw', invoice_settings: settings('4123456789') });
    expect(sw).toContain('ANKARA YA KODI');
    expect(sw).toContain('Namba ya VAT: 4123456789');
  });

  it('without a VAT number, or in a country whose law names no tax invoice, a plain INVOICE with Tax ID', async () => {
    const none = await textOf(invoice, { name: 'S', country: 'ZA', invoice_settings: settings('') });
    expect(none).toContain('INVOICE');
    expect(none).not.toContain('TAX INVOICE');
    expect(none).toContain('Tax ID: 4987654321');
    const ug = await textOf({ ...invoice, currency: 'UGX' }, { name: 'S', country: 'UG', invoice_settings: settings('1000123456') });
    expect(ug).not.toContain('TAX INVOICE');
    // Uganda's name for it (core businessIdNames).
    expect(ug).toContain('TIN: 1000123456');
  });

  it("a country's own names for the numbers, in every language: KRA PIN, NIU and RCCM, TPIN", async () => {
    const ids = (taxId: string, reg = '') => JSON.stringify({ business: { tax_id: taxId, registration_number: reg } });
    const ke = await textOf({ ...invoice, currency: 'KES' }, { name: 'S', country: 'Kenya', language: 'sw', invoice_settings: ids('P051234567Q') });
    expect(ke).toContain('KRA PIN: P051234567Q');
    const cm = await textOf(
      { ...invoice, currency: 'XAF' },
      { name: 'S', country: 'Cameron', language: 'fr', invoice_settings: ids('M012345678901A', 'RC/DLA/2020/B/1234') },
    );
    expect(cm).toContain('NIU\u00a0: M012345678901A');
    expect(cm).toContain('RCCM\u00a0: RC/DLA/2020/B/1234');
    const zm = await textOf({ ...invoice, currency: 'ZMW' }, { name: 'S', country: 'Zambia', invoice_settings: ids('1001234567') });
    expect(zm).toContain('TPIN: 1001234567');
  });

  it('quotes and credit notes keep their own titles', async () => {
    const user = { name: 'S', country: 'ZA', invoice_settings: settings('4123456789') };
    const quote = await textOf({ ...invoice, kind: 'quote', status: 'sent' }, user);
    expect(quote).toContain('QUOTE');
    expect(quote).not.toContain('TAX INVOICE');
    const cn = await textOf({ ...invoice, kind: 'credit_note', credited_invoice_number: 'INV-0001' }, user);
    expect(cn).toContain('CREDIT NOTE');
    expect(cn).not.toContain('TAX INVOICE');
  });
});

import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { buildInvoicePdf, buildReceiptPdf, type PdfFiscal, type PdfInvoice, qrModules, qrPath } from './index';
import { pdfStrings } from './testing';

const invoice: PdfInvoice = {
  kind: 'invoice',
  number: 'INV-0042',
  status: 'sent',
  issue_date: '2026-11-25',
  due_date: '2026-12-09',
  currency: 'KES',
  lines: [{ id: 'a', description: 'Cement 50kg', quantity: 2, unit_price: 116_000, fee_ids: ['vat'] }],
  fees: [{ id: 'vat', name: 'VAT', kind: 'tax', calculation: 'percentage', percentage_bps: 1600, amount: 0, inclusive: true }],
};
const opts = { business: { name: 'Wanjiku Hardware', tax_id: 'P000111222Z' }, client: { name: 'Otieno Builders', tax_id: 'P051234567Q' } };
const fiscal: PdfFiscal = {
  state: 'fiscalised',
  test: false,
  control_unit_id: 'KRACU0100000001',
  fiscal_number: '500',
  receipt_label: '101/500 NS',
  internal_data: 'EAHSAV6ECUUXSY6PCCJYAUP6MI',
  signature: 'QUII27MATATSHFRB',
  fiscal_datetime: '2026-11-25T09:30:15.000Z',
  qr_text: '25112026#123015#KRACU0100000001#101/500 NS#EAHSAV6ECUUXSY6PCCJYAUP6MI#QUII27MATATSHFRB',
  buyer_pin: 'P051234567Q',
};

async function ops(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes);
  return doc
    .getPages()
    .map((p) => {
      const contents = p.node.Contents();
      const streams = contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents];
      return streams.map((st) => (st instanceof PDFRawStream ? Buffer.from(decodePDFRawStream(st).decode()).toString('latin1') : '')).join('\n');
    })
    .join('\n');
}
const hex = (s: string) => `<${Buffer.from(s, 'latin1').toString('hex').toUpperCase()}> Tj`;
/** Part of a shown string (e.g. either side of an em dash). */
const part = (s: string) => Buffer.from(s, 'latin1').toString('hex').toUpperCase();

describe('fiscal block (issue 26)', () => {
  it('prints the control unit, fiscal number and receipt label, internal data and signature in fours, the time in Kenya, the buyer PIN and a QR code', async () => {
    const text = await ops(await buildInvoicePdf(invoice, { ...opts, fiscal }));
    for (const s of [
      'Tax invoice (KRA eTIMS)',
      'KRACU0100000001',
      '500   Receipt: 101/500 NS',
      'EAHS-AV6E-CUUX-SY6P-CCJY-AUP6-MI',
      'QUII-27MA-TATS-HFRB',
      '25/11/2026 12:30:15',
      'P051234567Q',
    ])
      expect(text).toContain(hex(s));
    expect(text).not.toContain(part(' NOT A TAX INVOICE'));
    // The QR code: one filled rectangle per run of dark modules.
    const runs = (qrPath(qrModules(fiscal.qr_text!)).match(/M/g) ?? []).length;
    expect(runs).toBeGreaterThan(100);
    expect((text.match(/ m\n/g) ?? []).length).toBeGreaterThanOrEqual(runs);
  });

  it('in TEST MODE says TEST — NOT A TAX INVOICE; awaiting its signature before (awaiting KRA live); in the client language', async () => {
    const test = await ops(await buildInvoicePdf(invoice, { ...opts, fiscal: { ...fiscal, test: true, receipt_label: '1/1 TS' } }));
    expect(test).toContain(`<${part('TEST ')}97${part(' NOT A TAX INVOICE')}> Tj`);
    const waiting = await ops(await buildInvoicePdf(invoice, { ...opts, fiscal: { state: 'provisional', test: true } }));
    // TEST MODE awaiting its signature: nothing will go to KRA, and the words say so.
    expect(waiting).toContain(hex('Awaiting its TEST MODE signature'));
    expect(waiting).not.toContain(hex('Awaiting KRA'));
    expect(waiting).not.toContain(hex('Tax invoice (KRA eTIMS)'));
    const live = await ops(await buildInvoicePdf(invoice, { ...opts, fiscal: { state: 'provisional', test: false } }));
    expect(live).toContain(hex('Awaiting KRA'));
    const sw = await ops(await buildInvoicePdf(invoice, { ...opts, language: 'sw', fiscal: { ...fiscal, test: true } }));
    expect(sw).toContain(`<${part('MAJARIBIO ')}97${part(' SI ANKARA YA KODI')}> Tj`);
    expect(sw).toContain(hex('Sahihi'));
    const fr = await ops(await buildInvoicePdf(invoice, { ...opts, language: 'fr', fiscal }));
    expect(fr).toContain(hex('Facture fiscale (KRA eTIMS)'));
    const plain = await ops(await buildInvoicePdf(invoice, opts));
    expect(plain).not.toContain(hex('Awaiting KRA'));
  });

  it('in TEST MODE heads the block as a test signature, never as a tax invoice fiscalised with KRA (en/fr/sw)', async () => {
    const test = { ...fiscal, test: true, receipt_label: '1/1 TS' };
    const en = await ops(await buildInvoicePdf(invoice, { ...opts, fiscal: test }));
    expect(en).toContain(hex('Test signature (TEST MODE): not sent to KRA'));
    expect(en).not.toContain(hex('Tax invoice (KRA eTIMS)'));
    const fr = await ops(await buildInvoicePdf(invoice, { ...opts, language: 'fr', fiscal: test }));
    expect(fr).toContain(hex('Signature de test (MODE TEST) : non envoyée à la KRA'));
    expect(fr).not.toContain(hex('Facture fiscale (KRA eTIMS)'));
    const sw = await ops(await buildInvoicePdf(invoice, { ...opts, language: 'sw', fiscal: test }));
    expect(sw).toContain(hex('Sahihi ya majaribio (HALI YA MAJARIBIO): haijatumwa KRA'));
    const credit = { ...invoice, kind: 'credit_note' as const, number: 'CN-0001' };
    const tc = await ops(await buildInvoicePdf(credit, { ...opts, fiscal: { ...test, receipt_label: '2/2 TC', credit_note: true } }));
    expect(tc).toContain(hex('Credit note, test signature (TEST MODE): not sent to KRA'));
    expect(tc).not.toContain(hex('Credit note (KRA eTIMS)'));
  });

  it('heads a credit note (NC) as one', async () => {
    const credit = { ...invoice, kind: 'credit_note' as const, number: 'CN-0001' };
    const nc = { ...fiscal, fiscal_number: '501', receipt_label: '3/501 NC', credit_note: true, credits_fiscal_number: '500' };
    const text = await ops(await buildInvoicePdf(credit, { ...opts, fiscal: nc }));
    expect(text).toContain(hex('Credit note (KRA eTIMS)'));
    expect(text).toContain(hex('Reverses fiscal number'));
    expect(text).toContain(hex('500'));
    expect(text).toContain(hex('501   Receipt: 3/501 NC'));
    expect(text).not.toContain(hex('Tax invoice (KRA eTIMS)'));
    expect(await ops(await buildInvoicePdf(credit, { ...opts, language: 'fr', fiscal: nc }))).toContain(hex('Avoir (KRA eTIMS)'));
  });

  it('puts the same block on the receipt', async () => {
    const receipt = {
      number: 'RCT-0001',
      date: '2026-11-25',
      amount: 232_000,
      currency: 'KES',
      method: 'mpesa',
      method_label: 'M-Pesa',
      reference: '',
      invoice_number: 'INV-0042',
      invoice_total: 232_000,
      paid_to_date: 232_000,
      balance_left: 0,
    };
    const text = await ops(await buildReceiptPdf(receipt as Parameters<typeof buildReceiptPdf>[0], { business: opts.business, client: opts.client, fiscal }));
    expect(text).toContain(hex('QUII-27MA-TATS-HFRB'));
    // The A5 page is narrow: a long value wraps at a dash instead of running under the QR code (D5); every piece
    // is drawn (fiscal-layout.test.ts checks that no box crosses another).
    const long = { ...fiscal, internal_data: '65ONXCHU2KPCYOOJUPF4OJDYGQ65ONXCHU2KPCYOOJUPF4' };
    const strings = await pdfStrings(
      await buildReceiptPdf(receipt as Parameters<typeof buildReceiptPdf>[0], { business: opts.business, client: opts.client, fiscal: long }),
    );
    const grouped = '65ON-XCHU-2KPC-YOOJ-UPF4-OJDY-GQ65-ONXC-HU2K-PCYO-OJUP-F4';
    const parts = strings.filter((s) => s.length > 1 && grouped.includes(s));
    expect(parts.join('')).toBe(grouped);
    expect(parts.length).toBeGreaterThan(1);
  });

  it('makes a QR code with the three finder patterns', () => {
    const m = qrModules(fiscal.qr_text!);
    const n = m.length;
    expect(n).toBeGreaterThanOrEqual(25);
    for (const [r, c] of [
      [0, 0],
      [0, n - 7],
      [n - 7, 0],
    ]) {
      expect(m[r].slice(c, c + 7).every(Boolean)).toBe(true); // top edge of the 7×7 finder
      expect(m[r + 1][c + 1]).toBe(false); // its white ring
      expect(m[r + 3][c + 3]).toBe(true); // its centre
    }
  });
});

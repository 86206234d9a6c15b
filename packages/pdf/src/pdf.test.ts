import { deflateSync } from 'node:zlib';
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { buildInvoicePdf, type PdfInvoice, toWinAnsi, wrapText } from './index';

const invoice: PdfInvoice = {
  kind: 'invoice',
  number: 'INV-0007',
  status: 'sent',
  issue_date: '2026-11-22',
  due_date: '2026-12-06',
  currency: 'NGN',
  lines: Array.from({ length: 50 }, (_, i) => ({
    id: `l${i}`,
    description:
      i === 3
        ? 'A very long description of a bag of rice that needs to wrap over several lines in the description column of the table, ₦ and all'
        : `Item ${i + 1}`,
    quantity: (i % 3) + 0.5,
    unit_price: 150_000 + i,
    fee_ids: i % 2 ? ['vat'] : [],
  })),
  fees: [
    { id: 'vat', name: 'VAT', kind: 'tax', calculation: 'percentage', percentage_bps: 750, amount: 0, inclusive: false },
    { id: 'del', name: 'Delivery', kind: 'fee', calculation: 'fixed', percentage_bps: 0, amount: 200_000, inclusive: false },
  ],
  fee_ids: ['del'],
  discount: { type: 'percentage', value: 500 },
  payments: [{ amount: 1_000_000, date: '2026-11-23', method: 'cash' }],
  notes: 'Thank you for your business.',
  terms: 'Payment within 14 days.',
  payment_instructions: 'Bank: GTBank 0123456789 (Ada Stores)\nMobile money: 0803 000 0000',
};
const opts = {
  business: { name: 'Ada Stores', email: 'ada@example.com', phone: '+234 803 000 0000', address: '12 Market Road, Lagos' },
  client: { name: 'Chidi Okafor', email: 'chidi@example.com', address: '5 Allen Avenue\nIkeja' },
  payLink: 'http://localhost:3000/invoice/link/abcDEF123',
};

// A 1×1 PNG made here, so the test needs no file.
function tinyPng(): Uint8Array {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = crcTable[(c ^ x) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
  const idat = deflateSync(Buffer.from([0, 9, 146, 104]));
  return new Uint8Array(
    Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]),
  );
}

describe('buildInvoicePdf', () => {
  it('makes a valid A4 PDF over several pages for 50 lines', async () => {
    const bytes = await buildInvoicePdf(invoice, { ...opts, logo: tinyPng() });
    expect(Buffer.from(bytes.slice(0, 5)).toString()).toBe('%PDF-');
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBeGreaterThan(1);
    const { width, height } = doc.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
    expect(doc.getTitle()).toBe('Invoice INV-0007');
    expect(doc.getCreationDate()?.toISOString()).toBe('2026-11-22T00:00:00.000Z');
  });
  it('gives identical bytes for the same input', async () => {
    const a = await buildInvoicePdf(invoice, { ...opts, logo: tinyPng() });
    await new Promise((r) => setTimeout(r, 1100));
    const b = await buildInvoicePdf(invoice, { ...opts, logo: tinyPng() });
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  });
  it('gives different bytes when the invoice changes', async () => {
    const a = await buildInvoicePdf(invoice, opts);
    const b = await buildInvoicePdf({ ...invoice, number: 'INV-0008' }, opts);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(false);
  });
  it('draws text the standard fonts cannot encode', async () => {
    const bytes = await buildInvoicePdf(
      { ...invoice, lines: [{ id: 'x', description: 'ቡና coffee ₦ 😀 Łódź', quantity: 1, unit_price: 1 }] },
      { ...opts, client: { name: 'Zoë Ñandú ሰላም' } },
    );
    expect(bytes.length).toBeGreaterThan(1000);
  });
  it('leaves out a logo it cannot read', async () => {
    const bytes = await buildInvoicePdf(invoice, { ...opts, logo: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4, 5, 6]) });
    expect((await PDFDocument.load(bytes)).getPageCount()).toBeGreaterThan(0);
  });
});

/** The drawing operators of the first page, decoded. */
async function firstPageOps(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes);
  const page = doc.getPage(0).node;
  const contents = page.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents];
  return streams.map((st) => (st instanceof PDFRawStream ? Buffer.from(decodePDFRawStream(st).decode()).toString('latin1') : '')).join('\n');
}
const hex = (s: string) => `<${Buffer.from(s, 'latin1').toString('hex').toUpperCase()}> Tj`;

describe('header', () => {
  it('shows the company initials (2 letters) when there is no logo, and the logo instead when there is one', async () => {
    const without = await firstPageOps(await buildInvoicePdf(invoice, opts));
    expect(without).toContain(hex('AS'));
    const withLogo = await firstPageOps(await buildInvoicePdf(invoice, { ...opts, logo: tinyPng() }));
    expect(withLogo).not.toContain(hex('AS'));
    expect(withLogo).toContain('Do');
    const oneWord = await firstPageOps(await buildInvoicePdf(invoice, { ...opts, business: { name: 'Duka' } }));
    expect(oneWord).toContain(hex('DU'));
  });
});

describe('text', () => {
  it('maps currency signs to codes and unknown letters to ?', () => {
    expect(toWinAnsi('₦1,500 and ₵2')).toBe('NGN 1,500 and GHS 2');
    expect(toWinAnsi('GH₵3,082.94')).toBe('GHS 3,082.94');
    expect(toWinAnsi('café ሰ')).toBe('café ?');
    expect(toWinAnsi('Łódź')).toBe('Lódz');
  });
  it('wraps at the width', () => {
    const m = { widthOfTextAtSize: (s: string) => s.length };
    expect(wrapText('aa bb cc', m, 1, 5)).toEqual(['aa bb', 'cc']);
    expect(wrapText('abcdefghij', m, 1, 4)).toEqual(['abcd', 'efgh', 'ij']);
  });
});

describe('taxes and fees apart (issue 23)', () => {
  it('lists taxes, then fees, each with its total when both are on the invoice', async () => {
    // Once one amount has kobo (the 1.36 tax), every amount shows them: NGN 5.00 (issue 23 item 16).
    const doc = await buildInvoicePdf(
      {
        ...invoice,
        lines: [{ id: 'a', description: 'Robe', quantity: 1, unit_price: 1_500 }],
        fees: [
          { id: 'sur', name: 'Surcharge', kind: 'fee', calculation: 'fixed', percentage_bps: 0, amount: 500, inclusive: false },
          { id: 'vat', name: 'VAT', kind: 'tax', calculation: 'percentage', percentage_bps: 1_000, amount: 0, inclusive: true },
        ],
        fee_ids: ['sur', 'vat'],
        discount: null,
        payments: [],
      },
      opts,
    );
    const text = await firstPageOps(doc);
    const at = (s: string) => text.indexOf(hex(s));
    for (const s of ['VAT (10%) (included)', 'Total tax', 'NGN 1.36', 'Surcharge', 'Total fees', 'NGN 5.00']) expect(at(s), s).toBeGreaterThan(-1);
    expect(at('VAT (10%) (included)')).toBeLessThan(at('Total tax'));
    expect(at('Total tax')).toBeLessThan(at('Surcharge'));
    expect(at('Surcharge')).toBeLessThan(at('Total fees'));
  });

  it('says a fee bears the VAT, and the VAT row counts it (t18 Z1)', async () => {
    // 15.00 with VAT 10% inside (1.36) and a surcharge of 5.00 subject to VAT (0.45 inside): VAT 1.81.
    const doc = await buildInvoicePdf(
      {
        ...invoice,
        lines: [{ id: 'a', description: 'Robe', quantity: 1, unit_price: 1_500 }],
        fees: [
          { id: 'sur', name: 'Surcharge', kind: 'fee', calculation: 'fixed', percentage_bps: 0, amount: 500, inclusive: false, subject_to_tax: true },
          { id: 'vat', name: 'VAT', kind: 'tax', calculation: 'percentage', percentage_bps: 1_000, amount: 0, inclusive: true },
        ],
        fee_ids: ['sur', 'vat'],
        discount: null,
        payments: [],
      },
      opts,
    );
    const text = await firstPageOps(doc);
    for (const s of ['Surcharge (VAT applies)', 'NGN 1.81', 'NGN 20.00']) expect(text.indexOf(hex(s)), s).toBeGreaterThan(-1);
  });

  it('h155: a 10 % service charge with 16 % VAT on it: its VAT rounded once, so the figures printed add up', async () => {
    const vat = {
      id: 'vat',
      name: 'VAT',
      kind: 'tax',
      calculation: 'percentage',
      percentage_bps: 1_600,
      amount: 0,
      inclusive: false,
      round_on: 'total',
    } as const;
    const svc = {
      id: 'svc',
      name: 'Service',
      kind: 'fee',
      calculation: 'percentage',
      percentage_bps: 1_000,
      amount: 0,
      inclusive: false,
      subject_to_tax: true,
      round_on: 'total',
      taxes_round_on: 'total',
    } as const;
    const doc = await buildInvoicePdf(
      {
        ...invoice,
        currency: 'KES',
        lines: ['a', 'b', 'c'].map((id) => ({ id, description: `Meal ${id}`, quantity: 1, unit_price: 12_220 })),
        fees: [vat, svc],
        fee_ids: ['vat', 'svc'],
        discount: null,
        payments: [],
      },
      opts,
    );
    const text = await firstPageOps(doc);
    // Subtotal 366.60, service 36.66, VAT 58.66 + 5.87 = 64.53 (per line on the service it was 64.54), total 467.79.
    for (const s of ['KSh366.60', 'KSh36.66', 'KSh64.53', 'KSh467.79']) expect(text.indexOf(hex(s)), s).toBeGreaterThan(-1);
  });
});

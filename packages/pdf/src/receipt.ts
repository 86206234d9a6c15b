/**
 * The receipt PDF (issue 18): made on the device (offline) and on the server (e-mail, public link) from the same
 * input, byte for byte. A5, one page: business, RECEIPT and its number, received from, the payment and what is
 * still owed on the invoice.
 */
import { type CustomerLanguage, documentStrings, documentText, formatDateIn, paymentMethodIn, type Receipt, receiptShowsMinor, testStamp } from '@duka/core';
import type { RGB } from 'pdf-lib';
import { drawFiscalBlock, type PdfFiscal } from './fiscal';
import { pdfMoney, toWinAnsi, wrapText } from './text';

export interface ReceiptPdfOptions {
  business: { name: string; email?: string | null; phone?: string | null; address?: string | null };
  client: { name: string; email?: string | null; phone?: string | null };
  /** The invoice's public link (view, pay the rest). */
  link?: string | null;
  logo?: Uint8Array | null;
  /** The client's language (issue 19); English when left out. */
  language?: CustomerLanguage;
  /** The invoice's fiscal block (issue 26): a receipt of a fiscalised invoice carries its signature and QR code. */
  fiscal?: PdfFiscal | null;
}

const A5: [number, number] = [419.53, 595.28];
const M = 36;
const color = (red: number, green: number, blue: number) => ({ type: 'RGB', red, green, blue }) as RGB;
const INK = color(0.12, 0.14, 0.17);
const MUTED = color(0.42, 0.45, 0.5);
const ACCENT = color(0.035, 0.573, 0.408);
const RULE = color(0.86, 0.88, 0.9);

const isPng = (b: Uint8Array) => b.length > 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47;
const isJpeg = (b: Uint8Array) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;

export async function buildReceiptPdf(r: Receipt, opts: ReceiptPdfOptions): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts } = await import('pdf-lib');
  const language = opts.language ?? 'en';
  const S = documentStrings(language);
  // Minor units on every amount once one has them (issue 23).
  const minor = receiptShowsMinor(r);
  const money = (n: number) => pdfMoney(n, r.currency, language, { minor });
  const formatDate = (d: string) => formatDateIn(d, language);
  const doc = await PDFDocument.create({ updateMetadata: false });
  const stamp = new Date(`${r.date}T00:00:00Z`);
  doc.setTitle(toWinAnsi(`${S.receiptWord} ${r.number}`));
  doc.setAuthor(toWinAnsi(opts.business.name));
  doc.setSubject(toWinAnsi(documentText(language, 'receiptSubject', { number: r.number, invoice: r.invoice_number })));
  doc.setCreator('Duka');
  doc.setProducer('Duka (pdf-lib)');
  doc.setCreationDate(stamp);
  doc.setModificationDate(stamp);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage(A5);
  const right = A5[0] - M;
  const width = A5[0] - 2 * M;
  const text = (s: string, x: number, y: number, size = 10, font = regular, c = INK) => page.drawText(toWinAnsi(s), { x, y, size, font, color: c });
  const textRight = (s: string, x: number, y: number, size = 10, font = regular, c = INK) => {
    const t = toWinAnsi(s);
    page.drawText(t, { x: x - font.widthOfTextAtSize(t, size), y, size, font, color: c });
  };

  let y = A5[1] - M;
  let leftY = y;
  if (opts.logo && (isPng(opts.logo) || isJpeg(opts.logo))) {
    try {
      const img = isPng(opts.logo) ? await doc.embedPng(opts.logo) : await doc.embedJpg(opts.logo);
      const scale = Math.min(110 / img.width, 44 / img.height, 1);
      page.drawImage(img, { x: M, y: leftY - img.height * scale, width: img.width * scale, height: img.height * scale });
      leftY -= img.height * scale + 8;
    } catch {
      // an unreadable logo is left out rather than failing the receipt
    }
  }
  for (const line of wrapText(opts.business.name, bold, 12, 200)) {
    text(line, M, leftY - 12, 12, bold);
    leftY -= 15;
  }
  for (const line of [opts.business.address, opts.business.phone, opts.business.email]
    .filter((v): v is string => !!v?.trim())
    .flatMap((v) => v.split(/\r?\n/))) {
    for (const l of wrapText(line, regular, 8.5, 200)) {
      text(l, M, leftY - 8.5, 8.5, regular, MUTED);
      leftY -= 11;
    }
  }
  textRight(S.receiptTitle, right, y - 20, 20, bold, ACCENT);
  textRight(r.number, right, y - 36, 11, bold);
  textRight(formatDate(r.date), right, y - 50, 9, regular, MUTED);
  y = Math.min(leftY, y - 58) - 20;

  text(S.receivedFrom, M, y, 8, bold, MUTED);
  y -= 15;
  for (const line of wrapText(opts.client.name, bold, 11, width)) {
    text(line, M, y, 11, bold);
    y -= 14;
  }
  for (const v of [opts.client.phone, opts.client.email].filter((v): v is string => !!v?.trim())) {
    text(v, M, y, 8.5, regular, MUTED);
    y -= 11;
  }
  y -= 12;

  // The amount, large.
  page.drawRectangle({ x: M, y: y - 46, width, height: 46, color: RULE });
  // Tax the client withheld and paid to the tax authority for the business: acknowledged, but no money received.
  text(r.method === 'withholding' ? S.amountWithheld : S.amountReceived, M + 12, y - 18, 8, bold, MUTED);
  textRight(money(r.amount), right - 12, y - 33, 18, bold);
  y -= 64;

  const rows: Array<[string, string, boolean?]> = [
    [S.date, formatDate(r.date)],
    [S.paymentMethod, language === 'en' ? r.method_label : `${paymentMethodIn(r, language)}${testStamp(r)}`],
    ...(r.reference ? ([[S.reference, r.reference]] as Array<[string, string]>) : []),
    [S.forInvoice, r.invoice_number],
    [S.invoiceTotal, money(r.invoice_total)],
    // Credit notes issued up to the payment's day (issue 26): total − credited − paid = balance left.
    ...(r.credited > 0 ? ([[S.credited, money(-r.credited)]] as Array<[string, string]>) : []),
    [S.paidToDate, money(r.paid_to_date)],
    [S.balanceLeft, money(r.balance_left), true],
  ];
  for (const [label, value, strong] of rows) {
    if (strong) page.drawLine({ start: { x: M, y: y + 4 }, end: { x: right, y: y + 4 }, thickness: 0.5, color: MUTED });
    text(label, M, y - 10, strong ? 11 : 10, strong ? bold : regular, strong ? INK : MUTED);
    const lines = wrapText(value, strong ? bold : regular, strong ? 11 : 10, width - 130);
    lines.forEach((l, i) => textRight(l, right, y - 10 - i * 12, strong ? 11 : 10, strong ? bold : regular));
    y -= 8 + 12 * lines.length;
  }
  y -= 10;
  text(r.balance_left === 0 ? S.paidInFull : S.thanksForPayment, M, y - 10, 10, bold, ACCENT);
  y -= 24;
  if (opts.fiscal) {
    y -= drawFiscalBlock({ page, regular, bold, ink: INK, muted: MUTED, alert: color(0.8, 0.15, 0.15) }, opts.fiscal, M, y, width, language);
    y -= 8;
  }
  if (opts.link) {
    text(r.balance_left === 0 ? S.viewTheInvoice : S.viewAndPayRest, M, y - 8, 8, bold, MUTED);
    y -= 20;
    for (const l of wrapText(opts.link, regular, 8.5, width)) {
      text(l, M, y, 8.5);
      y -= 11;
    }
  }
  page.drawText(toWinAnsi(S.madeWithDuka), { x: M, y: M - 14, size: 8, font: regular, color: MUTED });
  return doc.save({ useObjectStreams: true });
}

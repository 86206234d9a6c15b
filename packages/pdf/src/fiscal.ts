import { fiscalDateTimeText, fiscalStrings, groupsOfFour, type CustomerLanguage, type FiscalState } from '@duka/core';
import type { PDFFont, PDFPage, RGB } from 'pdf-lib';
import { qrModules, qrPath } from './qr';
import { toWinAnsi, wrapText } from './text';

export { qrModules, qrPath } from './qr';

/** A document's standing with the tax authority (issue 26), as the server's fiscal view gives it. */
export interface PdfFiscal {
  state: FiscalState;
  test: boolean;
  control_unit_id?: string | null;
  fiscal_number?: string | null;
  receipt_label?: string | null;
  internal_data?: string | null;
  signature?: string | null;
  fiscal_datetime?: string | null;
  qr_text?: string | null;
  /** The client's KRA PIN, printed as the buyer's PIN. */
  buyer_pin?: string | null;
  /** A credit note (eTIMS NC): headed as one. */
  credit_note?: boolean;
  /** A credit note: the fiscal number of the sale it reverses. */
  credits_fiscal_number?: string | null;
}

interface Draw {
  page: PDFPage;
  regular: PDFFont;
  bold: PDFFont;
  ink: RGB;
  muted: RGB;
  alert: RGB;
}

/** A value on as few lines as fit `width`, broken after its dashes (then anywhere) when it is too long. */
function fitLines(value: string, font: PDFFont, size: number, width: number): string[] {
  if (font.widthOfTextAtSize(toWinAnsi(value), size) <= width) return [value];
  return wrapText(value.replace(/-/g, '- '), font, size, width).map((l) => l.replace(/- /g, '-'));
}

/** Height the fiscal block needs (so the caller can start a new page first). */
export function fiscalBlockHeight(f: PdfFiscal): number {
  if (f.state !== 'fiscalised') return 50;
  return 118;
}

/**
 * Draws the fiscal block at (x, top), `width` wide: the authority's signature lines on the left and the QR
 * code on the right for a fiscalised document; a note for one awaiting the authority or refused. A TEST MODE
 * document carries "TEST — NOT A TAX INVOICE" in red. Returns the height used.
 */
export function drawFiscalBlock(d: Draw, f: PdfFiscal, x: number, top: number, width: number, language: CustomerLanguage): number {
  const S = fiscalStrings(language, f.test);
  const t = (s: string, tx: number, ty: number, size: number, font: PDFFont, color: RGB) => d.page.drawText(toWinAnsi(s), { x: tx, y: ty, size, font, color });
  let y = top;
  if (f.test) {
    t(S.testBanner, x, y - 12, 12, d.bold, d.alert);
    y -= 18;
  }
  if (f.state !== 'fiscalised') {
    t(f.state === 'provisional' ? S.awaiting : S.refused, x, y - 9, 9, d.bold, d.muted);
    if (f.state !== 'provisional') return top - y + 26;
    // The note wraps within the page (the A5 receipt is narrow; the TEST MODE note is longer).
    const note = wrapText(S.awaitingNote, d.regular, 8, width);
    note.forEach((line, i) => t(line, x, y - 21 - i * 10, 8, d.regular, d.muted));
    return top - y + 26 + (note.length - 1) * 10;
  }
  const qrSize = 96;
  t(f.credit_note ? S.creditHeading : S.heading, x, y - 10, 10, d.bold, d.ink);
  y -= 16;
  const rows: Array<[string, string]> = [
    [S.controlUnit, f.control_unit_id ?? ''],
    [S.fiscalNumber, `${f.fiscal_number ?? ''}   ${S.receipt}: ${f.receipt_label ?? ''}`],
    [S.internalData, groupsOfFour(f.internal_data ?? '')],
    [S.signature, groupsOfFour(f.signature ?? '')],
    [S.dateTime, f.fiscal_datetime ? fiscalDateTimeText(f.fiscal_datetime) : ''],
  ];
  if (f.credit_note && f.credits_fiscal_number) rows.splice(2, 0, [S.creditsFiscalNumber, f.credits_fiscal_number]);
  if (f.buyer_pin) rows.push([S.buyerPin, f.buyer_pin]);
  // Values stop short of the QR code (a narrow page, the A5 receipt, wraps long ones at their dashes; D5).
  const room = width - 92 - (f.qr_text ? qrSize + 8 : 0);
  for (const [label, value] of rows) {
    t(label, x, y - 8.5, 8, d.regular, d.muted);
    fitLines(value, d.bold, 8.5, room).forEach((line, i) => {
      if (i > 0) y -= 10.5;
      t(line, x + 92, y - 8.5, 8.5, d.bold, d.ink);
    });
    y -= 13;
  }
  if (f.qr_text) {
    const m = qrModules(f.qr_text);
    const cell = qrSize / m.length;
    const qx = x + width - qrSize;
    const qy = top - (f.test ? 18 : 0);
    d.page.drawSvgPath(qrPath(m), { x: qx, y: qy, scale: cell, color: d.ink, borderWidth: 0 });
  }
  return Math.max(top - y, qrSize + (f.test ? 18 : 0)) + 6;
}

import { fiscalDateTimeText, fiscalStrings, groupsOfFour, type CustomerLanguage, type FiscalState } from '@duka/core';
import type { PDFFont, PDFPage, RGB } from 'pdf-lib';
import { qrModules, qrPath } from './qr';
import { type Measurer, toWinAnsi, wrapText } from './text';

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

type Style = 'banner' | 'note' | 'heading' | 'label' | 'value';
/** Font size, line height, and how far the first baseline sits below the top of the text. */
const STYLE: Record<Style, { size: number; bold: boolean; leading: number; drop: number }> = {
  banner: { size: 12, bold: true, leading: 14, drop: 12 },
  note: { size: 9, bold: true, leading: 11, drop: 9 },
  heading: { size: 10, bold: true, leading: 12, drop: 10 },
  label: { size: 8, bold: false, leading: 10, drop: 8.5 },
  value: { size: 8.5, bold: true, leading: 10.5, drop: 8.5 },
};

/** One line of text as placed: its box (x, baseline y, measured width, size) in PDF points. */
export interface PlacedText {
  text: string;
  style: Style;
  x: number;
  y: number;
  width: number;
  size: number;
}
export interface FiscalLayout {
  texts: PlacedText[];
  /** The QR code's square (x, bottom y, size), when there is one. */
  qr: { x: number; y: number; size: number } | null;
  height: number;
}

const QR_SIZE = 96;
const QR_GAP = 10;
const LABEL_GAP = 8;

/** A value on as few lines as fit `width`, broken after its dashes (then anywhere) when it is too long. */
function fitLines(value: string, font: Measurer, size: number, width: number): string[] {
  if (font.widthOfTextAtSize(toWinAnsi(value), size) <= width) return [value];
  return wrapText(value.replace(/-/g, '- '), font, size, width).map((l) => l.replace(/- /g, '-'));
}

/**
 * Where every line of the fiscal block goes, from widths the fonts measure (never guessed): the TEST banner across
 * the block, then the heading and the signature lines in the column left of the QR code, labels in a column as wide
 * as the widest label (at most 40% of the text column; longer ones wrap), values beside them. No two boxes overlap
 * in any language (F6, F3: the French/Swahili heading over the QR, the Swahili credit-note label over its value).
 */
export function layoutFiscalBlock(
  fonts: { regular: Measurer; bold: Measurer },
  f: PdfFiscal,
  x: number,
  top: number,
  width: number,
  language: CustomerLanguage,
): FiscalLayout {
  const S = fiscalStrings(language, f.test);
  const texts: PlacedText[] = [];
  let y = top;
  const put = (style: Style, s: string, lx: number, maxWidth: number): number => {
    const st = STYLE[style];
    const font = st.bold ? fonts.bold : fonts.regular;
    const lines = wrapText(s, font, st.size, maxWidth);
    lines.forEach((line, i) =>
      texts.push({ text: line, style, x: lx, y: y - st.drop - i * st.leading, width: font.widthOfTextAtSize(line, st.size), size: st.size }),
    );
    return lines.length * st.leading;
  };
  if (f.test) y -= put('banner', S.testBanner, x, width) + 4;
  if (f.state !== 'fiscalised') {
    y -= put('note', f.state === 'provisional' ? S.awaiting : S.refused, x, width) + 2;
    // The note wraps within the page (the A5 receipt is narrow; the TEST MODE note is longer).
    if (f.state === 'provisional') y -= put('label', S.awaitingNote, x, width);
    return { texts, qr: null, height: top - y + 6 };
  }
  const qrTop = y;
  const column = width - (f.qr_text ? QR_SIZE + QR_GAP : 0);
  y -= put('heading', f.credit_note ? S.creditHeading : S.heading, x, column) + 4;
  const rows: Array<[string, string]> = [
    [S.controlUnit, f.control_unit_id ?? ''],
    [S.fiscalNumber, `${f.fiscal_number ?? ''}   ${S.receipt}: ${f.receipt_label ?? ''}`],
    [S.internalData, groupsOfFour(f.internal_data ?? '')],
    [S.signature, groupsOfFour(f.signature ?? '')],
    [S.dateTime, f.fiscal_datetime ? fiscalDateTimeText(f.fiscal_datetime) : ''],
  ];
  if (f.credit_note && f.credits_fiscal_number) rows.splice(2, 0, [S.creditsFiscalNumber, f.credits_fiscal_number]);
  if (f.buyer_pin) rows.push([S.buyerPin, f.buyer_pin]);
  const widest = Math.max(...rows.map(([label]) => fonts.regular.widthOfTextAtSize(toWinAnsi(label), STYLE.label.size)));
  const labelWidth = Math.min(Math.ceil(widest), Math.floor(column * 0.4));
  const valueX = x + labelWidth + LABEL_GAP;
  const valueWidth = column - labelWidth - LABEL_GAP;
  for (const [label, value] of rows) {
    const rowTop = y;
    const labelHeight = put('label', label, x, labelWidth);
    y = rowTop;
    const lines = fitLines(value, fonts.bold, STYLE.value.size, valueWidth);
    lines.forEach((line, i) =>
      texts.push({
        text: line,
        style: 'value',
        x: valueX,
        y: rowTop - STYLE.value.drop - i * STYLE.value.leading,
        width: fonts.bold.widthOfTextAtSize(toWinAnsi(line), 8.5),
        size: 8.5,
      }),
    );
    y = rowTop - Math.max(labelHeight, lines.length * STYLE.value.leading) - 2.5;
  }
  const qr = f.qr_text ? { x: x + width - QR_SIZE, y: qrTop - QR_SIZE, size: QR_SIZE } : null;
  return { texts, qr, height: Math.max(top - y, qr ? top - qr.y : 0) + 6 };
}

/** Height the fiscal block needs (so the caller can start a new page first). */
export function fiscalBlockHeight(fonts: { regular: Measurer; bold: Measurer }, f: PdfFiscal, width: number, language: CustomerLanguage): number {
  return layoutFiscalBlock(fonts, f, 0, 0, width, language).height;
}

/**
 * Draws the fiscal block at (x, top), `width` wide: the authority's signature lines on the left and the QR
 * code on the right for a fiscalised document; a note for one awaiting the authority or refused. A TEST MODE
 * document carries "TEST — NOT A TAX INVOICE" in red. Returns the height used.
 */
export function drawFiscalBlock(d: Draw, f: PdfFiscal, x: number, top: number, width: number, language: CustomerLanguage): number {
  const layout = layoutFiscalBlock(d, f, x, top, width, language);
  for (const t of layout.texts) {
    const color = t.style === 'banner' ? d.alert : t.style === 'label' || t.style === 'note' ? d.muted : d.ink;
    d.page.drawText(toWinAnsi(t.text), { x: t.x, y: t.y, size: t.size, font: STYLE[t.style].bold ? d.bold : d.regular, color });
  }
  if (layout.qr && f.qr_text) {
    const m = qrModules(f.qr_text);
    // drawSvgPath draws from its top-left corner.
    d.page.drawSvgPath(qrPath(m), { x: layout.qr.x, y: layout.qr.y + layout.qr.size, scale: layout.qr.size / m.length, color: d.ink, borderWidth: 0 });
  }
  return layout.height;
}

import type { PDFFont, PDFPage, RGB } from 'pdf-lib';
import type * as PdfLib from 'pdf-lib';
import { toWinAnsi, wrapText } from './text';

export type Page = PDFPage;

/** Where the next thing is drawn; newPage() starts a page when the current one is full. */
export interface Pen {
  page: PDFPage;
  y: number;
  newPage: () => PDFPage;
  regular: PDFFont;
  bold: PDFFont;
  margin: number;
  width: number;
  bottom: number;
}

export interface Column {
  title: string;
  width: number;
  align: 'left' | 'right';
  /** Wrap this column's text too (the first column always wraps). */
  wrap?: boolean;
}

const SIZE = 9.5;
const LEADING = 12;
const PAD = 6;

/** A table whose first column wraps; the header row repeats on each new page. */
export function drawTable(pen: Pen, t: { columns: Column[]; rows: string[][]; ink: RGB; muted: RGB; rule: RGB }): void {
  const top = () => pen.page.getHeight() - pen.margin;
  // A title wider than its column wraps onto more lines (e.g. "Taxable, after credit notes"); the header grows.
  const titles = t.columns.map((c) =>
    pen.bold.widthOfTextAtSize(c.title, 8.5) <= c.width - 2 * PAD ? [c.title] : wrapText(c.title, pen.bold, 8.5, c.width - 2 * PAD),
  );
  const headerHeight = 20 + (Math.max(...titles.map((l) => l.length)) - 1) * 10;
  const header = () => {
    let x = pen.margin;
    pen.page.drawRectangle({ x: pen.margin, y: pen.y - headerHeight, width: pen.width, height: headerHeight, color: t.rule });
    t.columns.forEach((c, i) => {
      titles[i].forEach((line, j) => {
        const w = pen.bold.widthOfTextAtSize(line, 8.5);
        pen.page.drawText(line, { x: c.align === 'left' ? x + PAD : x + c.width - PAD - w, y: pen.y - 14 - j * 10, size: 8.5, font: pen.bold, color: t.ink });
      });
      x += c.width;
    });
    pen.y -= headerHeight;
  };
  header();
  for (const row of t.rows) {
    const cells = row.map((value, i) => (i === 0 || t.columns[i].wrap ? wrapText(value, pen.regular, SIZE, t.columns[i].width - 2 * PAD) : [toWinAnsi(value)]));
    const height = Math.max(...cells.map((c) => c.length)) * LEADING + 2 * PAD - 2;
    if (pen.y - height < pen.bottom) {
      pen.page = pen.newPage();
      pen.y = top();
      header();
    }
    let x = pen.margin;
    cells.forEach((lines, i) => {
      const c = t.columns[i];
      lines.forEach((line, j) => {
        const w = pen.regular.widthOfTextAtSize(line, SIZE);
        const lx = c.align === 'left' ? x + PAD : x + c.width - PAD - w;
        pen.page.drawText(line, { x: lx, y: pen.y - PAD - SIZE - j * LEADING + 2, size: SIZE, font: pen.regular, color: t.ink });
      });
      x += c.width;
    });
    pen.y -= height;
    pen.page.drawLine({ start: { x: pen.margin, y: pen.y }, end: { x: pen.margin + pen.width, y: pen.y }, thickness: 0.5, color: t.rule });
  }
}

/** A4 in points, and the margin of the A4 documents (invoice, statement, VAT return). */
export const A4: [number, number] = [595.28, 841.89];
export const A4_MARGIN = 48;

/**
 * A new A4 document with Duka's metadata (dated `day`, so the same input gives the same bytes), its two fonts, and a
 * pen that starts a page as one fills. pdf-lib is passed in: the callers load it when a document is first drawn.
 */
export async function startA4(lib: typeof PdfLib, meta: { title: string; author: string; subject?: string; day: string }) {
  const doc = await lib.PDFDocument.create({ updateMetadata: false });
  const stamp = new Date(`${meta.day}T00:00:00Z`);
  doc.setTitle(toWinAnsi(meta.title));
  doc.setAuthor(toWinAnsi(meta.author));
  if (meta.subject !== undefined) doc.setSubject(toWinAnsi(meta.subject));
  doc.setCreator('Duka');
  doc.setProducer('Duka (pdf-lib)');
  doc.setCreationDate(stamp);
  doc.setModificationDate(stamp);
  const regular = await doc.embedFont(lib.StandardFonts.Helvetica);
  const bold = await doc.embedFont(lib.StandardFonts.HelveticaBold);
  const pages: Page[] = [];
  const newPage = (): Page => {
    const page = doc.addPage(A4);
    pages.push(page);
    return page;
  };
  const M = A4_MARGIN;
  const pen: Pen = { page: newPage(), y: A4[1] - M, newPage, regular, bold, margin: M, width: A4[0] - 2 * M, bottom: M + 24 };
  return { doc, regular, bold, pages, pen };
}

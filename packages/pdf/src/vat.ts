/**
 * The VAT return PDF (issue 26): the owner's own document, so its words come from the screen (labels), the
 * figures from core's vatReturn. Made on the device from local data (offline), like the statement.
 */
import { type CustomerLanguage, formatDateIn, type VatForeign, type VatReturn } from '@duka/core';
import { A4, A4_MARGIN, drawTable, startA4 } from './layout';
import { pdfMoney, toWinAnsi, wrapText } from './text';

export interface VatPdfLabels {
  title: string;
  period: string;
  tax: string;
  rate: string;
  taxable: string;
  outputTax: string;
  creditNotes: string;
  net: string;
  totalOutput: string;
  inputTax: string;
  netPayable: string;
  /** The label when the net is negative (VAT to reclaim): the amount is then printed without a minus. */
  netRefund?: string;
  counts: string;
  /** Under the table: which columns are after credit notes and which before. */
  basis?: string;
  /**
   * The home return's documents in other currencies (t19 N5, t20): the screen's sentences for one currency's detail —
   * its VAT and what it was counted as at the documents' rates, and how many have no rate (the PDF lists their numbers).
   */
  foreignCounted?: (f: VatForeign) => string;
  foreignMissing?: (f: VatForeign) => string;
  /** Its expenses counted at their rates: their input tax and what it was counted as. */
  foreignExpenses?: (f: VatForeign) => string;
}

export interface VatPdfOptions {
  business: { name: string; tax_id?: string | null };
  /** yyyy-mm-dd the return is made on (printed; also the PDF's date so the bytes are reproducible). */
  today: string;
  language?: CustomerLanguage;
  labels: VatPdfLabels;
}

const M = A4_MARGIN;

export async function buildVatReturnPdf(v: VatReturn, opts: VatPdfOptions): Promise<Uint8Array> {
  const lib = await import('pdf-lib');
  const { rgb } = lib;
  const language = opts.language ?? 'en';
  const L = opts.labels;
  const INK = rgb(0.12, 0.14, 0.17);
  const MUTED = rgb(0.42, 0.45, 0.5);
  const money = (n: number) => pdfMoney(n, v.currency, language, { minor: true });
  const { doc, regular, bold, pages, pen } = await startA4(lib, { title: `${L.title} ${v.from} - ${v.to}`, author: opts.business.name, day: opts.today });
  const text = (t: string, x: number, y: number, size = 10, font = regular, c = INK) => pen.page.drawText(toWinAnsi(t), { x, y, size, font, color: c });

  text(L.title, M, pen.y - 20, 20, bold);
  text(opts.business.name + (opts.business.tax_id ? ` - ${opts.business.tax_id}` : ''), M, pen.y - 38, 11, bold);
  text(`${L.period}: ${formatDateIn(v.from, language)} - ${formatDateIn(v.to, language)} (${v.currency})`, M, pen.y - 54, 10, regular, MUTED);
  text(L.counts, M, pen.y - 68, 9, regular, MUTED);
  pen.y -= 88;

  const rates = v.rates.map((r) => (r.rate_bps === null ? '' : `${r.rate_bps / 100}%`));
  // The short columns are as wide as their title's longest word and their values, measured (sw "Kiwango" was cut).
  const fit = (min: number, title: string, values: string[]) =>
    Math.max(
      min,
      Math.ceil(
        Math.max(
          ...toWinAnsi(title)
            .split(' ')
            .map((word) => bold.widthOfTextAtSize(word, 8.5)),
          ...values.map((x) => regular.widthOfTextAtSize(toWinAnsi(x), 9.5)),
        ),
      ) + 12,
    );
  const taxWidth = fit(70, L.tax, []);
  const rateWidth = fit(40, L.rate, rates);
  const w = (pen.width - taxWidth - rateWidth) / 4;
  drawTable(pen, {
    columns: [
      { title: L.tax, width: taxWidth, align: 'left' },
      { title: L.rate, width: rateWidth, align: 'right' },
      { title: L.taxable, width: w, align: 'right' },
      { title: L.outputTax, width: w, align: 'right' },
      { title: L.creditNotes, width: w, align: 'right' },
      { title: L.net, width: w, align: 'right' },
    ],
    rows: v.rates.map((r, i) => [r.name, rates[i], money(r.taxable), money(r.output_tax), money(-r.credited_tax), money(r.net_tax)]),
    ink: INK,
    muted: MUTED,
    rule: rgb(0.86, 0.88, 0.9),
  });
  if (L.basis) {
    pen.y -= 6;
    for (const line of wrapText(L.basis, regular, 8, pen.width)) {
      pen.page.drawText(line, { x: M, y: pen.y - 8, size: 8, font: regular, color: MUTED });
      pen.y -= 10;
    }
  }
  pen.y -= 16;
  const right = A4[0] - M;
  const refund = v.net_payable < 0;
  for (const [label, value, strong] of [
    [L.totalOutput, money(v.net_output_tax), false],
    [L.inputTax, money(-v.input_tax), false],
    refund && L.netRefund ? [L.netRefund, money(-v.net_payable), true] : [L.netPayable, money(v.net_payable), true],
  ] as Array<[string, string, boolean]>) {
    const size = strong ? 12 : 10;
    const font = strong ? bold : regular;
    text(label, right - 260, pen.y - size, size, font, strong ? INK : MUTED);
    const t = toWinAnsi(value);
    pen.page.drawText(t, { x: right - font.widthOfTextAtSize(t, size), y: pen.y - size, size, font, color: INK });
    pen.y -= strong ? 22 : 16;
  }
  // The documents in other currencies, as the screen says it: counted at their rates, or left out for want of one.
  const foreign = (v.foreign ?? []).flatMap((f) => [
    ...(f.invoice_count + f.credit_note_count > 0 && L.foreignCounted ? [{ line: L.foreignCounted(f), warn: false }] : []),
    ...((f.expense_count ?? 0) > 0 && L.foreignExpenses ? [{ line: L.foreignExpenses(f), warn: false }] : []),
    ...(f.missing_rate.length > 0 && L.foreignMissing
      ? [
          { line: L.foreignMissing(f), warn: true },
          { line: f.missing_rate.map((d) => d.number).join(', '), warn: true },
        ]
      : []),
  ]);
  if (foreign.length) {
    pen.y -= 8;
    for (const { line, warn } of foreign) {
      for (const part of wrapText(line, warn ? bold : regular, 9, pen.width)) {
        if (pen.y - 12 < pen.bottom) {
          pen.page = pen.newPage();
          pen.y = A4[1] - M;
        }
        pen.page.drawText(part, { x: M, y: pen.y - 9, size: 9, font: warn ? bold : regular, color: warn ? INK : MUTED });
        pen.y -= 12;
      }
      pen.y -= 4;
    }
  }
  pages.forEach((page, i) => {
    const footer = toWinAnsi(`${i + 1}/${pages.length}`);
    page.drawText(footer, { x: right - regular.widthOfTextAtSize(footer, 8), y: M - 16, size: 8, font: regular, color: MUTED });
  });
  return doc.save({ useObjectStreams: true });
}

/**
 * A client statement PDF (issue 18): opening balance, the period's invoices and payments with a running balance,
 * closing balance. Made on the device from local data (offline), same package as invoices and receipts.
 */
import { type CustomerLanguage, documentStrings, documentText, formatDateIn, methodLabelIn, type Statement, statementShowsMinor } from '@duka/core';
import type { RGB } from 'pdf-lib';
import { A4, A4_MARGIN, drawTable, startA4 } from './layout';
import { pdfMoney, toWinAnsi, wrapText } from './text';

export interface StatementPdfOptions {
  business: { name: string; email?: string | null };
  client: { name: string; email?: string | null; phone?: string | null; address?: string | null };
  /** yyyy-mm-dd the statement is made on (printed; also the PDF's date so the bytes are reproducible). */
  today: string;
  /** The client's language (issue 19); English when left out. */
  language?: CustomerLanguage;
}

const M = A4_MARGIN;
const color = (red: number, green: number, blue: number) => ({ type: 'RGB', red, green, blue }) as RGB;
const INK = color(0.12, 0.14, 0.17);
const MUTED = color(0.42, 0.45, 0.5);
const ACCENT = color(0.035, 0.573, 0.408);
const RULE = color(0.86, 0.88, 0.9);

export async function buildStatementPdf(s: Statement, opts: StatementPdfOptions): Promise<Uint8Array> {
  const language = opts.language ?? 'en';
  const S = documentStrings(language);
  const formatDate = (d: string) => formatDateIn(d, language);
  // English keeps the statement's own wording; other languages name the invoice and the payment method in theirs.
  const entryText = (e: Statement['entries'][number]) => {
    if (language === 'en') return e.description;
    if (e.kind === 'invoice') return documentText(language, 'entryInvoice', { number: e.number });
    if (e.kind === 'credit_note') return documentText(language, 'entryCreditNote', { credit: e.number, number: e.reference ?? '' });
    if (!e.method) return e.description;
    const method = `${methodLabelIn(e.method, language)}${e.test ? ' (TEST)' : ''}${e.reference ? `, ${e.reference}` : ''}`;
    return documentText(language, 'entryPayment', { number: e.number, method });
  };
  // Minor units on every amount once one has them (issue 23).
  const minor = statementShowsMinor(s);
  const money = (n: number) => pdfMoney(n, s.currency, language, { minor });
  const { doc, regular, bold, pages, pen } = await startA4(await import('pdf-lib'), {
    title: documentText(language, 'statementFor', { client: opts.client.name }),
    author: opts.business.name,
    subject: `Statement ${s.from} to ${s.to} (${s.currency})`,
    day: opts.today,
  });
  const right = A4[0] - M;
  const text = (t: string, x: number, y: number, size = 10, font = regular, c = INK) => pen.page.drawText(toWinAnsi(t), { x, y, size, font, color: c });
  const textRight = (t: string, x: number, y: number, size = 10, font = regular, c = INK) => {
    const w = toWinAnsi(t);
    pen.page.drawText(w, { x: x - font.widthOfTextAtSize(w, size), y, size, font, color: c });
  };

  let leftY = pen.y;
  for (const line of wrapText(opts.business.name, bold, 13, 260)) {
    text(line, M, leftY - 13, 13, bold);
    leftY -= 16;
  }
  if (opts.business.email) {
    text(opts.business.email, M, leftY - 9, 9, regular, MUTED);
    leftY -= 12;
  }
  textRight(S.statementTitle, right, pen.y - 22, 22, bold, ACCENT);
  textRight(`${formatDate(s.from)} - ${formatDate(s.to)}`, right, pen.y - 40, 10, bold);
  textRight(documentText(language, 'madeOn', { date: formatDate(opts.today) }), right, pen.y - 54, 9, regular, MUTED);
  pen.y = Math.min(leftY, pen.y - 62) - 18;

  text(S.client, M, pen.y - 9, 8, bold, MUTED);
  let y = pen.y - 24;
  for (const line of wrapText(opts.client.name, bold, 11, 260)) {
    text(line, M, y, 11, bold);
    y -= 14;
  }
  for (const v of [opts.client.address, opts.client.phone, opts.client.email].filter((v): v is string => !!v?.trim()).flatMap((v) => v.split(/\r?\n/))) {
    text(v, M, y, 9, regular, MUTED);
    y -= 12;
  }
  const credits = s.credited !== 0 || s.entries.some((e) => e.kind === 'credit_note');
  const facts: Array<[string, string]> = [
    [S.openingBalance, money(s.opening_balance)],
    [S.invoiced, money(s.invoiced)],
    // Credit notes (issue 26) are not payments: their own line and column, only when there are any.
    ...(credits ? ([[S.credited, money(s.credited)]] as Array<[string, string]>) : []),
    [S.paid, money(s.paid)],
    [S.closingBalance, money(s.closing_balance)],
  ];
  let fy = pen.y - 9;
  for (const [label, value] of facts) {
    text(label, right - 220, fy, 9, regular, MUTED);
    textRight(value, right, fy, 10, bold);
    fy -= 15;
  }
  pen.y = Math.min(y, fy) - 16;

  const amount = credits ? 72 : 85;
  const cell = (n: number) => (n ? money(n) : '');
  drawTable(pen, {
    columns: [
      { title: S.date, width: 70, align: 'left' },
      { title: S.details, width: pen.width - 70 - (credits ? 4 : 3) * amount, align: 'left', wrap: credits },
      { title: S.invoiced, width: amount, align: 'right' },
      ...(credits ? [{ title: S.credited, width: amount, align: 'right' as const }] : []),
      { title: S.paid, width: amount, align: 'right' },
      { title: S.balance, width: amount, align: 'right' },
    ],
    rows: [
      [formatDate(s.from), S.openingBalance, '', ...(credits ? [''] : []), '', money(s.opening_balance)],
      ...s.entries.map((e) => [
        formatDate(e.date),
        entryText(e),
        cell(e.debit),
        ...(credits ? [cell(e.kind === 'credit_note' ? e.credit : 0)] : []),
        cell(e.kind === 'credit_note' ? 0 : e.credit),
        money(e.balance),
      ]),
      [formatDate(s.to), S.closingBalance, money(s.invoiced), ...(credits ? [money(s.credited)] : []), money(s.paid), money(s.closing_balance)],
    ],
    ink: INK,
    muted: MUTED,
    rule: RULE,
  });

  pen.y -= 18;
  if (pen.y - 20 < pen.bottom) {
    pen.page = pen.newPage();
    pen.y = A4[1] - M;
  }
  text(
    s.closing_balance > 0 ? documentText(language, 'amountDueIs', { amount: money(s.closing_balance) }) : S.nothingOwed,
    M,
    pen.y - 11,
    11,
    bold,
    s.closing_balance > 0 ? INK : ACCENT,
  );

  pages.forEach((page, i) => {
    const footer = toWinAnsi(documentText(language, 'statementPageOf', { page: i + 1, pages: pages.length }));
    page.drawText(footer, { x: right - regular.widthOfTextAtSize(footer, 8), y: M - 16, size: 8, font: regular, color: MUTED });
    page.drawText(toWinAnsi(S.madeWithDuka), { x: M, y: M - 16, size: 8, font: regular, color: MUTED });
  });
  return doc.save({ useObjectStreams: true });
}

/**
 * @duka/pdf: the invoice PDF, made the same way on the device (offline) and on the server (e-mail,
 * public page). pdf-lib with the standard Helvetica fonts: pure JavaScript, runs in browsers and Node,
 * no font file. The same input gives byte-identical output (dates come from the invoice).
 */
import {
  businessDetailsOf,
  businessIdNames,
  type BusinessIdNames,
  clientLanguage,
  companyInitials,
  computeInvoiceTotals,
  type CustomerLanguage,
  discountRows,
  displayStatus,
  documentStrings,
  documentText,
  type DocumentStrings,
  formatBps,
  formatDateIn,
  documentShowsMinor,
  formatPhone,
  formatQuantity,
  isTaxInvoiceIssuer,
  labelledId,
  withheldOf,
  type InvoiceDiscount,
  type InvoiceFeeInput,
  type InvoiceKind,
  type InvoiceStatus,
  statusLabelIn,
  testModeBalance,
  testRefundDue,
  testPaid,
} from '@duka/core';
// pdf-lib is loaded on first use (about 0.35 s of start-up on the server, and its own chunk on the device).
import type { RGB } from 'pdf-lib';
import { A4, A4_MARGIN, drawTable, startA4 } from './layout';
import { labelLines, pdfMoney, toWinAnsi, wrapText } from './text';
import { documentCountry } from './countries';
import { drawFiscalBlock, fiscalBlockHeight, type PdfFiscal } from './fiscal';
import { salePaymentRows } from './sale';

export { toWinAnsi, wrapText } from './text';
export { drawFiscalBlock, layoutFiscalBlock, qrModules, qrPath, type FiscalLayout, type PdfFiscal } from './fiscal';

export interface PdfParty {
  name: string;
  email?: string | null;
  phone?: string | null;
  address?: string | null;
  /** Tax ID (TIN, KRA PIN, VAT number). */
  tax_id?: string | null;
  /** Company registration number (RC, BN). */
  registration_number?: string | null;
  /** What its country calls these numbers (core businessIdNames: "KRA PIN", "NIU", "RCCM"); else the general words. */
  id_names?: BusinessIdNames;
  /**
   * The business issues tax invoices by its country's law (core isTaxInvoiceIssuer, South Africa's VAT vendor): the
   * invoice is titled 'TAX INVOICE' and both parties' tax numbers are labelled as VAT numbers.
   */
  tax_invoice?: boolean;
}

/** The invoice fields the PDF shows (an InvoiceRecord fits). */
export interface PdfInvoice {
  kind: InvoiceKind;
  number: string;
  status: InvoiceStatus;
  issue_date: string;
  due_date?: string | null;
  currency: string;
  lines: Array<{ id: string; description: string; quantity: number; unit_price: number; fee_ids?: string[] }>;
  fees?: InvoiceFeeInput[];
  fee_ids?: string[];
  discount?: InvoiceDiscount | null;
  /** `test`: a TEST MODE payment (no money): never in the balance, shown apart (issue 25). */
  payments?: Array<{ amount: number; date: string; method: string; reference?: string; test?: boolean; tendered?: number }>;
  notes?: string;
  terms?: string;
  payment_instructions?: string;
  /** Credit notes (issue 26): on an invoice, what they took off; on a credit note, the invoice's number and the reason. */
  credited_total?: number;
  credited_invoice_number?: string | null;
  credit_reason?: string | null;
}

export interface PdfOptions {
  business: PdfParty;
  client: PdfParty;
  /** Fee definitions when the invoice carries none of its own (normally the invoice keeps a snapshot). */
  fees?: InvoiceFeeInput[];
  /** The public link where the client can view and pay. */
  payLink?: string | null;
  /** PNG or JPEG bytes; other formats are left out. */
  logo?: Uint8Array | null;
  /** yyyy-mm-dd: when given, a past-due invoice with a balance shows OVERDUE. */
  today?: string;
  /** false: leave off the "Made with Duka" line (a paid plan, @duka/core PLAN_BENEFITS.removeBranding). */
  branding?: boolean;
  /** The client's language (issue 19): labels, dates and money; English when left out. */
  language?: CustomerLanguage;
  /** The invoice's standing with the tax authority (issue 26): the fiscal block, QR code and TEST MODE banner. */
  fiscal?: PdfFiscal | null;
}

/**
 * Business and client blocks from the user and contact records. The device and the server both call this,
 * so their PDFs match byte for byte.
 */
export function pdfParties(
  user: {
    name?: string | null;
    company_name?: string | null;
    email?: string | null;
    country?: string | null;
    invoice_settings?: string | null;
    language?: string | null;
  },
  contact: {
    name?: string | null;
    email?: string | null;
    phone?: string | null;
    address?: string | null;
    city?: string | null;
    country?: string | null;
    tax_id?: string | null;
    language?: string | null;
  } | null,
): { business: PdfParty; client: PdfParty; language: CustomerLanguage } {
  const own = businessDetailsOf(user.invoice_settings);
  const language = clientLanguage(contact?.language, user.language);
  // The country in the document's language, from one table the device and the server share (byte-identical PDFs).
  const country = documentCountry(contact?.country, language);
  const address = contact ? [contact.address, [contact.city, country].filter(Boolean).join(', ')].filter(Boolean).join('\n') : '';
  return {
    language,
    business: {
      name: user.company_name || user.name || '',
      // The business contact e-mail of the settings; the owner's login e-mail is never printed (issue 22 item 5).
      email: own.email || null,
      address: own.address || null,
      phone: formatPhone(own.phone, user.country) || null,
      tax_id: own.tax_id || null,
      registration_number: own.registration_number || null,
      tax_invoice: isTaxInvoiceIssuer(user.country, own.tax_id),
      id_names: businessIdNames(user.country),
    },
    client: {
      name: contact?.name || documentStrings(language).clientFallback,
      email: contact?.email || null,
      phone: formatPhone(contact?.phone, contact?.country, user.country) || null,
      address: address || null,
      tax_id: contact?.tax_id || null,
      // A client abroad has its own country's number (a Nigerian client of a Kenyan shop has a TIN, not a KRA PIN).
      id_names: businessIdNames(contact?.country || user.country),
    },
  };
}

/** The public link printed on the PDF: {origin}/invoice/link/{public_id}. */
export function invoicePublicLink(origin: string, publicId: string): string {
  return `${origin.replace(/\/$/, '')}/invoice/link/${publicId}`;
}

const MARGIN = A4_MARGIN;
const color = (red: number, green: number, blue: number) => ({ type: 'RGB', red, green, blue }) as RGB;
const INK = color(0.12, 0.14, 0.17);
const MUTED = color(0.42, 0.45, 0.5);
const ACCENT = color(0.035, 0.573, 0.408);

function isPng(b: Uint8Array): boolean {
  return b.length > 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47;
}
function isJpeg(b: Uint8Array): boolean {
  return b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;
}

function partyLines(p: PdfParty, S: DocumentStrings, language: CustomerLanguage, vat = false): string[] {
  const taxLabel = p.id_names?.taxId ?? (vat ? S.vatNumber : S.taxId);
  const ids = [
    p.tax_id && labelledId(taxLabel, p.tax_id, language),
    p.registration_number && labelledId(p.id_names?.registration ?? S.regNo, p.registration_number, language),
  ];
  return [p.address, p.phone, p.email, ...ids].filter((v): v is string => !!v && v.trim() !== '').flatMap((v) => v.split(/\r?\n/));
}

/** Loads the PDF engine ahead of time (the device warms it before going offline). */
export function loadPdfEngine(): Promise<unknown> {
  return import('pdf-lib');
}

export async function buildInvoicePdf(invoice: PdfInvoice, opts: PdfOptions): Promise<Uint8Array> {
  const fees = invoice.fees && invoice.fees.length ? invoice.fees : (opts.fees ?? []);
  const totals = computeInvoiceTotals({
    lines: invoice.lines,
    fees,
    fee_ids: invoice.fee_ids,
    discount: invoice.discount,
    payments: invoice.payments,
    credited: invoice.credited_total ?? 0,
  });
  const creditNote = invoice.kind === 'credit_note';
  const language = opts.language ?? 'en';
  const S = documentStrings(language);
  // Once one amount has kobo or cents, every amount shows them (₦33,505.00 beside ₦2,512.88; issue 23).
  const minor = documentShowsMinor(invoice, totals);
  const money = (n: number) => pdfMoney(n, invoice.currency, language, { minor });
  const date = (d: string) => formatDateIn(d, language);
  const quote = invoice.kind === 'quote';
  // A counter sale is a receipt (issue 28): no due date, no call to pay once paid, how it was paid and the change.
  const sale = invoice.kind === 'sale';
  const saleOwes = sale && invoice.status !== 'void' && totals.balance > 0;
  const vat = !!opts.business.tax_invoice;
  // A VAT vendor's till slip is its tax invoice too (South Africa: VAT Act s 20(5), an abridged tax invoice).
  const title = creditNote ? S.creditNoteTitle : quote ? S.quoteTitle : vat ? S.taxInvoiceTitle : sale ? S.receiptTitle : S.invoiceTitle;
  const status = opts.today ? displayStatus({ ...invoice, balance: totals.balance }, opts.today) : invoice.status;

  const lib = await import('pdf-lib');
  const { PDFArray, PDFName, PDFString, rgb } = lib;
  const { doc, regular, bold, pages, pen } = await startA4(lib, {
    title: `${quote ? S.quoteWord : sale ? S.receiptWord : S.invoiceWord} ${invoice.number}`,
    author: opts.business.name,
    subject: documentText(language, 'docSubject', { title: sale ? S.receiptWord : title, number: invoice.number, client: opts.client.name }),
    day: invoice.issue_date,
  });
  const right = A4[0] - MARGIN;
  const text = (s: string, x: number, y: number, size = 10, font = regular, color = INK) => pen.page.drawText(toWinAnsi(s), { x, y, size, font, color });
  const textRight = (s: string, x: number, y: number, size = 10, font = regular, color = INK) => {
    const t = toWinAnsi(s);
    pen.page.drawText(t, { x: x - font.widthOfTextAtSize(t, size), y, size, font, color });
  };

  // Header: logo and business on the left, title and number on the right.
  let leftY = pen.y;
  let drewLogo = false;
  if (opts.logo && (isPng(opts.logo) || isJpeg(opts.logo))) {
    try {
      const img = isPng(opts.logo) ? await doc.embedPng(opts.logo) : await doc.embedJpg(opts.logo);
      const scale = Math.min(140 / img.width, 56 / img.height, 1);
      const w = img.width * scale;
      const h = img.height * scale;
      pen.page.drawImage(img, { x: MARGIN, y: leftY - h, width: w, height: h });
      leftY -= h + 10;
      drewLogo = true;
    } catch {
      // an unreadable logo is left out rather than failing the invoice
    }
  }
  // No logo: the company's 2-letter initials in a circle (SPEC §9).
  const initials = drewLogo ? '' : toWinAnsi(companyInitials(opts.business.name));
  if (initials.trim()) {
    const r = 22;
    pen.page.drawCircle({ x: MARGIN + r, y: leftY - r, size: r, color: ACCENT });
    const w = bold.widthOfTextAtSize(initials, 16);
    pen.page.drawText(initials, { x: MARGIN + r - w / 2, y: leftY - r - 5.5, size: 16, font: bold, color: rgb(1, 1, 1) });
    leftY -= 2 * r + 10;
  }
  for (const line of wrapText(opts.business.name, bold, 13, 260)) {
    text(line, MARGIN, leftY - 13, 13, bold);
    leftY -= 16;
  }
  for (const line of partyLines(opts.business, S, language, vat).flatMap((l) => wrapText(l, regular, 9, 260))) {
    text(line, MARGIN, leftY - 9, 9, regular, MUTED);
    leftY -= 12;
  }
  textRight(title, right, pen.y - 22, 22, bold, ACCENT);
  textRight(invoice.number, right, pen.y - 40, 12, bold);
  // 'Ready' is the owner's word for a finished invoice not sent yet: the document the client gets shows no status then.
  if (status !== 'ready')
    textRight(statusLabelIn(status, language).toUpperCase(), right, pen.y - 56, 9, bold, status === 'overdue' ? rgb(0.8, 0.15, 0.15) : MUTED);
  pen.y = Math.min(leftY, pen.y - 64) - 18;

  // Bill to and dates.
  const top = pen.y;
  text(quote ? S.preparedFor : sale ? S.soldTo : S.billTo, MARGIN, top - 9, 8, bold, MUTED);
  let billY = top - 24;
  for (const line of wrapText(opts.client.name, bold, 11, 260)) {
    text(line, MARGIN, billY, 11, bold);
    billY -= 14;
  }
  for (const line of partyLines(opts.client, S, language, vat).flatMap((l) => wrapText(l, regular, 9, 260))) {
    text(line, MARGIN, billY, 9, regular, MUTED);
    billY -= 12;
  }
  const owes = (invoice.kind === 'invoice' && invoice.status !== 'void') || saleOwes;
  const facts: Array<[string, string]> = [
    [sale ? S.date : S.issueDate, date(invoice.issue_date)],
    ...(sale
      ? []
      : ([
          creditNote
            ? [S.invoiceWord, invoice.credited_invoice_number ?? '-']
            : [quote ? S.validUntil : S.dueDate, invoice.due_date ? date(invoice.due_date) : '-'],
        ] as Array<[string, string]>)),
    // A quote and a void invoice owe nothing: they show their total, never a balance due (issue 14).
    owes ? [S.balanceDue, money(totals.balance)] : [creditNote ? S.totalCredited : S.total, money(totals.total_due)],
  ];
  // TEST MODE payments (issue 25): the balance due at the top has what the TEST journey left beside it (t14 D1).
  const tested = owes ? testPaid(invoice) : 0;
  const testLeft = testModeBalance({
    total_due: totals.total_due,
    balance: totals.balance,
    credited_total: invoice.credited_total ?? 0,
    payments: invoice.payments,
  });
  // TEST payments beyond what is owed after credit notes (t20 U4): what TEST MODE would give back, so that the balance
  // due less what TEST paid adds up (USh84,813 − USh89,297 → Refund due (TEST) USh4,484), not "Balance after TEST MODE 0".
  const testRefund = owes ? testRefundDue({ ...invoice, total_due: totals.total_due }) : 0;
  if (tested > 0) facts.push(testRefund > 0 ? [S.testRefundDue, money(testRefund)] : [S.testModeBalance, money(testLeft)]);
  let factY = top - 9;
  for (const [label, value] of facts) {
    const lines = labelLines(label, regular, 9, { text: value, font: bold, size: 10 }, 220);
    textRight(value, right, factY, 10, bold);
    for (const line of lines) {
      text(line, right - 220, factY, 9, regular, MUTED);
      factY -= 11;
    }
    factY -= 4;
  }
  pen.y = Math.min(billY, factY) - 16;

  // Lines.
  drawTable(pen, {
    columns: [
      { title: S.description, width: pen.width - 250, align: 'left' },
      { title: S.qty, width: 50, align: 'right' },
      { title: S.unitPrice, width: 100, align: 'right' },
      { title: S.amount, width: 100, align: 'right' },
    ],
    rows: invoice.lines.map((l, i) => [l.description, formatQuantity(l.quantity, language), money(l.unit_price), money(totals.lines[i].amount)]),
    ink: INK,
    muted: MUTED,
    rule: rgb(0.86, 0.88, 0.9),
  });

  // Totals.
  const rows: Array<[string, string, boolean?]> = [[S.subtotal, money(totals.subtotal)]];
  // The whole-shillings rounding is its own row, "Rounding", apart from the owner's discount (core's discountRows).
  const off = discountRows(invoice.discount, totals.discount_total);
  if (off.discount > 0) {
    const d = invoice.discount;
    rows.push([d && d.type === 'percentage' ? `${S.discount} (${formatBps(d.value, language)})` : S.discount, money(-off.discount)]);
  }
  if (off.rounding > 0) rows.push([S.rounding, money(-off.rounding)]);
  // Taxes, then fees and surcharges: a fee is never read as tax (issue 23). With both on the invoice, each group has its total.
  const both = totals.tax_total > 0 && totals.fee_total > 0;
  for (const kind of ['tax', 'fee'] as const) {
    for (const f of totals.fees.filter((x) => (x.kind === 'fee') === (kind === 'fee'))) {
      const label = `${f.name}${f.percentage_bps !== null && !f.name.includes('%') ? ` (${formatBps(f.percentage_bps, language)})` : ''}${f.inclusive ? ` (${S.included})` : ''}${f.subject_to_tax ? ` (${S.taxApplies})` : ''}`;
      rows.push([label, money(f.amount)]);
    }
    if (both) rows.push(kind === 'tax' ? [S.taxTotal, money(totals.tax_total)] : [S.feeTotal, money(totals.fee_total)]);
  }
  rows.push([S.total, money(totals.total_due), true]);
  const credited = invoice.credited_total ?? 0;
  // A counter sale credited (issue 26 F7) shows what was credited and any refund due, as an invoice does; a sale
  // that was not credited lists its payments below instead (salePaymentRows), with no "Balance due" of 0.
  if ((invoice.kind === 'invoice' || (sale && credited > 0)) && invoice.status !== 'void' && (totals.amount_paid > 0 || credited > 0)) {
    if (credited > 0) rows.push([S.credited, money(-credited)]);
    // Tax the client withheld settles its part but is no money paid: on its own row (its certificate is the reference).
    const withheld = withheldOf(invoice.payments);
    if (totals.amount_paid - withheld > 0) rows.push([S.amountPaid, money(-(totals.amount_paid - withheld))]);
    if (withheld > 0) rows.push([S.method_withholding, money(-withheld)]);
    rows.push([S.balanceDue, money(totals.balance), true]);
    if (totals.credit > 0) rows.push([S.credit, money(totals.credit)]);
  }
  if (sale && invoice.status !== 'void') rows.push(...salePaymentRows(invoice.payments ?? [], totals.balance, S, language, money));
  // TEST MODE payments (issue 25): apart from the real balance, with what the TEST journey left (core testModeBalance),
  // as the owner's invoice and the TEST receipt say.
  if (tested > 0) {
    rows.push([S.testModePaid, money(-tested)]);
    rows.push(testRefund > 0 ? [S.testRefundDue, money(testRefund), true] : [S.testModeBalance, money(testLeft), true]);
  }
  pen.y -= 8;
  // Keep the totals together on one page.
  if (pen.y - rows.reduce((h, r) => h + (r[2] ? 20 : 16), 0) < pen.bottom) {
    pen.page = pen.newPage();
    pen.y = A4[1] - MARGIN;
  }
  for (const [label, value, strong] of rows) {
    if (strong) pen.page.drawLine({ start: { x: right - 250, y: pen.y + 2 }, end: { x: right, y: pen.y + 2 }, thickness: 0.5, color: MUTED });
    const size = strong ? 11 : 10;
    const font = strong ? bold : regular;
    // A long label (the Swahili TEST MODE one) wraps rather than running into its amount (t14 D4).
    const lines = labelLines(label, font, size, { text: value, font, size }, 250);
    lines.forEach((line, i) => text(line, right - 250, pen.y - size - i * (size + 3), size, font, strong ? INK : MUTED));
    textRight(value, right, pen.y - size, size, font);
    pen.y -= (strong ? 20 : 16) + (lines.length - 1) * (size + 3);
  }

  // The tax authority's block (issue 26): signature lines and QR code, or "awaiting KRA".
  if (opts.fiscal && invoice.kind !== 'quote') {
    if (pen.y - 20 - fiscalBlockHeight({ regular, bold }, opts.fiscal, pen.width, language) < pen.bottom) {
      pen.page = pen.newPage();
      pen.y = A4[1] - MARGIN;
    }
    pen.y -= 20;
    const alert = rgb(0.8, 0.15, 0.15);
    pen.y -= drawFiscalBlock({ page: pen.page, regular, bold, ink: INK, muted: MUTED, alert }, opts.fiscal, MARGIN, pen.y, pen.width, language);
  }

  // Payment instructions, pay link, notes, terms.
  const block = (heading: string, body: string) => {
    const lines = wrapText(body, regular, 9.5, pen.width);
    if (pen.y - 30 < pen.bottom) {
      pen.page = pen.newPage();
      pen.y = A4[1] - MARGIN;
    }
    pen.y -= 14;
    text(heading, MARGIN, pen.y - 8, 8, bold, MUTED);
    pen.y -= 14;
    for (const line of lines) {
      if (pen.y - 12 < pen.bottom) {
        pen.page = pen.newPage();
        pen.y = A4[1] - MARGIN;
      }
      text(line, MARGIN, pen.y - 9.5, 9.5);
      pen.y -= 13;
    }
  };
  if (creditNote && invoice.credit_reason?.trim()) block(S.creditReason, invoice.credit_reason.trim());
  // A paid sale asks for nothing: no payment instructions, its link is to view it only.
  if (invoice.payment_instructions?.trim() && (!sale || saleOwes)) block(S.howToPay, invoice.payment_instructions.trim());
  if (opts.payLink) {
    block(quote || creditNote || (sale && !saleOwes) ? S.viewOnline : S.viewAndPayOnline, opts.payLink); // a credit note asks for no payment
    const link = toWinAnsi(opts.payLink);
    const annot = doc.context.obj({
      Type: 'Annot',
      Subtype: 'Link',
      Rect: [MARGIN, pen.y, MARGIN + Math.min(regular.widthOfTextAtSize(link, 9.5), pen.width), pen.y + 13],
      Border: [0, 0, 0],
      A: { Type: 'Action', S: 'URI', URI: PDFString.of(opts.payLink) },
    });
    const annots = pen.page.node.lookupMaybe(PDFName.of('Annots'), PDFArray) ?? doc.context.obj([]);
    annots.push(doc.context.register(annot));
    pen.page.node.set(PDFName.of('Annots'), annots);
  }
  if (invoice.notes?.trim()) block(S.notes, invoice.notes.trim());
  if (invoice.terms?.trim()) block(S.terms, invoice.terms.trim());

  // Footer on every page.
  pages.forEach((page, i) => {
    const footer = toWinAnsi(`${invoice.number}  -  ${documentText(language, 'pageOf', { page: i + 1, pages: pages.length })}`);
    page.drawText(footer, { x: right - regular.widthOfTextAtSize(footer, 8), y: MARGIN - 16, size: 8, font: regular, color: MUTED });
    if (opts.branding !== false) page.drawText(toWinAnsi(S.madeWithDuka), { x: MARGIN, y: MARGIN - 16, size: 8, font: regular, color: MUTED });
  });

  return doc.save({ useObjectStreams: true });
}
export { buildReceiptPdf, type ReceiptPdfOptions } from './receipt';
export { buildStatementPdf, type StatementPdfOptions } from './statement';
export { buildVatReturnPdf, type VatPdfLabels, type VatPdfOptions } from './vat';

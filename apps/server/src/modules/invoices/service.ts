import { randomUUID } from 'node:crypto';
import {
  discountRows,
  apiPath,
  businessToday,
  isBilledKind,
  type CommandInvoice,
  type CommandResult,
  computeInvoiceTotals,
  convertQuoteCommand,
  creditNoteCommand,
  type CreditNoteCreate,
  CreditNoteError,
  type CustomerLanguage,
  documentStrings,
  documentText,
  formatDateIn,
  formatMessageMoneyIn,
  labelled,
  InvoiceCommandError,
  invoiceDefaults,
  type InvoiceKind,
  invoiceStatusOn,
  type InvoicePayment,
  type InvoiceRecord,
  markSentCommand,
  newPublicId,
  parseInvoiceSettingsString,
  partPayRule,
  payableAmount,
  type PaymentInput,
  type PublicInvoice,
  realBalanceOf,
  realStatus,
  receiptNumber,
  recordPaymentCommand,
  recordShowsMinor,
  testModeBalance,
  testPaymentStatus,
  userTimeZone,
  voidCommand,
} from '@duka/core';
import { invoicePublicLink, type PdfParty, pdfParties } from '@duka/pdf';
import { and, eq, gte, inArray, isNull, lt, lte, ne, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { contacts, invoices, users } from '../../db/schema';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { holderOf, idTaken } from '../../lib/taken-id';
import { publicFiscalOf } from '../fiscal';
import { applyMutations, type MutationResult } from '../sync';
import type { Data, Row } from '../sync';
import { getOne, list, toRecord, unwrap } from '../sync';
import type { Tx } from '../../lib/registry';
import { invoicesAdapter, type ServerFields } from './adapter';
import { creditNotesOf, invoiceFiscalised } from './credit-notes';

export const adapter = invoicesAdapter();
export const COLLECTION = 'invoices';

/** "Today" for a user: the calendar day in the business's time zone (settings, else its country). */
export async function userToday(db: Db, userId: string, now = new Date()): Promise<string> {
  return businessToday(now, await timeZoneOf(db, userId));
}

export async function timeZoneOf(db: Db, userId: string): Promise<string> {
  const [u] = await db.select({ country: users.country, s: users.invoiceSettings }).from(users).where(eq(users.id, userId));
  return userTimeZone({ country: u?.country, invoice_settings: u?.s });
}

export function toApi(row: Row): InvoiceRecord {
  return toRecord(adapter, row) as unknown as InvoiceRecord;
}

export async function getInvoice(db: Db, userId: string, id: string): Promise<Row> {
  return getOne(db, adapter, userId, id);
}

/** Upserts invoices through the sync engine (so devices pull the change); server-only fields go with each write. */
export async function writeInvoices(
  ctx: AppContext,
  userId: string,
  writes: Array<{ id: string; data: Data; server?: ServerFields }>,
  now = new Date(),
): Promise<MutationResult[]> {
  const results = await applyMutations(
    ctx,
    userId,
    writes.map((w) => ({ collection: COLLECTION, op: 'upsert' as const, id: w.id, data: w.data, ...(w.server ? { server: w.server as Data } : {}) })),
    now,
  );
  return results.map(unwrap);
}

/** Runs a core invoice command (the same the device runs offline) and writes what it says: changes, then new records. */
async function runCommand(
  ctx: AppContext,
  userId: string,
  id: string,
  command: (inv: CommandInvoice) => CommandResult,
  now: Date,
): Promise<{ before: InvoiceRecord; result: CommandResult }> {
  const before = toApi(await getInvoice(ctx.db, userId, id));
  let result: CommandResult;
  try {
    result = command(before as unknown as CommandInvoice);
  } catch (err) {
    if (err instanceof InvoiceCommandError) throw new AppError(err.code, err.message, err.fields);
    throw err;
  }
  const writes = [
    // New records first: a converted quote names an invoice that must already be there.
    ...result.records.map(({ number, ...r }) => ({ id: r.id, data: (number ? { ...r, number } : r) as unknown as Data })),
    ...(Object.keys(result.changes).length ? [{ id, data: result.changes as Data }] : []),
  ];
  if (writes.length) await writeInvoices(ctx, userId, writes, now);
  return { before, result };
}

export async function writeInvoice(
  ctx: AppContext,
  userId: string,
  id: string,
  data: Data,
  server?: ServerFields,
  now = new Date(),
): Promise<{ record: InvoiceRecord; created: boolean }> {
  const [r] = await writeInvoices(ctx, userId, [{ id, data, server }], now);
  return { record: toApi(await getInvoice(ctx.db, userId, id)), created: !!r.created };
}

/** REST: a number another live invoice of the same kind holds is refused (sync renumbers instead). */
export async function assertNumberFree(db: Db, userId: string, kind: string, number: string | undefined, id: string): Promise<void> {
  if (!number) return;
  const [row] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.userId, userId), eq(invoices.kind, kind), eq(invoices.number, number), isNull(invoices.deletedAt)))
    .limit(1);
  if (row && row.id !== id) throw new AppError('conflict', `The number ${number} is already used`, { number: 'Already used: pick another number' });
}

export interface ListFilters {
  kind?: InvoiceKind;
  status?: string;
  contact_id?: string;
  from?: string;
  to?: string;
  min_total?: number;
  max_total?: number;
}

/** SQL filters of a list; `today` is the user's day (userToday) for what is overdue. */
export function listFilters(f: ListFilters, today: string): SQL[] {
  const out: SQL[] = [];
  if (f.kind) out.push(eq(invoices.kind, f.kind));
  if (f.status === 'overdue') {
    out.push(inArray(invoices.status, ['sent', 'partially_paid']), lt(invoices.dueDate, today), gte(invoices.balance, 1), eq(invoices.kind, 'invoice'));
  } else if (f.status === 'sent' || f.status === 'partially_paid') {
    // As displayStatus shows them: an overdue one is listed under Overdue only.
    out.push(eq(invoices.status, f.status), or(ne(invoices.kind, 'invoice'), isNull(invoices.dueDate), gte(invoices.dueDate, today), lt(invoices.balance, 1))!);
  } else if (f.status) out.push(eq(invoices.status, f.status));
  if (f.contact_id) out.push(eq(invoices.contactId, f.contact_id));
  if (f.from) out.push(gte(invoices.issueDate, f.from));
  if (f.to) out.push(lte(invoices.issueDate, f.to));
  if (f.min_total !== undefined) out.push(gte(invoices.totalDue, f.min_total));
  if (f.max_total !== undefined) out.push(lte(invoices.totalDue, f.max_total));
  return out;
}

export async function listInvoices(db: Db, userId: string, opts: { q?: string; limit: number; cursor?: string } & ListFilters) {
  const page = await list(db, adapter, userId, { q: opts.q, limit: opts.limit, cursor: opts.cursor, filters: listFilters(opts, await userToday(db, userId)) });
  return page as unknown as { records: InvoiceRecord[]; next_cursor: string | null };
}

export async function recordPayment(ctx: AppContext, userId: string, id: string, input: PaymentInput, now = new Date()): Promise<InvoiceRecord> {
  const payment = { ...input, id: input.id ?? randomUUID() };
  const today = await userToday(ctx.db, userId, now);
  await runCommand(ctx, userId, id, (inv) => recordPaymentCommand(inv, payment, now, today), now);
  return toApi(await getInvoice(ctx.db, userId, id));
}

export async function removePayment(ctx: AppContext, userId: string, id: string, paymentId: string): Promise<InvoiceRecord> {
  const row = await getInvoice(ctx.db, userId, id);
  if (!(row.payments as InvoicePayment[]).some((p) => p.id === paymentId)) throw new AppError('not_found', 'Payment not found');
  return (await writeInvoice(ctx, userId, id, { remove_payment_ids: [paymentId] })).record;
}

export async function voidInvoice(ctx: AppContext, userId: string, id: string, now = new Date()): Promise<InvoiceRecord> {
  await runCommand(ctx, userId, id, (inv) => voidCommand(inv, undefined, now), now);
  return toApi(await getInvoice(ctx.db, userId, id));
}

export async function markSent(ctx: AppContext, userId: string, id: string, now = new Date()): Promise<InvoiceRecord> {
  await runCommand(ctx, userId, id, (inv) => markSentCommand(inv, undefined, now), now);
  return toApi(await getInvoice(ctx.db, userId, id));
}

/** Quote → a new invoice with the next invoice number (core's convertQuoteCommand); the quote records what it became. */
export async function convertQuote(ctx: AppContext, userId: string, id: string, now = new Date()): Promise<InvoiceRecord> {
  const [u] = await ctx.db.select({ s: users.invoiceSettings, country: users.country }).from(users).where(eq(users.id, userId));
  const input = {
    number: '',
    public_id: newPublicId(),
    due_days: invoiceDefaults(u?.s ?? '{}').due_days,
    time_zone: userTimeZone({ country: u?.country, invoice_settings: u?.s }),
  };
  const { result } = await runCommand(ctx, userId, id, (quote) => convertQuoteCommand(quote, input, now), now);
  return toApi(await getInvoice(ctx.db, userId, result.records[0].id));
}

/**
 * POST /invoices/{id}/credit-notes (issue 26): core's creditNoteCommand, then the credit note and the invoice
 * are written in one batch (the invoice's credited_total and balance follow), as a device does offline.
 */
export async function creditInvoice(ctx: AppContext, userId: string, id: string, body: CreditNoteCreate, now = new Date()): Promise<InvoiceRecord> {
  const original = toApi(await getInvoice(ctx.db, userId, id));
  const [u] = await ctx.db.select({ s: users.invoiceSettings, country: users.country }).from(users).where(eq(users.id, userId));
  const prior = await creditNotesOf(ctx.db as unknown as Tx, userId, id);
  // A credit note is always new: an id already used (the caller's or another account's, t19 A2) gets one answer.
  if (body.id && (await holderOf(ctx.db, invoices, body.id))) throw idTaken('credit note');
  const input = {
    id: body.id ?? randomUUID(),
    number: '',
    public_id: newPublicId(),
    reason: body.reason,
    reason_code: body.reason_code ?? null,
    picks: body.lines,
    time_zone: userTimeZone({ country: u?.country, invoice_settings: u?.s }),
  };
  let made: ReturnType<typeof creditNoteCommand>;
  try {
    const fiscalised = await invoiceFiscalised(ctx.db as unknown as Tx, userId, id);
    made = creditNoteCommand({ ...original, fiscalised }, prior, input, now);
  } catch (err) {
    if (err instanceof CreditNoteError) {
      const code =
        err.rule === 'tooMuch' || err.rule === 'overTotal' || err.rule === 'unknownLine' || err.rule === 'badQuantity' || err.rule === 'badReasonCode'
          ? 'unprocessable'
          : 'conflict';
      throw new AppError(code, err.message, Object.keys(err.fields).length ? err.fields : undefined);
    }
    throw err;
  }
  const { number: _n, ...record } = made.record;
  await writeInvoices(
    ctx,
    userId,
    [
      { id: record.id, data: record as unknown as Data },
      { id, data: {} },
    ],
    now,
  );
  return toApi(await getInvoice(ctx.db, userId, record.id));
}

/** The invoice behind a public link, with its owner; 404 for anything unknown, deleted or malformed. */
export async function findByPublicId(db: Db, publicId: string): Promise<Row> {
  if (!/^[A-Za-z0-9_-]{22,64}$/.test(publicId)) throw new AppError('not_found', 'Invoice not found');
  const [row] = (await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.publicId, publicId), isNull(invoices.deletedAt)))
    .limit(1)) as Row[];
  if (!row) throw new AppError('not_found', 'Invoice not found');
  return row;
}

/**
 * The invoice behind a public link, for its page and PDF: a draft is not served (t17 A7), its link says it is not sent
 * yet (409, `fields.invoice: 'not_sent'`, which the page says in the customer's language). The owner sees a draft in
 * the app (editor and PDF preview are built on the device), never through its link.
 */
export async function findShownByPublicId(db: Db, publicId: string): Promise<Row> {
  const row = await findByPublicId(db, publicId);
  if (row.status === 'draft') {
    const what = row.kind === 'quote' ? 'quote' : 'invoice';
    throw new AppError('conflict', `This ${what} has not been sent yet: ask the business to send it to you`, { invoice: 'not_sent' });
  }
  return row;
}

export interface Parties {
  business: PdfParty & { logoLocation: string | null };
  client: PdfParty;
  /** What the client reads in: their language, else the owner's (issue 19). */
  language: CustomerLanguage;
}

export async function loadParties(db: Db, userId: string, contactId: string): Promise<Parties> {
  const [u] = await db
    .select({
      name: users.name,
      company_name: users.companyName,
      email: users.email,
      country: users.country,
      invoice_settings: users.invoiceSettings,
      logoLocation: users.logoLocation,
      language: users.language,
    })
    .from(users)
    .where(eq(users.id, userId));
  const [c] = await db
    .select({
      name: contacts.name,
      email: contacts.email,
      phone: contacts.phone,
      address: contacts.address,
      city: contacts.city,
      country: contacts.country,
      tax_id: contacts.taxId,
      language: contacts.language,
    })
    .from(contacts)
    .where(and(eq(contacts.id, contactId), eq(contacts.userId, userId)));
  const { business, client, language } = pdfParties(u ?? {}, c ?? null);
  return { business: { ...business, logoLocation: u?.logoLocation ?? null }, client, language };
}

export function publicLink(ctx: AppContext, publicId: string): string {
  return invoicePublicLink(ctx.config.publicUrl, publicId);
}

/** What the client sees on the public page. */
export async function publicView(db: Db, row: Row, payProvider: string | null, now = new Date()): Promise<PublicInvoice> {
  const inv = toApi(row);
  const parties = await loadParties(db, String(row.userId), inv.contact_id);
  const totals = computeInvoiceTotals(inv);
  const owed = payableAmount(inv);
  const [owner] = await db
    .select({ s: users.invoiceSettings, country: users.country })
    .from(users)
    .where(eq(users.id, String(row.userId)));
  return {
    public_id: inv.public_id,
    kind: inv.kind,
    number: inv.number,
    // Real money only (issue 22): a test-card payment never makes the page read Paid nor closes the pay button;
    // it shows as a tag beside the status (test_status) and stamped TEST in the payments.
    status: realStatus(inv),
    display_status: invoiceStatusOn(inv, await userToday(db, String(row.userId), now)),
    test_status: testPaymentStatus(inv),
    // What the TEST MODE journey left (issue 25), as the TEST receipt, the rail status and the owner's invoice say.
    test_balance: testModeBalance(inv),
    issue_date: inv.issue_date,
    due_date: inv.due_date,
    currency: inv.currency,
    business: {
      name: parties.business.name,
      logo_url: parties.business.logoLocation ? apiPath('GET /invoices/public/:public_id/logo.png', { public_id: inv.public_id }) : null,
      email: parties.business.email ?? null,
      address: parties.business.address ?? null,
      phone: parties.business.phone ?? null,
      tax_id: parties.business.tax_id ?? null,
      registration_number: parties.business.registration_number ?? null,
      tax_invoice: parties.business.tax_invoice ?? false,
      tax_id_label: parties.business.id_names?.taxId ?? null,
      registration_label: parties.business.id_names?.registration ?? null,
    },
    client: { name: parties.client.name, email: parties.client.email ?? null, phone: parties.client.phone ?? null, address: parties.client.address ?? null },
    lines: inv.lines.map((l, i) => ({ description: l.description, quantity: l.quantity, unit_price: l.unit_price, amount: totals.lines[i].amount })),
    fees: totals.fees.map((f) => ({
      name: f.name,
      kind: f.kind,
      inclusive: f.inclusive,
      amount: f.amount,
      percentage_bps: f.percentage_bps,
      ...(f.subject_to_tax ? { subject_to_tax: true } : {}),
    })),
    subtotal: inv.subtotal,
    discount_total: inv.discount_total,
    discount_bps: inv.discount?.type === 'percentage' ? inv.discount.value : null,
    // Its whole-shillings rounding part, which the page shows as "Rounding" apart from the discount (h120).
    rounding_total: discountRows(inv.discount, inv.discount_total).rounding,
    tax_total: inv.tax_total,
    fee_total: inv.fee_total,
    total_due: inv.total_due,
    amount_paid: totals.amount_paid,
    credited_total: isBilledKind(inv.kind) ? (inv.credited_total ?? 0) : 0,
    balance: realBalanceOf(inv),
    notes: inv.notes,
    terms: inv.terms,
    payment_instructions: inv.payment_instructions,
    // Each payment's id and receipt number: the page links its receipt (only this invoice's payments; no payer's details).
    payments: inv.payments.map((p) => ({
      amount: p.amount,
      method: p.method,
      date: p.date,
      ...(p.test ? { test: true } : {}),
      id: p.id,
      // A refund paid out to the client (t21 R1): shown as money given back, no receipt.
      ...(p.refund ? { refund: true as const } : { receipt: receiptNumber(p.id) }),
    })),
    // A draft is not payable yet (no card intent is made for it either).
    pay_provider: owed > 0 && inv.status !== 'draft' ? payProvider : null,
    rails: [],
    part_payments: partPayRule(parseInvoiceSettingsString(owner?.s, owner?.country ?? undefined), inv),
    language: parties.language,
    ...(inv.kind === 'quote' ? { declined_at: inv.declined_at ?? null, decline_reason: inv.decline_reason ?? null } : {}),
    fiscal: inv.kind !== 'quote' ? await publicFiscalOf(db, inv.id) : null,
  };
}

/** Plain-text e-mail body for an invoice, in the client's language (issue 19). */
export function invoiceEmailText(inv: InvoiceRecord, parties: Parties, link: string, message?: string): string {
  const S = documentStrings(parties.language);
  // The same minor-units rule as the PDF it carries (issue 23).
  const minor = recordShowsMinor(inv);
  // As the app shows it (₦26,875; t21), not the PDF fonts' code.
  const money = (n: number) => formatMessageMoneyIn(n, inv.currency, parties.language, { minor });
  const quote = inv.kind === 'quote';
  const names = { number: inv.number, business: parties.business.name };
  const balance = realBalanceOf(inv); // real money only (issue 22)
  const line = (label: string, value: string) => labelled(parties.language, label, value);
  return [
    documentText(parties.language, 'hello', { client: parties.client.name }),
    '',
    message?.trim() || documentText(parties.language, quote ? 'quoteAttached' : 'invoiceAttached', names),
    '',
    line(quote ? S.quoteWord : S.invoiceWord, inv.number),
    line(S.total, money(inv.total_due)),
    ...(inv.kind === 'invoice' ? [line(S.balanceDue, money(balance))] : []),
    ...(inv.due_date ? [line(quote ? S.validUntil : S.dueDate, formatDateIn(inv.due_date, parties.language))] : []),
    '',
    documentText(parties.language, inv.kind === 'invoice' && balance > 0 ? 'viewAndPayOnlineAt' : 'viewOnlineAt', { link }),
    '',
    parties.business.name,
  ].join('\n');
}

/** The subject of an invoice or quote e-mail in the client's language: only the number and the business name. */
export function invoiceEmailSubject(inv: Pick<InvoiceRecord, 'kind' | 'number'>, parties: Pick<Parties, 'business' | 'language'>): string {
  return documentText(parties.language, inv.kind === 'quote' ? 'quoteEmailSubject' : 'invoiceEmailSubject', {
    number: inv.number,
    business: parties.business.name,
  });
}

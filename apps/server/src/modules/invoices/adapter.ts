/**
 * The 'invoices' sync collection: every write (sync push, REST, payments, webhooks) goes through
 * `prepare`, which fills defaults from the user's settings, checks the client, keeps numbers unique per
 * user (renumbering a clash with a visible notice), merges payments by id (never dropping one), recomputes
 * the totals and status with @duka/core and rejects client totals that disagree.
 */
import {
  voidPaidProblem,
  voidPaidRefusal,
  refusal,
  assertEditable,
  assertNewPaymentDates,
  assertPaymentsAllowed,
  canonical as sortKeys,
  checkInvoiceData,
  type CheckedInvoiceLists,
  checkInvoiceTotals,
  claimedTotalsShape,
  CREDIT_NOTE_MESSAGES,
  creditedTotal,
  editedFields,
  fillInvoiceDefaults,
  INVOICE_COMMAND_MESSAGES,
  INVOICE_FIELDS,
  INVOICE_LIMITS,
  InvoiceCommandError,
  invoiceDataShape,
  invoiceDefaults,
  type InvoiceDefaults,
  invoiceFieldDefaults,
  invoicePaymentSchema,
  isBilledKind,
  isOnlyVoid,
  keptFacts,
  mergePayments,
  moneyEdited,
  newPublicId,
  numberPrefixFor,
  PAID_SALE_EDIT_MESSAGE,
  paidSaleLocked,
  renumberNotice,
  userTimeZone,
  businessToday,
  type InvoicePayment,
  withheldOf,
} from '@duka/core';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { invoices, paymentIntents, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Tx } from '../../lib/registry';
import { assertContact, preloadItemContacts } from '../contacts';
import { allDone, eachSeek, fixed, selectJson } from '../sync';
import { fieldMapper, sameFieldsAs } from '../sync';
import type { BatchState, Data, SyncAdapter } from '../sync';
import { assertLineItems, preloadLineItems } from './catalog-lines';
import { NumberBook } from './numbers';
import { vatLinesOf } from './vat-lines';
import { creditNoteData, creditNotesOf, creditNoteUnchanged, keepCreditRests } from './credit-notes';

/** The stored fields (core's list). */
export const INVOICE_KEYS = INVOICE_FIELDS;

export const PUBLIC_ID = /^[A-Za-z0-9_-]{22,64}$/;

/** Writes only the server may make (card payments the provider took), passed with the mutation (`Mutation.server`). */
export interface ServerFields {
  addPayments?: InvoicePayment[];
  /** The customer declined this quote on its public link (issue 23). */
  decline?: { at: string; reason: string };
}

/** Canonical key order (core's canonical), so values read back from jsonb compare equal to freshly written ones. */
const mapper = fieldMapper(INVOICE_KEYS);

/** The lists the patch parses with exactly core's schemas of invoiceSyncDataSchema (lines, fees, payments). */
const CHECKED_LISTS = ['lines', 'fees', 'payments'] as const satisfies CheckedInvoiceLists;

const patchSchema = z
  .object({
    kind: invoiceDataShape.kind.unwrap().optional(),
    number: invoiceDataShape.number,
    contact_id: z.uuid().optional(),
    issue_date: invoiceDataShape.issue_date.optional(),
    due_date: invoiceDataShape.due_date.unwrap().optional(),
    currency: invoiceDataShape.currency.optional(),
    lines: invoiceDataShape.lines.unwrap().optional(),
    fees: invoiceDataShape.fees.unwrap().optional(),
    fee_ids: invoiceDataShape.fee_ids.unwrap().optional(),
    discount: invoiceDataShape.discount.unwrap().optional(),
    notes: invoiceDataShape.notes.unwrap().optional(),
    terms: invoiceDataShape.terms.unwrap().optional(),
    payment_instructions: invoiceDataShape.payment_instructions.unwrap().optional(),
    part_payments: invoiceDataShape.part_payments.unwrap().optional(),
    exchange_rate: invoiceDataShape.exchange_rate.unwrap().optional(),
    payments: z.array(invoicePaymentSchema).max(INVOICE_LIMITS.maxPayments).optional(),
    remove_payment_ids: z.array(z.uuid()).max(100).optional(),
    sent_at: z.string().max(40).nullable().optional(),
    finished_at: z.string().max(40).nullable().optional(),
    voided_at: z.string().max(40).nullable().optional(),
    public_id: z.string().regex(PUBLIC_ID, 'Use 22 to 64 base64url characters').optional(),
    /** Set once by a conversion (core's convertQuoteCommand, on the device or here); checked in prepare. */
    quote_id: z.uuid().nullable().optional(),
    converted_invoice_id: z.uuid().nullable().optional(),
    /** null dismisses the server's notice. */
    notice: z.null().optional(),
    /** A credit note (issue 26): the invoice it credits and why; checked in prepare. */
    credited_invoice_id: z.uuid().nullable().optional(),
    credit_reason: z.string().max(5000).nullable().optional(),
    credit_reason_code: z.string().max(10).nullable().optional(),
    /** What the device worked out the credit notes took off; the server recomputes it. */
    credited_total: z.number().optional(),
    ...claimedTotalsShape,
  })
  .transform(({ subtotal, discount_total, tax_total, fee_total, total_due, amount_paid, balance, remove_payment_ids, credited_total: _credited, ...rest }) => ({
    ...rest,
    _claims: {
      totals: { subtotal, discount_total, tax_total, fee_total, total_due, amount_paid, balance },
      remove_payment_ids: remove_payment_ids ?? [],
      // The lists this parse checked (core's very schemas): checkInvoiceData takes them as they are (issue 27).
      checked: CHECKED_LISTS.filter((k) => rest[k] !== undefined),
    },
  }));

/** The engine's merged whole: every key, validated for real in prepare. */
const fieldsSchema = z.object({ ...Object.fromEntries(INVOICE_KEYS.map((k) => [k, z.unknown().optional()])), _claims: z.unknown().optional() });

/** Core's defaults of every field a write leaves out. */
const DEFAULTS: Data = invoiceFieldDefaults();

interface UserDefaults extends InvoiceDefaults {
  /** The business's time zone: "today" for a new invoice's issue date. */
  time_zone: string;
}

async function userDefaults(tx: Tx, userId: string, batch: BatchState): Promise<UserDefaults> {
  const cached = batch.memo.get('invoices.settings') as UserDefaults | undefined;
  if (cached) return cached;
  // selectJson: read with the batch's other preloads in one statement (readingTogether).
  const [u] = (await selectJson(tx, sql`select invoice_settings as s, country from ${fixed(users)} where id = ${userId}`)) as Array<{
    s: string;
    country: string;
  }>;
  const d = { ...invoiceDefaults(u?.s ?? '{}'), time_zone: userTimeZone({ country: u?.country, invoice_settings: u?.s }) };
  batch.memo.set('invoices.settings', d);
  return d;
}

/** The business's day when this batch is applied (its time zone), worked out once per batch. */
function todayOf(batch: BatchState, timeZone: string): string {
  let today = batch.memo.get('invoices.today') as string | undefined;
  if (!today) batch.memo.set('invoices.today', (today = businessToday(batch.now, timeZone)));
  return today;
}

/**
 * The invoices holding `publicIds` (id, public_id): one seek of the unique index on public_id per id (eachSeek; issue 27).
 * Written as `public_id in (select …)`, PostgreSQL hashed the ids and read EVERY invoice of every account (1,526 buffers,
 * 40 ms per push at 25,000 invoices) whenever it thought invoices small, e.g. in a generic plan made in a new database's
 * first minutes, kept until the next ANALYZE.
 */
export const publicIdLookup = (publicIds: string[]) => eachSeek(publicIds, 'public_id', sql`select id, public_id from ${fixed(invoices)} where true`);

/** Invoice ids holding each public id looked up in this batch (preload). */
function publicIdHolders(batch: BatchState): Map<string, string[]> {
  let m = batch.memo.get('invoices.publicIds') as Map<string, string[]> | undefined;
  if (!m) batch.memo.set('invoices.publicIds', (m = new Map()));
  return m;
}

function book(tx: Tx, userId: string, batch: BatchState): NumberBook {
  let b = batch.memo.get('invoices.numbers') as NumberBook | undefined;
  if (!b) batch.memo.set('invoices.numbers', (b = new NumberBook(tx, userId)));
  return b;
}

/** An invoice or quote of this user as it stands in this batch (or stored), or null. */
export async function currentInvoice(tx: Tx, userId: string, id: string, batch: BatchState): Promise<Data | null> {
  const st = batch.records('invoices').get(id);
  if (st) return st.deleted ? null : st.data;
  const [row] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.userId, userId), isNull(invoices.deletedAt)))
    .limit(1);
  return row ? mapper.fromRow(row as Data) : null;
}

/**
 * The links between a quote and the invoice it became, made by core's convertQuoteCommand on a device (offline)
 * or here: set once, never changed, and checked both ways so a quote becomes at most one invoice. The invoice
 * (quote_id) comes first, then the quote (converted_invoice_id) naming it.
 */
async function conversionLinks(tx: Tx, userId: string, id: string, data: Data, existing: Data | null, batch: BatchState) {
  const quote_id = (existing?.quote_id as string | null) ?? null;
  const converted_invoice_id = (existing?.converted_invoice_id as string | null) ?? null;
  const links = { quote_id, converted_invoice_id };
  const wantQuote = (data.quote_id as string | null | undefined) ?? null;
  if (!quote_id && wantQuote) {
    const quote = await currentInvoice(tx, userId, wantQuote, batch);
    if (data.kind !== 'invoice')
      throw new AppError(
        'validation_failed',
        'quote_id: Only an invoice is made from a quote',
        { quote_id: 'Only on an invoice' },
        refusal('quote_only_invoice'),
      );
    if (!quote || quote.kind !== 'quote')
      throw new AppError('unprocessable', 'The quote this invoice was made from was not found', { quote_id: 'Quote not found' }, refusal('quote_not_found'));
    if (quote.voided_at)
      throw new AppError('conflict', INVOICE_COMMAND_MESSAGES.voidQuote, { quote_id: INVOICE_COMMAND_MESSAGES.voidQuote }, refusal('quote_void'));
    if (quote.converted_invoice_id && quote.converted_invoice_id !== id) {
      throw new AppError(
        'conflict',
        INVOICE_COMMAND_MESSAGES.converted,
        { converted_invoice_id: String(quote.converted_invoice_id) },
        refusal('quote_converted'),
      );
    }
    links.quote_id = wantQuote;
  }
  const wantInvoice = (data.converted_invoice_id as string | null | undefined) ?? null;
  if (!converted_invoice_id && wantInvoice) {
    const invoice = await currentInvoice(tx, userId, wantInvoice, batch);
    if (data.kind !== 'quote' || !invoice || invoice.kind !== 'invoice' || invoice.quote_id !== id) {
      throw new AppError(
        'unprocessable',
        'Convert the quote to make its invoice: the invoice it became was not found',
        {
          converted_invoice_id: 'Invoice not found',
        },
        refusal('converted_invoice_not_found'),
      );
    }
    links.converted_invoice_id = wantInvoice;
  }
  return links;
}

/** Core's refusals as the API's errors (409, 422 or 400 with the fields to fix). */
async function asApiError<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof InvoiceCommandError) throw new AppError(err.code, err.message, err.fields, err.refusal);
    throw err;
  }
}

/** The public link: kept once set; a device may choose it offline (so it can share before syncing), if no other invoice holds it. */
async function choosePublicId(tx: Tx, id: string, data: Data, existing: Data | null, batch: BatchState): Promise<string> {
  const publicId = (existing?.public_id as string) || (data.public_id as string) || '';
  if (!existing?.public_id && publicId) {
    const known = publicIdHolders(batch).get(publicId);
    const other = known
      ? known.some((holder) => holder !== id)
      : (
          await tx
            .select({ id: invoices.id })
            .from(invoices)
            .where(and(eq(invoices.publicId, publicId), ne(invoices.id, id)))
            .limit(1)
        ).length > 0;
    if (other) throw new AppError('conflict', 'This public link is already used', { public_id: 'Choose another random id' }, refusal('public_link_taken'));
  }
  return publicId || newPublicId();
}

/** Numbering: keep the first holder of a number; a later one is renumbered with a visible notice. */
async function chooseNumber(
  numbers: NumberBook,
  id: string,
  kind: string,
  wanted: string,
  prefix: string,
  oldNumber: string | undefined,
  notice: string | null,
): Promise<{ number: string; notice: string | null }> {
  let number = wanted || (await numbers.next(kind, prefix));
  const holder = await numbers.holder(kind, number);
  if (holder && holder !== id) {
    const renumbered = await numbers.nextFree(kind, number);
    notice = renumberNotice(number, renumbered);
    number = renumbered;
  }
  if (oldNumber && oldNumber !== number) numbers.release(kind, oldNumber, id);
  numbers.take(kind, number, id);
  return { number, notice };
}

export function invoicesAdapter(): SyncAdapter {
  return {
    table: invoices,
    fields: fieldsSchema as unknown as z.ZodType<Data>,
    patch: patchSchema as unknown as z.ZodType<Data>,
    defaults: DEFAULTS,
    order: 20,
    label: 'Invoice',
    // The lists' keys in canonical order, for the engine's comparisons of stored and pushed values (the same fields as
    // parsed JSON: a pull built by PostgreSQL sends them in jsonb's key order, which no JSON reader sees).
    fromRow: sameFieldsAs(mapper.fromRow.fields, (row) => {
      const d = mapper.fromRow(row);
      for (const k of ['lines', 'fees', 'fee_ids', 'discount', 'payments']) d[k] = sortKeys(d[k]);
      return d;
    }),
    toRow: (data) => {
      const row = mapper.toRow(data);
      if (data.payments !== undefined) {
        const dates = ((data.payments as InvoicePayment[]) ?? []).map((p) => String(p.date)).sort();
        row.firstPaidOn = dates[0] ?? null;
        row.lastPaidOn = dates[dates.length - 1] ?? null;
        row.withheldTotal = withheldOf(data.payments as InvoicePayment[]);
      }
      // Its part of a VAT return, summed in SQL by GET /reports/vat (issue 27).
      if (data.lines !== undefined) row.vatLines = vatLinesOf(data);
      return row;
    },
    search: [invoices.number, invoices.notes],
    sort: { column: invoices.issueDate, direction: 'desc', toCursor: (row) => String(row.issueDate) },
    async preload(tx, userId, items, batch) {
      // Who holds the public links devices chose, in one query (prepare checks them).
      const ids = [...new Set(items.map((i) => i.data.public_id).filter((p): p is string => typeof p === 'string' && PUBLIC_ID.test(p)))];
      const holders = publicIdHolders(batch);
      const want = ids.filter((p) => !holders.has(p));
      for (const p of want) holders.set(p, []);
      const publicIds = async () => {
        if (!want.length) return;
        const rows = await selectJson(tx, publicIdLookup(want));
        for (const r of rows) holders.get(String(r.public_id))?.push(String(r.id));
      };
      // Five independent reads at once (each fills its own part of the batch's memo).
      await allDone([
        preloadItemContacts(tx, userId, items, batch),
        preloadLineItems(tx, userId, items, batch),
        book(tx, userId, batch).preload(
          items.map((i) => ({ kind: String(i.data.kind ?? 'invoice'), number: String(i.data.number ?? '') })),
          true,
        ),
        userDefaults(tx, userId, batch),
        publicIds(),
      ]);
    },
    async prepare(tx, userId, merged, { id, existing, batch, server: serverData }) {
      const { _claims, ...data } = merged as Data & {
        _claims?: { totals: Record<string, unknown>; remove_payment_ids: string[]; checked?: CheckedInvoiceLists };
      };
      const claims = _claims ?? { totals: {}, remove_payment_ids: [] };
      const server = (serverData ?? {}) as ServerFields;
      const settings = await userDefaults(tx, userId, batch);

      if (existing?.kind === 'credit_note') return creditNoteUnchanged(existing, data, claims.remove_payment_ids);

      // A void would make the money paid vanish (t19 N7): refused while the stored invoice holds real payments.
      const voiding = existing && !existing.voided_at && data.voided_at ? (existing as Parameters<typeof voidPaidProblem>[0]) : null;
      const paidProblem = voiding ? voidPaidProblem(voiding) : null;
      if (voiding && paidProblem) throw new AppError('conflict', paidProblem, { voided_at: paidProblem }, voidPaidRefusal(voiding) ?? undefined);

      if (existing && !existing.voided_at && data.voided_at && isOnlyVoid(data, existing, claims.remove_payment_ids, server.addPayments?.length ?? 0)) {
        // Voiding keeps the stored invoice as it is: it works on any stored row, even one written before
        // today's limits (a row that no longer passes validation can still be voided, then deleted or kept).
        return { ...existing, voided_at: data.voided_at, status: 'void', notice: data.notice === null ? null : (existing.notice ?? null) };
      }

      return asApiError(async () => {
        // Core: what an edit may change, the defaults of what was left out, the facts that never go back.
        if (existing) assertEditable(data, existing);
        Object.assign(data, fillInvoiceDefaults(data, settings, !existing, batch.now), keptFacts(data, existing, server.decline));
        Object.assign(data, await conversionLinks(tx, userId, id, data, existing, batch));
        if (data.kind === 'credit_note') {
          // Issued at once; its lines, taxes and discount are rebuilt from the invoice it credits (core's rules).
          Object.assign(data, await creditNoteData(tx, userId, id, data, batch, (invoiceId) => currentInvoice(tx, userId, invoiceId, batch)));
          data.finished_at ??= batch.now.toISOString();
          data.sent_at ??= data.finished_at;
        } else {
          data.credited_invoice_id = null;
          data.credit_reason = '';
          data.credit_reason_code = null;
        }
        // A credit note's lines were rebuilt above from its invoice: checked again with the rest.
        const checked = keepCreditRests(checkInvoiceData(data, data.kind === 'credit_note' ? [] : (claims.checked ?? [])), data);
        await assertContact(tx, userId, checked.contact_id, batch);
        // A line names one of the user's own catalog items only (t21 A7); a credit note's lines are its invoice's.
        if (checked.kind !== 'credit_note') await assertLineItems(tx, userId, checked.lines, existing, batch);
        const payments = mergePayments(
          (existing?.payments as InvoicePayment[]) ?? [],
          (data.payments as InvoicePayment[]) ?? [],
          claims.remove_payment_ids,
          server.addPayments ?? [],
        );
        assertPaymentsAllowed(checked.kind, payments);
        const voidedAs = { kind: checked.kind, currency: checked.currency, payments };
        const voidedPaid = data.voided_at && !existing?.voided_at ? voidPaidProblem(voidedAs) : null;
        if (voidedPaid) throw new AppError('conflict', voidedPaid, { voided_at: voidedPaid }, voidPaidRefusal(voidedAs) ?? undefined);
        // Nor dated after the business's today (its time zone), as the form and POST /invoices/:id/payments refuse (t20).
        assertNewPaymentDates((existing?.payments as InvoicePayment[]) ?? [], payments, checked.issue_date, todayOf(batch, settings.time_zone));
        if (checked.kind === 'credit_note' && payments.length)
          throw new AppError('unprocessable', CREDIT_NOTE_MESSAGES.noPayments, { payments: CREDIT_NOTE_MESSAGES.noPayments }, refusal('credit_note_payment'));
        // What the invoice's credit notes took off (issue 26), recomputed on every write of the invoice.
        const credited = isBilledKind(checked.kind) && existing ? creditedTotal(await creditNotesOf(tx, userId, id, batch)) : 0;
        if (credited > 0 && existing && moneyEdited(existing, checked as unknown as Data))
          throw new AppError(
            'conflict',
            'This invoice has credit notes: its lines, taxes and discount cannot change. Issue another credit note instead.',
            {
              lines: 'Credited already',
            },
            refusal('credited_locked'),
          );

        // A counter sale paid with real money keeps what its receipt printed (t21 P5): a credit note or a new sale instead.
        if (existing && paidSaleLocked(existing) && moneyEdited(existing, checked as unknown as Data))
          throw new AppError('conflict', PAID_SALE_EDIT_MESSAGE, { lines: PAID_SALE_EDIT_MESSAGE }, refusal('paid_sale_locked'));

        // The database's part: the public link and the number are unique.
        const publicId = await choosePublicId(tx, id, data, existing, batch);
        const prefix = numberPrefixFor(settings, checked.kind);
        const { number, notice } = await chooseNumber(
          book(tx, userId, batch),
          id,
          checked.kind,
          checked.number ?? '',
          prefix,
          existing?.number as string | undefined,
          data.notice as string | null,
        );

        const facts = {
          sent_at: data.sent_at as string | null,
          finished_at: data.finished_at as string | null,
          voided_at: data.voided_at as string | null,
          converted_invoice_id: data.converted_invoice_id as string | null,
        };
        const { status, ...stored } = checkInvoiceTotals({ checked, payments, existing, facts, claimed: claims.totals, credited });
        return {
          kind: checked.kind,
          number,
          contact_id: checked.contact_id,
          issue_date: checked.issue_date,
          due_date: checked.due_date,
          currency: checked.currency,
          lines: sortKeys(checked.lines),
          fees: sortKeys(checked.fees),
          fee_ids: checked.fee_ids,
          discount: sortKeys(checked.discount),
          notes: checked.notes,
          terms: checked.terms,
          payment_instructions: checked.payment_instructions,
          part_payments: checked.part_payments ?? null,
          exchange_rate: checked.exchange_rate ?? null,
          payments: sortKeys(payments),
          ...stored,
          credited_total: credited,
          credited_invoice_id: checked.kind === 'credit_note' ? checked.credited_invoice_id : null,
          credit_reason: checked.kind === 'credit_note' ? checked.credit_reason : null,
          credit_reason_code: checked.kind === 'credit_note' ? checked.credit_reason_code : null,
          status,
          public_id: publicId,
          sent_at: data.sent_at,
          finished_at: data.finished_at,
          voided_at: data.voided_at,
          quote_id: data.quote_id,
          converted_invoice_id: data.converted_invoice_id,
          declined_at: data.declined_at,
          decline_reason: data.decline_reason,
          notice,
        };
      });
    },
    // A credit note written by any path (a push of it alone, REST, the server's own) works out its invoice's
    // credited_total, balance and status again in the same batch (issue 26 F9).
    follows: (data) => (data.kind === 'credit_note' && typeof data.credited_invoice_id === 'string' ? [data.credited_invoice_id] : []),
    keepHistory: (before, after) => Number(before.amount_paid) > 0 && editedFields(before, after).length > 0,
    /**
     * Open card payment intents of an invoice that was voided, paid, deleted or changed are cancelled, so a
     * client cannot pay a stale amount or a cancelled invoice (a new intent is made for the new balance).
     */
    lastStatement(userId, written) {
      const pi = paymentIntents;
      // An invoice this batch created has no payment intent yet. The others' intents are cancelled when the invoice
      // can no longer be paid (balance null) or its balance is not the intent's amount; worked out from the data as
      // written, so the update rides in the batch's last statement.
      const stored = written
        .filter((w) => !w.created)
        .map((w) => {
          const balance = Number(w.data.balance);
          const payable = !w.deleted && !['void', 'draft'].includes(String(w.data.status)) && ['invoice', 'sale'].includes(String(w.data.kind)) && balance > 0;
          return { id: w.id, balance: payable ? balance : null };
        });
      if (!stored.length) return [];
      return [
        {
          write: sql`update ${pi} set status = 'canceled', last_error = 'The invoice changed: a new payment is needed'
            from json_to_recordset(${JSON.stringify(stored)}::json) as w(id uuid, balance bigint)
            where ${pi.invoiceId} = w.id and ${pi.userId} = ${userId} and ${pi.status} = 'requires_payment_method'
              and (w.balance is null or ${pi.amount} <> w.balance)`,
        },
      ];
    },
    async beforeDelete(_tx, _userId, id, batch) {
      const cur = batch.records('invoices').get(id)?.data;
      if (!cur) return;
      if (cur.kind === 'credit_note') throw new AppError('conflict', CREDIT_NOTE_MESSAGES.immutable, undefined, refusal('credit_note_locked'));
      if (cur.kind !== 'quote' && cur.status !== 'draft')
        throw new AppError('conflict', 'Only drafts can be deleted. Void this invoice instead.', undefined, refusal('delete_not_draft'));
      if (cur.kind === 'quote' && cur.converted_invoice_id)
        throw new AppError('conflict', 'This quote became an invoice and cannot be deleted.', undefined, refusal('delete_converted_quote'));
      (batch.memo.get('invoices.numbers') as NumberBook | undefined)?.release(String(cur.kind), String(cur.number), id);
    },
  };
}

import { createHash } from 'node:crypto';
import {
  DEFAULT_CREDIT_REASON_CODE,
  EtimsItemCodeError,
  FISCAL_IMMUTABLE_MESSAGE,
  FISCAL_LOCKED_FIELDS,
  FiscalBandError,
  type FiscalCandidate,
  type FiscalDocument,
  type FiscalDocumentKind,
  type FiscalFailure,
  type FiscalResult,
  type FiscalView,
  fiscalDocument,
  fiscalErrorFix,
  fiscalKindOf,
  fiscalLockedChanges,
  fiscalLockMessage,
  fiscalRetryDelaySeconds,
  isCreditReasonCode,
  type InvoiceFeeInput,
  taxPinError,
} from '@duka/core';
import type { PdfFiscal } from '@duka/pdf';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { catalogs, contacts, fiscalDocuments, invoices, users } from '../../db/schema';
import { clockOf } from '../../lib/clock';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import type { Tx } from '../../lib/registry';
import type { Data, SyncAdapter } from '../sync';
import { assignGenericCodes, assignItemCodes, catalogRowColumns, registerItems } from './items';
import { fiscalises, unitFor } from './units';

/** How long a claimed submission is left to its worker before another may replay it (a crash, kill -9). */
export const SUBMIT_LEASE_SECONDS = 120;

type Row = typeof invoices.$inferSelect;

/** The invoice's printed fields, API names, in a fixed order: what a fiscalised invoice keeps. */
function lockedOf(d: Data): string {
  const sort = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(sort)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, sort((v as Record<string, unknown>)[k])]),
          )
        : v;
  return createHash('sha256')
    .update(JSON.stringify(FISCAL_LOCKED_FIELDS.map((k) => sort(d[k] ?? null))))
    .digest('base64url');
}

function rowData(r: Row): Data {
  return {
    number: r.number,
    contact_id: r.contactId,
    issue_date: r.issueDate,
    currency: r.currency,
    lines: r.lines,
    fees: r.fees,
    fee_ids: r.feeIds,
    discount: r.discount,
    notes: r.notes,
    terms: r.terms,
    kind: r.kind,
  };
}

/**
 * The invoices collection with the fiscal rules (issue 26):
 *  - an edit of a fiscalised invoice (or one being sent) that changes what was signed is refused, offering a
 *    credit note; a payment, the payment settings or dismissing a notice still go through;
 *  - finished or sent invoices of a business that fiscalises are queued in fiscal_documents in the same
 *    transaction as the write (the outbox: nothing is lost if the process dies before the job runs);
 *  - under the writer's lock, an edit that raced the job's claim is refused too.
 * `queued(userId)` is told when a write queued documents (so the submit job is sent only then).
 * `testMode(userId)`: whether the business signs in TEST MODE, so a refusal of a document not yet signed says so
 * (one signed says it from what was signed); then no word claims KRA has it.
 */
export function fiscalInvoicesAdapter(
  inner: SyncAdapter,
  queued: (userId: string) => void = () => undefined,
  testMode: (userId: string) => Promise<boolean> = async () => false,
): SyncAdapter {
  const lockMessage = async (userId: string, doc: { state: string; result: unknown }) =>
    fiscalLockMessage(doc.state, doc.state === 'fiscalised' ? !!(doc.result as FiscalResult | null)?.test : await testMode(userId));
  return {
    ...inner,
    async prepare(tx, userId, data, info) {
      const out = inner.prepare ? await inner.prepare(tx, userId, data, info) : data;
      if (info.existing) {
        const [doc] = await tx
          .select({ state: fiscalDocuments.state, result: fiscalDocuments.result })
          .from(fiscalDocuments)
          .where(and(eq(fiscalDocuments.invoiceId, info.id), eq(fiscalDocuments.userId, userId)));
        if (doc && fiscalLockMessage(doc.state)) {
          const changed = fiscalLockedChanges(info.existing, out);
          if (changed.length) {
            const message = (await lockMessage(userId, doc)) as string;
            throw new AppError('conflict', message, Object.fromEntries(changed.map((k) => [k, message])));
          }
        }
      }
      return out;
    },
    async afterWrite(tx, userId, written) {
      if (inner.afterWrite) await inner.afterWrite(tx, userId, written);
      const live = written.filter((w) => !w.deleted);
      if (!live.length) return;
      // A record this batch created cannot have been sent to the authority yet.
      const ids = live.filter((w) => !w.created).map((w) => w.id);
      const held = !ids.length
        ? []
        : await tx
            .select({ id: fiscalDocuments.invoiceId, hash: fiscalDocuments.sourceHash, state: fiscalDocuments.state, result: fiscalDocuments.result })
            .from(fiscalDocuments)
            .where(and(inArray(fiscalDocuments.invoiceId, ids), inArray(fiscalDocuments.state, ['submitting', 'fiscalised'])));
      for (const h of held) {
        const w = live.find((x) => x.id === h.id);
        if (w && h.hash && lockedOf(w.data) !== h.hash) throw new AppError('conflict', (await lockMessage(userId, h)) ?? FISCAL_IMMUTABLE_MESSAGE);
      }
      const due = live.filter((w) => fiscalKindOf(w.data as FiscalCandidate) === 'sale').map((w) => w.id);
      const credits = live.filter((w) => fiscalKindOf(w.data as FiscalCandidate) === 'credit_note');
      if ((!due.length && !credits.length) || !(await fiscalises(tx as unknown as AppContext['db'], userId))) return;
      queued(userId);
      if (due.length)
        await tx.execute(sql`insert into ${fiscalDocuments} (invoice_id, user_id, kind, state)
        select id, user_id, 'sale', 'provisional' from ${invoices}
        where ${invoices.userId} = ${userId} and ${inArray(invoices.id, due)}
        on conflict (invoice_id) do update set state = 'provisional', attempts = 0, next_attempt_at = now(), updated_at = now()
        where ${fiscalDocuments.state} = 'fiscal_error'`);
      // Credit notes of invoices sent to the authority go as NC referencing them (after the sales of this batch: a
      // device offline pushes an invoice and its credit note together), in this same transaction.
      if (!credits.length) return;
      const originals = new Set(
        (
          await tx
            .select({ id: fiscalDocuments.invoiceId })
            .from(fiscalDocuments)
            .where(
              and(
                eq(fiscalDocuments.userId, userId),
                eq(fiscalDocuments.kind, 'sale'),
                inArray(
                  fiscalDocuments.invoiceId,
                  credits.map((c) => c.data.credited_invoice_id as string),
                ),
              ),
            )
        ).map((r) => r.id),
      );
      for (const c of credits) {
        const original = c.data.credited_invoice_id as string;
        const reasonCode = isCreditReasonCode(c.data.credit_reason_code) ? c.data.credit_reason_code : undefined;
        if (originals.has(original)) await queueCreditNote(tx, { userId, creditNoteId: c.id, originalInvoiceId: original, reasonCode });
      }
    },
  };
}

/**
 * Queues a credit note for fiscalisation as NC referencing the invoice it reverses (issue 26; credit notes
 * themselves are the credit-notes feature's). Call it in the transaction that finishes the credit note, or after.
 * reasonCode: KRA's credit note reason (core's CREDIT_REASON_CODES, '01' missing quantity … '06' refund); default 06.
 */
export async function queueCreditNote(
  tx: Tx | AppContext['db'],
  input: { userId: string; creditNoteId: string; originalInvoiceId: string; reasonCode?: string },
): Promise<void> {
  await tx
    .insert(fiscalDocuments)
    .values({
      invoiceId: input.creditNoteId,
      userId: input.userId,
      kind: 'credit_note',
      originalInvoiceId: input.originalInvoiceId,
      reasonCode: input.reasonCode ?? DEFAULT_CREDIT_REASON_CODE,
    })
    .onConflictDoNothing();
}

interface Claimed {
  invoiceId: string;
  userId: string;
  payload: FiscalDocument;
  attempts: number;
}

type ClaimOutcome = { kind: 'claimed'; doc: Claimed } | { kind: 'settled' } | { kind: 'none' };

/** The next due document (of one business, or any), claimed for this worker; or what happened to it. */
async function claim(ctx: AppContext, userId: string | undefined, now: Date): Promise<ClaimOutcome> {
  // A few of the oldest due documents, one picked at random: workers running at once rarely reach for the same one.
  const candidates = await ctx.db
    .select({ id: fiscalDocuments.invoiceId, userId: fiscalDocuments.userId })
    .from(fiscalDocuments)
    .where(
      and(
        inArray(fiscalDocuments.state, ['provisional', 'submitting']),
        sql`${fiscalDocuments.nextAttemptAt} <= ${now.toISOString()}::timestamptz`,
        userId ? eq(fiscalDocuments.userId, userId) : undefined,
      ),
    )
    .orderBy(fiscalDocuments.nextAttemptAt, fiscalDocuments.createdAt)
    .limit(16);
  const candidate = candidates[Math.floor(Math.random() * candidates.length)];
  if (!candidate) return { kind: 'none' };
  const resolved = await unitFor(ctx, candidate.userId);
  return ctx.db.transaction(async (tx): Promise<ClaimOutcome> => {
    // The owner's row first, as every synced write does: an edit and a claim never interleave.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, candidate.userId)).for('update');
    const [doc] = await tx
      .select()
      .from(fiscalDocuments)
      .where(
        and(
          eq(fiscalDocuments.invoiceId, candidate.id),
          inArray(fiscalDocuments.state, ['provisional', 'submitting']),
          sql`${fiscalDocuments.nextAttemptAt} <= ${now.toISOString()}::timestamptz`,
        ),
      )
      .for('update', { skipLocked: true });
    if (!doc) return { kind: 'settled' };
    const lease = new Date(now.getTime() + SUBMIT_LEASE_SECONDS * 1000);
    if (doc.state === 'submitting' && doc.payload) {
      // Sent before (a crash, a time-out): replay exactly what was sent, same fiscal number.
      await tx
        .update(fiscalDocuments)
        .set({ attempts: doc.attempts + 1, nextAttemptAt: lease, updatedAt: now })
        .where(eq(fiscalDocuments.invoiceId, doc.invoiceId));
      return { kind: 'claimed', doc: { invoiceId: doc.invoiceId, userId: doc.userId, payload: doc.payload as FiscalDocument, attempts: doc.attempts + 1 } };
    }
    const fail = async (code: string, message: string): Promise<ClaimOutcome> => {
      await tx
        .update(fiscalDocuments)
        .set({ state: 'fiscal_error', errorCode: code, lastError: message, updatedAt: now })
        .where(eq(fiscalDocuments.invoiceId, doc.invoiceId));
      return { kind: 'settled' };
    };
    const [inv] = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.id, doc.invoiceId), eq(invoices.userId, doc.userId)));
    if (!inv || inv.deletedAt || inv.voidedAt) {
      if (doc.fiscalSequence == null) {
        await tx.delete(fiscalDocuments).where(eq(fiscalDocuments.invoiceId, doc.invoiceId));
        return { kind: 'settled' };
      }
      return fail(
        'voided',
        resolved.mode === 'test' ? 'The invoice was voided before it was signed in TEST MODE.' : 'The invoice was voided before KRA accepted it.',
      );
    }
    const [contact] = await tx.select({ name: contacts.name, pin: contacts.taxId }).from(contacts).where(eq(contacts.id, inv.contactId));
    const [owner] = await tx.select({ country: users.country }).from(users).where(eq(users.id, doc.userId));
    const pin = (contact?.pin ?? '').replace(/\s+/g, '').toUpperCase() || null;
    const pinError = taxPinError(pin, owner?.country === 'Kenya' || resolved.mode === 'etims' ? 'Kenya' : owner?.country);
    if (pinError) return fail('buyer_pin', `The client's tax PIN ${pin} is not valid: ${pinError}.`);
    let original: number | null = null;
    if (doc.kind === 'credit_note') {
      const [orig] = await tx
        .select({ state: fiscalDocuments.state, seq: fiscalDocuments.fiscalSequence })
        .from(fiscalDocuments)
        .where(eq(fiscalDocuments.invoiceId, doc.originalInvoiceId ?? doc.invoiceId));
      if (!orig || orig.state === 'fiscal_error') return fail('original', 'The invoice this credit note reverses was not fiscalised.');
      if (orig.state !== 'fiscalised') {
        await tx
          .update(fiscalDocuments)
          .set({ nextAttemptAt: new Date(now.getTime() + 30_000), updatedAt: now })
          .where(eq(fiscalDocuments.invoiceId, doc.invoiceId));
        return { kind: 'settled' };
      }
      original = orig.seq;
    }
    // The item classification and unit code chosen on each catalog item sold (KRA's code lists).
    const catalogIds = [...new Set((inv.lines as Array<{ catalog_id?: string | null }>).map((l) => l.catalog_id).filter((c): c is string => !!c))];
    const catalogRows = catalogIds.length
      ? await tx
          .select(catalogRowColumns)
          .from(catalogs)
          .where(and(eq(catalogs.userId, doc.userId), inArray(catalogs.id, catalogIds), isNull(catalogs.deletedAt)))
      : [];
    const items = new Map(catalogRows.map((c) => [c.id, { item_class: c.itemClass, unit_code: c.unitCode }]));
    let payload: FiscalDocument;
    try {
      payload = fiscalDocument(
        {
          id: inv.id,
          number: inv.number,
          issue_date: inv.issueDate,
          currency: inv.currency,
          lines: inv.lines as Parameters<typeof fiscalDocument>[0]['lines'],
          fees: inv.fees as InvoiceFeeInput[],
          fee_ids: inv.feeIds as string[],
          discount: inv.discount as Parameters<typeof fiscalDocument>[0]['discount'],
        },
        {
          kind: doc.kind as FiscalDocumentKind,
          fiscal_sequence: 0,
          original_sequence: original,
          reason_code: doc.reasonCode,
          buyer: { name: contact?.name ?? '', pin },
          items,
        },
      );
    } catch (err) {
      if (err instanceof FiscalBandError) return fail('tax_band', err.message);
      throw err;
    }
    const branchId = doc.branchId ?? resolved.branchId;
    const scope = doc.sequenceScope ?? resolved.scope;
    // Each catalog item sold gets its eTIMS item code (registered before the sale is sent, see registerItems).
    try {
      await assignItemCodes(tx, {
        userId: doc.userId,
        scope,
        branchId,
        country: owner?.country,
        test: resolved.mode === 'test',
        payload,
        catalog: catalogRows,
      });
      // Typed lines and fees: the branch's generic item of their class, unit and band (KRA wants a code on every item).
      await assignGenericCodes(tx, { userId: doc.userId, scope, branchId, country: owner?.country, test: resolved.mode === 'test', payload });
    } catch (err) {
      if (err instanceof EtimsItemCodeError) return fail('item', `${err.message}.`);
      throw err;
    }
    let seq = doc.fiscalSequence;
    if (seq == null) {
      // The branch's next number, under the sequence row's lock: committed with the claim, or not taken at all.
      const res = (await tx.execute(sql`insert into fiscal_sequences (scope, branch_id, last) values (${scope}, ${branchId}, 1)
        on conflict (scope, branch_id) do update set last = fiscal_sequences.last + 1 returning last`)) as unknown as {
        rows: Array<{ last: number | string }>;
      };
      seq = Number(res.rows[0].last);
    }
    payload.fiscal_sequence = seq;
    await tx
      .update(fiscalDocuments)
      .set({
        state: 'submitting',
        branchId,
        sequenceScope: scope,
        fiscalSequence: seq,
        payload,
        sourceHash: lockedOf(rowData(inv)),
        attempts: doc.attempts + 1,
        nextAttemptAt: lease,
        errorCode: null,
        lastError: null,
        updatedAt: now,
      })
      .where(eq(fiscalDocuments.invoiceId, doc.invoiceId));
    return { kind: 'claimed', doc: { invoiceId: doc.invoiceId, userId: doc.userId, payload, attempts: doc.attempts + 1 } };
  });
}

async function settle(ctx: AppContext, doc: Claimed, outcome: { ok: true; result: FiscalResult } | { ok: false; failure: FiscalFailure }) {
  const now = clockOf(ctx).now();
  const where = and(eq(fiscalDocuments.invoiceId, doc.invoiceId), eq(fiscalDocuments.state, 'submitting'));
  if (outcome.ok) {
    await ctx.db
      .update(fiscalDocuments)
      .set({ state: 'fiscalised', result: outcome.result, fiscalisedAt: now, errorCode: null, lastError: null, updatedAt: now })
      .where(where);
  } else if (outcome.failure.retry) {
    const next = new Date(now.getTime() + fiscalRetryDelaySeconds(doc.attempts) * 1000);
    await ctx.db
      .update(fiscalDocuments)
      .set({ nextAttemptAt: next, errorCode: outcome.failure.code, lastError: outcome.failure.message, updatedAt: now })
      .where(where);
  } else {
    await ctx.db
      .update(fiscalDocuments)
      .set({
        state: 'fiscal_error',
        // An item the authority refused keeps its own code ('item:…' the fix is on the catalog item, 'generic:…' on the invoice).
        errorCode: /^(item|generic):/.test(outcome.failure.code ?? '')
          ? outcome.failure.code
          : outcome.failure.code
            ? `authority:${outcome.failure.code}`
            : 'authority',
        lastError: outcome.failure.message,
        updatedAt: now,
      })
      .where(where);
  }
}

export interface ProcessResult {
  fiscalised: number;
  retrying: number;
  failed: number;
}

/**
 * Sends due documents to their control unit: `concurrency` workers, each claiming one document at a time
 * (FOR UPDATE SKIP LOCKED, so two processes never send the same one at once), until none is due or `limit`.
 */
export async function processDue(ctx: AppContext, opts: { userId?: string; limit?: number; concurrency?: number } = {}): Promise<ProcessResult> {
  const out: ProcessResult = { fiscalised: 0, retrying: 0, failed: 0 };
  let left = opts.limit ?? 500;
  const worker = async () => {
    while (left > 0) {
      left -= 1;
      const c = await claim(ctx, opts.userId, clockOf(ctx).now());
      if (c.kind === 'none') return;
      if (c.kind === 'settled') {
        out.failed += 0;
        continue;
      }
      const { unit } = await unitFor(ctx, c.doc.userId);
      let outcome: Awaited<ReturnType<typeof unit.fiscalise>>;
      try {
        // The items it names are registered first (KRA refuses a sale of an item it does not know).
        const itemFailure = await registerItems(ctx, unit, c.doc.userId, c.doc.payload);
        outcome = itemFailure ? { ok: false, failure: itemFailure } : await unit.fiscalise(c.doc.payload);
      } catch (err) {
        outcome = { ok: false, failure: { retry: true, code: null, message: err instanceof Error ? err.message : 'The control unit failed' } };
      }
      await settle(ctx, c.doc, outcome);
      if (outcome.ok) out.fiscalised += 1;
      else if (outcome.failure.retry) out.retrying += 1;
      else out.failed += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, opts.concurrency ?? 4) }, worker));
  return out;
}

/** Where an invoice stands with the authority, for its owner (and the documents). */
export async function fiscalView(ctx: AppContext, userId: string, invoiceId: string): Promise<FiscalView> {
  const [doc] = await ctx.db
    .select()
    .from(fiscalDocuments)
    .where(and(eq(fiscalDocuments.invoiceId, invoiceId), eq(fiscalDocuments.userId, userId)));
  if (!doc) {
    // No fiscal record yet is an answer only about the caller's own invoice: anyone else's id is not found.
    const [own] = await ctx.db
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.id, invoiceId), eq(invoices.userId, userId)));
    if (!own) throw new AppError('not_found', 'Invoice not found.');
  }
  return viewOf(doc ?? null, (await unitFor(ctx, userId)).mode === 'test');
}

/** A credit note's reference to the sale it reverses, as sent (its fiscal number is the sale's sequence). */
function creditsOf(doc: typeof fiscalDocuments.$inferSelect | null): string | null {
  const original = doc?.kind === 'credit_note' ? (doc.payload as FiscalDocument | null)?.original_sequence : null;
  return original == null ? null : String(original);
}

export function viewOf(doc: typeof fiscalDocuments.$inferSelect | null, testMode: boolean): FiscalView {
  const r = (doc?.state === 'fiscalised' ? doc.result : null) as FiscalResult | null;
  const state = !doc ? null : doc.state === 'submitting' ? 'provisional' : (doc.state as FiscalView['state']);
  const test = r ? r.test : testMode;
  return {
    state,
    test,
    control_unit_id: r?.control_unit_id ?? null,
    fiscal_number: r?.fiscal_number ?? null,
    receipt_label: r?.receipt_label ?? null,
    internal_data: r?.internal_data ?? null,
    signature: r?.signature ?? null,
    fiscal_datetime: r?.fiscal_datetime ?? null,
    qr_text: r?.qr_text ?? null,
    credits_fiscal_number: creditsOf(doc),
    error:
      doc && doc.lastError && doc.state !== 'fiscalised' ? { code: doc.errorCode, message: doc.lastError, fix: fiscalErrorFix(doc.errorCode, test) } : null,
    attempts: doc?.attempts ?? 0,
  };
}

/** The fiscal block of a fiscalised document (PDF, public page), by invoice id; null when not fiscalised. */
export async function fiscalResultOf(db: AppContext['db'], invoiceId: string): Promise<FiscalResult | null> {
  const [doc] = await db
    .select({ state: fiscalDocuments.state, result: fiscalDocuments.result })
    .from(fiscalDocuments)
    .where(eq(fiscalDocuments.invoiceId, invoiceId));
  return doc?.state === 'fiscalised' ? (doc.result as FiscalResult) : null;
}

/** After the owner fixed what the authority refused: queue the invoice again (same fiscal number, if it had one). */
export async function retryFiscal(ctx: AppContext, userId: string, invoiceId: string): Promise<FiscalView> {
  const [doc] = await ctx.db
    .select({ state: fiscalDocuments.state })
    .from(fiscalDocuments)
    .where(and(eq(fiscalDocuments.invoiceId, invoiceId), eq(fiscalDocuments.userId, userId)));
  if (!doc) {
    const test = (await unitFor(ctx, userId)).mode === 'test';
    throw new AppError('not_found', `This invoice is not waiting for ${test ? 'its TEST MODE signature' : 'KRA'}: finish or send it first.`);
  }
  if (doc.state === 'fiscalised') throw new AppError('conflict', 'This invoice is already fiscalised.');
  await ctx.db
    .update(fiscalDocuments)
    .set({ state: 'provisional', nextAttemptAt: clockOf(ctx).now(), updatedAt: new Date() })
    .where(and(eq(fiscalDocuments.invoiceId, invoiceId), eq(fiscalDocuments.state, 'fiscal_error')));
  return fiscalView(ctx, userId, invoiceId);
}

/**
 * What the invoice and receipt PDFs (and the public page) print about the authority: the fiscal block of a
 * fiscalised invoice, "awaiting KRA" before, nothing for a business that does not fiscalise.
 */
export async function pdfFiscalOf(ctx: AppContext, userId: string, invoiceId: string, buyerPin?: string | null): Promise<PdfFiscal | null> {
  const [doc] = await ctx.db
    .select()
    .from(fiscalDocuments)
    .where(and(eq(fiscalDocuments.invoiceId, invoiceId), eq(fiscalDocuments.userId, userId)));
  if (!doc) return null;
  const v = viewOf(doc, (await unitFor(ctx, userId)).mode === 'test');
  if (!v.state || v.state === 'fiscal_error') return v.state ? { state: 'provisional', test: v.test } : null;
  return {
    ...v,
    state: v.state,
    buyer_pin: v.state === 'fiscalised' ? ((doc.payload as FiscalDocument | null)?.buyer.pin ?? buyerPin ?? null) : null,
    credit_note: doc.kind === 'credit_note',
  };
}

/** The public page's fiscal block (no owner session: the unit's mode is read from what was signed). */
export async function publicFiscalOf(db: AppContext['db'], invoiceId: string): Promise<PdfFiscal | null> {
  const [doc] = await db.select().from(fiscalDocuments).where(eq(fiscalDocuments.invoiceId, invoiceId));
  if (!doc) return null;
  const v = viewOf(doc, false);
  if (v.state !== 'fiscalised') return { state: 'provisional', test: v.test };
  return { ...v, state: 'fiscalised', buyer_pin: (doc.payload as FiscalDocument | null)?.buyer.pin ?? null, credit_note: doc.kind === 'credit_note' };
}

import { createHash } from 'node:crypto';
import {
  canonical,
  DEFAULT_CREDIT_REASON_CODE,
  FISCAL_IMMUTABLE_MESSAGE,
  FISCAL_LOCKED_FIELDS,
  type FiscalCandidate,
  type FiscalResult,
  fiscalKindOf,
  fiscalLockedChanges,
  fiscalLockMessage,
  isCreditReasonCode,
} from '@duka/core';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { fiscalDocuments, invoices } from '../../db/schema';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import type { Tx } from '../../lib/registry';
import { afterWriteQuiet, inIds, quietAfterWrite, type Data, type SyncAdapter } from '../sync';
import { fiscalises } from './units';

// The invoices' side of fiscalisation (issue 26): what a write of an invoice or credit note queues, and what it may not change.

type Row = typeof invoices.$inferSelect;

/** The invoice's printed fields, API names, in a fixed order: what a fiscalised invoice keeps. */
function lockedOf(d: Data): string {
  return createHash('sha256')
    .update(JSON.stringify(FISCAL_LOCKED_FIELDS.map((k) => canonical(d[k] ?? null))))
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
      const [doc] = info.existing
        ? await tx
            .select({ state: fiscalDocuments.state, result: fiscalDocuments.result })
            .from(fiscalDocuments)
            .where(and(eq(fiscalDocuments.invoiceId, info.id), eq(fiscalDocuments.userId, userId)))
        : [];
      const refuse = async (next: Data) => {
        if (!info.existing || !doc || !fiscalLockMessage(doc.state)) return;
        const changed = fiscalLockedChanges(info.existing, next);
        if (!changed.length) return;
        const message = (await lockMessage(userId, doc)) as string;
        throw new AppError('conflict', message, Object.fromEntries(changed.map((k) => [k, message])));
      };
      let out: Data;
      try {
        out = inner.prepare ? await inner.prepare(tx, userId, data, info) : data;
      } catch (err) {
        // A signed document's refusal comes first (it names KRA and the way out), e.g. before a paid sale's lock (t21 P5).
        if (err instanceof AppError && err.code === 'conflict') await refuse(data);
        throw err;
      }
      await refuse(out);
      return out;
    },
    /** A signed (or being signed) invoice is never deleted nor voided: the refusal names what works, a credit note. */
    async beforeDelete(tx, userId, id, batch) {
      const [doc] = await tx
        .select({ state: fiscalDocuments.state, result: fiscalDocuments.result })
        .from(fiscalDocuments)
        .where(and(eq(fiscalDocuments.invoiceId, id), eq(fiscalDocuments.userId, userId)));
      if (doc && fiscalLockMessage(doc.state)) throw new AppError('conflict', (await lockMessage(userId, doc)) as string);
      await inner.beforeDelete?.(tx, userId, id, batch);
    },
    // Under the writer's lock, in the batch's last statement: an edit of a document the job claimed meanwhile (sent or
    // signed) that changes what was signed refuses the batch (the transaction is rolled back). A record this batch
    // created cannot have been sent to the authority yet.
    lastStatement(userId, written) {
      const parts = inner.lastStatement?.(userId, written) ?? [];
      const live = written.filter((w) => !w.deleted && !w.created);
      if (!live.length) return parts;
      const check = {
        read: sql`select ${fiscalDocuments.invoiceId} as id, ${fiscalDocuments.sourceHash} as hash, ${fiscalDocuments.state} as state, ${fiscalDocuments.result} as result
          from ${fiscalDocuments} where ${inIds(
            fiscalDocuments.invoiceId,
            live.map((w) => w.id),
          )} and ${fiscalDocuments.state} in ('submitting', 'fiscalised')`,
        async check(held: Array<Record<string, unknown>>) {
          for (const h of held as unknown as Array<{ id: string; hash: string | null; state: string; result: unknown }>) {
            const w = live.find((x) => x.id === h.id);
            if (w && h.hash && lockedOf(w.data) !== h.hash) throw new AppError('conflict', (await lockMessage(userId, h)) ?? FISCAL_IMMUTABLE_MESSAGE);
          }
        },
      };
      return [...parts, check];
    },
    // Quiet (no statement, see quietAfterWrite) for rows that are neither a finished sale nor a credit note.
    afterWrite: quietAfterWrite(
      async (tx, userId, written) => {
        if (inner.afterWrite) await inner.afterWrite(tx, userId, written);
        const live = written.filter((w) => !w.deleted);
        if (!live.length) return;
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
      (written) => afterWriteQuiet(inner, written) && written.every((w) => w.deleted || fiscalKindOf(w.data as FiscalCandidate) === null),
    ),
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

/** The hash of what a fiscal document signs of its invoice: an edit that changes it is refused once sent. */
export const signedHash = (r: Row): string => lockedOf(rowData(r));

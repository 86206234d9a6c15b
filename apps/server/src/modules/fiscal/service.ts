import {
  EtimsItemCodeError,
  FiscalBandError,
  type FiscalDocument,
  type FiscalDocumentKind,
  type FiscalFailure,
  type FiscalPaymentType,
  type FiscalResult,
  fiscalDocument,
  fiscalPaymentTypeOf,
  type InvoicePayment,
  fiscalRetryDelaySeconds,
  type InvoiceFeeInput,
  taxPinError,
} from '@duka/core';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { catalogs, contacts, fiscalDocuments, invoices, users } from '../../db/schema';
import { clockOf } from '../../lib/clock';
import type { AppContext } from '../../lib/context';
import { signedHash } from './adapter';
import { assignGenericCodes, assignItemCodes, catalogRowColumns, registerItems } from './items';
import { type ResolvedUnit, unitFor } from './units';

// The fiscal job (issue 26): claims due documents, sends them to their control unit, and settles what came back.

/** How long a claimed submission is left to its worker before another may replay it (a crash, kill -9). */
export const SUBMIT_LEASE_SECONDS = 120;

interface Claimed {
  invoiceId: string;
  userId: string;
  payload: FiscalDocument;
  attempts: number;
  /** The sequence it was numbered in (documents numbered before the device was kept on them are checked by it). */
  scope: string;
}

type DocRow = typeof fiscalDocuments.$inferSelect;

/**
 * Whether a document already numbered may go to this unit: the device it was numbered for (kept on the document when
 * it was picked up for sending), or, for a document numbered before that was kept, its sequence and branch.
 */
function sameDevice(doc: Pick<DocRow, 'payload' | 'sequenceScope' | 'branchId'>, resolved: ResolvedUnit): boolean {
  const stored = (doc.payload as FiscalDocument | null)?.device;
  if (stored) return stored.id === resolved.device.id;
  if (doc.sequenceScope == null) return true;
  return doc.sequenceScope === resolved.scope && (doc.branchId ?? resolved.branchId) === resolved.branchId;
}

/** The owner's sentence when the business's device changed since a document was numbered (issue 26). */
export function deviceChangedMessage(doc: Pick<DocRow, 'payload' | 'fiscalSequence' | 'kind'>, resolved: ResolvedUnit): string {
  const what = doc.kind === 'credit_note' ? 'credit note' : 'invoice';
  const was = (doc.payload as FiscalDocument | null)?.device?.label ?? 'the KRA eTIMS device it was numbered for';
  return (
    `Not sent: this ${what} has fiscal number ${doc.fiscalSequence ?? '?'} of ${was}, and this business now signs with ${resolved.device.label}. ` +
    `Duka never sends a document under another device's numbers: connect ${was} again in Settings → KRA eTIMS and send it again, ` +
    'or, if that device is gone for good, contact Duka support.'
  );
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
    const fail = async (code: string, message: string): Promise<ClaimOutcome> => {
      await tx
        .update(fiscalDocuments)
        .set({ state: 'fiscal_error', errorCode: code, lastError: message, updatedAt: now })
        .where(eq(fiscalDocuments.invoiceId, doc.invoiceId));
      return { kind: 'settled' };
    };
    // Numbered for a device the business no longer signs with (a disconnect, another device): held, never re-sent elsewhere.
    if (doc.fiscalSequence != null && !sameDevice(doc, resolved)) return fail('device', deviceChangedMessage(doc, resolved));
    if (doc.state === 'submitting' && doc.payload) {
      // Sent before (a crash, a time-out): replay exactly what was sent, same fiscal number.
      await tx
        .update(fiscalDocuments)
        .set({ attempts: doc.attempts + 1, nextAttemptAt: lease, updatedAt: now })
        .where(eq(fiscalDocuments.invoiceId, doc.invoiceId));
      return {
        kind: 'claimed',
        doc: {
          invoiceId: doc.invoiceId,
          userId: doc.userId,
          payload: doc.payload as FiscalDocument,
          attempts: doc.attempts + 1,
          scope: doc.sequenceScope ?? resolved.scope,
        },
      };
    }
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
    // How it was paid as it is made (eTIMS pmtTyCd): an invoice sent unpaid is credit; a credit note, its original's.
    let paymentType: FiscalPaymentType | undefined = fiscalPaymentTypeOf(inv.totalDue, (inv.payments ?? []) as InvoicePayment[]);
    if (doc.kind === 'credit_note') {
      const [orig] = await tx
        .select({ state: fiscalDocuments.state, seq: fiscalDocuments.fiscalSequence, payload: fiscalDocuments.payload })
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
      paymentType = (orig.payload as FiscalDocument | null)?.payment_type;
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
          payment_type: paymentType,
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
    // The device it is numbered for, kept with it: a replay after a disconnect never goes to another device.
    payload.device = resolved.device;
    await tx
      .update(fiscalDocuments)
      .set({
        state: 'submitting',
        branchId,
        sequenceScope: scope,
        fiscalSequence: seq,
        payload,
        sourceHash: signedHash(inv),
        attempts: doc.attempts + 1,
        nextAttemptAt: lease,
        errorCode: null,
        lastError: null,
        updatedAt: now,
      })
      .where(eq(fiscalDocuments.invoiceId, doc.invoiceId));
    return { kind: 'claimed', doc: { invoiceId: doc.invoiceId, userId: doc.userId, payload, attempts: doc.attempts + 1, scope } };
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
        errorCode: /^(item|generic):|^device$/.test(outcome.failure.code ?? '')
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
      const current = await unitFor(ctx, c.doc.userId);
      const { unit } = current;
      let outcome: Awaited<ReturnType<typeof unit.fiscalise>>;
      const device = c.doc.payload.device;
      if (device ? device.id !== current.device.id : c.doc.scope !== current.scope) {
        // The business changed device between the claim and now (another process): held with the owner's sentence.
        const message = deviceChangedMessage({ payload: c.doc.payload, fiscalSequence: c.doc.payload.fiscal_sequence, kind: c.doc.payload.kind }, current);
        await settle(ctx, c.doc, { ok: false, failure: { retry: false, code: 'device', message } });
        out.failed += 1;
        continue;
      }
      try {
        // The items it names are registered first (KRA refuses a sale of an item it does not know).
        const itemFailure = await registerItems(ctx, unit, c.doc.userId, c.doc.payload, c.doc.scope);
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

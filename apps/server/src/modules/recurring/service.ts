import { randomUUID } from 'node:crypto';
import {
  addDays,
  type InvoiceRecord,
  isOccurrenceDue,
  localDate,
  occurrencesCoveredBySource,
  occurrencesDone,
  occurrenceWithin,
  type RecurringCreateInput,
  type RecurringOccurrence,
  type RecurringRecord,
  recurringCreateSchema,
  type RecurringRule,
  type RecurringUpdateInput,
  recurringUpdateSchema,
  sendsOccurrence,
  shiftedDueDate,
} from '@duka/core';
import { and, asc, desc, eq, inArray, isNotNull, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { recurringInvoices, recurringOccurrences } from '../../db/schema';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { applyMutations } from '../sync';
import { getInvoice, toApi } from '../invoices';
import { checkScheduleCap, checkStartDate, PAST_DRAFT_NOTE } from './limits';

type ScheduleRow = typeof recurringInvoices.$inferSelect;

/** What each new invoice repeats from the invoice the schedule was made from. */
const TEMPLATE_KEYS = [
  'contact_id',
  'currency',
  'issue_date',
  'due_date',
  'lines',
  'fees',
  'fee_ids',
  'discount',
  'notes',
  'terms',
  'payment_instructions',
  'total_due',
] as const;

function templateOf(inv: InvoiceRecord): Record<string, unknown> {
  const t: Record<string, unknown> = {};
  for (const k of TEMPLATE_KEYS) t[k] = (inv as unknown as Record<string, unknown>)[k];
  return t;
}

const ruleOf = (r: Pick<ScheduleRow, 'frequency' | 'interval' | 'startDate' | 'endDate' | 'count'>): RecurringRule => ({
  frequency: r.frequency as RecurringRule['frequency'],
  interval: r.interval,
  start_date: r.startDate,
  end_date: r.endDate,
  count: r.count,
});

export function toApiRecurring(r: ScheduleRow): RecurringRecord {
  const t = r.template as Record<string, unknown>;
  return {
    id: r.id,
    invoice_id: r.invoiceId,
    contact_id: String(t.contact_id),
    currency: String(t.currency),
    total_due: Number(t.total_due ?? 0),
    frequency: r.frequency as RecurringRecord['frequency'],
    interval: r.interval,
    start_date: r.startDate,
    end_date: r.endDate,
    count: r.count,
    send_mode: r.sendMode as RecurringRecord['send_mode'],
    time_zone: r.timeZone,
    status: r.status as RecurringRecord['status'],
    generated: r.generated,
    next_date: r.nextDate,
    last_invoice_id: r.lastInvoiceId,
    last_error: r.lastError,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

async function loadOwn(db: Db, userId: string, id: string): Promise<ScheduleRow> {
  const [row] = await db
    .select()
    .from(recurringInvoices)
    .where(and(eq(recurringInvoices.id, id), eq(recurringInvoices.userId, userId)));
  if (!row) throw new AppError('not_found', 'Recurring invoice not found');
  return row;
}

export async function getRecurring(db: Db, userId: string, id: string): Promise<RecurringRecord> {
  return toApiRecurring(await loadOwn(db, userId, id));
}

export async function listRecurring(db: Db, userId: string, opts: { invoice_id?: string } = {}): Promise<RecurringRecord[]> {
  const rows = await db
    .select()
    .from(recurringInvoices)
    .where(and(eq(recurringInvoices.userId, userId), opts.invoice_id ? eq(recurringInvoices.invoiceId, opts.invoice_id) : undefined))
    .orderBy(asc(sql`${recurringInvoices.nextDate} is null`), asc(recurringInvoices.nextDate), desc(recurringInvoices.createdAt))
    .limit(500);
  return rows.map(toApiRecurring);
}

/** The next date after `generated` occurrences, and whether the schedule is over. */
function nextState(rule: RecurringRule, generated: number): { nextDate: string | null; finished: boolean } {
  const nextDate = occurrenceWithin(rule, generated);
  return { nextDate, finished: nextDate === null };
}

export async function createRecurring(ctx: AppContext, userId: string, input: RecurringCreateInput, now = new Date()): Promise<RecurringRecord> {
  const v = recurringCreateSchema.parse(input);
  const inv = toApi(await getInvoice(ctx.db, userId, v.invoice_id));
  if (inv.kind !== 'invoice') throw new AppError('unprocessable', 'Only an invoice can repeat. Convert the quote to an invoice first.');
  if (!inv.lines.length) throw new AppError('unprocessable', 'Add at least one line to the invoice before making it repeat.');
  // A start in the past is allowed (the missed dates are made at once, as drafts), but not more than a year back.
  checkStartDate(v.start_date, localDate(now, v.time_zone));
  await checkScheduleCap(ctx.db, userId);
  const rule: RecurringRule = { frequency: v.frequency, interval: v.interval, start_date: v.start_date, end_date: v.end_date, count: v.count };
  // Starting on the invoice's own date: that invoice is the first occurrence, the next is one period later (issue 23).
  const covered = occurrencesCoveredBySource(rule, inv);
  const { nextDate, finished } = nextState(rule, covered);
  const [row] = await ctx.db
    .insert(recurringInvoices)
    .values({
      id: randomUUID(),
      userId,
      invoiceId: inv.id,
      template: templateOf(inv),
      frequency: v.frequency,
      interval: v.frequency === 'weekly' || v.frequency === 'months' || v.frequency === 'yearly' ? v.interval : 1,
      startDate: v.start_date,
      endDate: v.end_date,
      count: v.count,
      sendMode: v.send_mode,
      timeZone: v.time_zone,
      status: finished ? 'finished' : 'active',
      nextDate,
      generated: covered,
      lastInvoiceId: covered ? inv.id : null,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return toApiRecurring(row);
}

export async function updateRecurring(ctx: AppContext, userId: string, id: string, input: RecurringUpdateInput, now = new Date()): Promise<RecurringRecord> {
  const v = recurringUpdateSchema.parse(input);
  // The invoice it came from (a schedule's invoice never changes), read before the transaction: is it the first occurrence?
  const rules = v.frequency !== undefined || v.interval !== undefined || v.start_date !== undefined || v.end_date !== undefined || v.count !== undefined;
  const [pre] =
    rules || v.refresh_template
      ? await ctx.db
          .select({ invoiceId: recurringInvoices.invoiceId })
          .from(recurringInvoices)
          .where(and(eq(recurringInvoices.id, id), eq(recurringInvoices.userId, userId)))
      : [];
  const source = pre ? toApi(await getInvoice(ctx.db, userId, pre.invoiceId)) : undefined;
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(recurringInvoices)
      .where(and(eq(recurringInvoices.id, id), eq(recurringInvoices.userId, userId)))
      .for('update');
    if (!row) throw new AppError('not_found', 'Recurring invoice not found');
    const changesRule =
      v.frequency !== undefined || v.interval !== undefined || v.start_date !== undefined || v.end_date !== undefined || v.count !== undefined;
    if (v.start_date !== undefined && v.start_date !== row.startDate) checkStartDate(v.start_date, localDate(now, v.time_zone ?? row.timeZone));
    if (v.start_date !== undefined && row.generated > 0 && v.start_date !== row.startDate) {
      throw new AppError('conflict', 'The start date cannot change once invoices were made. Change the end date or make a new schedule.', {
        start_date: 'Already started',
      });
    }
    const frequency = (v.frequency ?? row.frequency) as RecurringRule['frequency'];
    const rule: RecurringRule = {
      frequency,
      interval: v.interval ?? row.interval,
      start_date: v.start_date ?? row.startDate,
      end_date: v.end_date !== undefined ? v.end_date : row.endDate,
      count: v.count !== undefined ? v.count : row.count,
    };
    if (rule.end_date && rule.end_date < rule.start_date)
      throw new AppError('validation_failed', 'end_date: The end date is before the start date', { end_date: 'The end date is before the start date' });
    const patch: Partial<typeof recurringInvoices.$inferInsert> = { updatedAt: now };
    if (changesRule)
      Object.assign(patch, { frequency: rule.frequency, interval: rule.interval, startDate: rule.start_date, endDate: rule.end_date, count: rule.count });
    if (v.send_mode) patch.sendMode = v.send_mode;
    if (v.time_zone) patch.timeZone = v.time_zone;
    // Read before the transaction: on PGlite (one connection) a read outside it would wait for it forever.
    if (v.refresh_template && source) patch.template = templateOf(source);
    // A schedule that made nothing yet, moved to start on its invoice's own date: that invoice is the first (issue 23).
    let generated = row.generated;
    if (generated === 0 && changesRule && source) {
      generated = occurrencesDone(rule, 0, source);
      if (generated) Object.assign(patch, { generated, lastInvoiceId: row.invoiceId });
    }
    const { nextDate, finished } = nextState(rule, generated);
    patch.nextDate = nextDate;
    if (finished) patch.status = 'finished';
    else if (v.status) patch.status = v.status;
    else if (row.status === 'finished') patch.status = 'active'; // e.g. the end date moved later
    if (patch.status === 'active' && row.status === 'paused') {
      patch.lastError = null;
      // Resumed: an occurrence that failed (e.g. the client was missing) is tried again.
      await tx
        .update(recurringOccurrences)
        .set({ state: 'claimed', error: null })
        .where(and(eq(recurringOccurrences.recurringId, id), eq(recurringOccurrences.state, 'failed')));
    }
    const [updated] = await tx.update(recurringInvoices).set(patch).where(eq(recurringInvoices.id, id)).returning();
    return toApiRecurring(updated);
  });
}

export async function deleteRecurring(db: Db, userId: string, id: string): Promise<void> {
  await loadOwn(db, userId, id);
  await db.delete(recurringInvoices).where(and(eq(recurringInvoices.id, id), eq(recurringInvoices.userId, userId)));
}

export async function occurrencesOf(db: Db, userId: string, id: string) {
  await loadOwn(db, userId, id);
  const rows = await db
    .select()
    .from(recurringOccurrences)
    .where(and(eq(recurringOccurrences.recurringId, id), eq(recurringOccurrences.userId, userId)))
    .orderBy(desc(recurringOccurrences.index))
    .limit(200);
  return rows.map((o): RecurringOccurrence => ({
    index: o.index,
    date: o.date,
    invoice_id: o.invoiceId,
    state: o.state as RecurringOccurrence['state'],
    error: o.error,
  }));
}

// ── Generation ───────────────────────────────────────────────────────────────────────────────────

interface Claim {
  recurringId: string;
  userId: string;
  index: number;
}

/**
 * Claims the due occurrences of up to `limit` schedules: each schedule row is locked (SKIP LOCKED: another
 * process takes other rows), its occurrence row inserted and the schedule advanced, all in one transaction.
 */
async function claimDue(ctx: AppContext, now: Date, limit: number, after: Cursor | null): Promise<{ claims: Claim[]; next: Cursor | null }> {
  // A day has begun somewhere up to 14 hours ahead of UTC: candidates by date, then each checked in its own zone.
  const horizon = addDays(now.toISOString().slice(0, 10), 1);
  return ctx.db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(recurringInvoices)
      .where(
        and(
          eq(recurringInvoices.status, 'active'),
          isNotNull(recurringInvoices.nextDate),
          lte(recurringInvoices.nextDate, horizon),
          // Paged by (date, id): candidates not yet due in their own zone never hide the ones after them.
          after ? sql`(${recurringInvoices.nextDate}, ${recurringInvoices.id}) > (${after.date}, ${after.id})` : undefined,
        ),
      )
      .orderBy(asc(recurringInvoices.nextDate), asc(recurringInvoices.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    const claims: Claim[] = [];
    for (const row of rows) {
      const date = row.nextDate as string;
      if (!isOccurrenceDue(date, now, row.timeZone)) continue;
      const index = row.generated;
      const inserted = await tx
        .insert(recurringOccurrences)
        .values({ recurringId: row.id, index, userId: row.userId, date, invoiceId: randomUUID(), mutationId: randomUUID(), claimedAt: now })
        .onConflictDoNothing()
        .returning({ invoiceId: recurringOccurrences.invoiceId });
      const { nextDate, finished } = nextState(ruleOf(row), index + 1);
      await tx
        .update(recurringInvoices)
        .set({
          generated: index + 1,
          nextDate,
          status: finished ? 'finished' : row.status,
          lastInvoiceId: inserted[0]?.invoiceId ?? row.lastInvoiceId,
          updatedAt: now,
        })
        .where(eq(recurringInvoices.id, row.id));
      if (inserted.length) claims.push({ recurringId: row.id, userId: row.userId, index });
    }
    const last = rows.at(-1);
    return { claims, next: rows.length === limit && last ? { date: last.nextDate as string, id: last.id } : null };
  });
}

interface Cursor {
  date: string;
  id: string;
}

/** Writes the claimed occurrence's invoice through the sync engine; its mutation id makes a retry a no-op. */
async function makeInvoice(ctx: AppContext, claim: Claim, now: Date, send: SendInvoice): Promise<void> {
  const [occ] = await ctx.db
    .select()
    .from(recurringOccurrences)
    .where(and(eq(recurringOccurrences.recurringId, claim.recurringId), eq(recurringOccurrences.index, claim.index)));
  const [schedule] = await ctx.db.select().from(recurringInvoices).where(eq(recurringInvoices.id, claim.recurringId));
  if (!occ || !schedule) return;
  if (occ.state === 'claimed' || occ.state === 'failed') {
    const t = schedule.template as Record<string, unknown>;
    const data: Record<string, unknown> = {
      kind: 'invoice',
      contact_id: t.contact_id,
      currency: t.currency,
      issue_date: occ.date,
      due_date: shiftedDueDate({ issue_date: String(t.issue_date), due_date: (t.due_date as string | null) ?? null }, occ.date),
      lines: t.lines,
      fees: t.fees,
      fee_ids: t.fee_ids,
      discount: t.discount,
      notes: t.notes,
      terms: t.terms,
      payment_instructions: t.payment_instructions,
    };
    const [result] = await applyMutations(
      ctx,
      claim.userId,
      [{ mutation_id: occ.mutationId, collection: 'invoices', op: 'upsert', id: occ.invoiceId, data }],
      now,
    );
    if (result.status === 'rejected') {
      const message = result.error?.message ?? 'The invoice could not be made';
      await ctx.db
        .update(recurringOccurrences)
        .set({ state: 'failed', error: message, doneAt: now })
        .where(and(eq(recurringOccurrences.recurringId, occ.recurringId), eq(recurringOccurrences.index, occ.index)));
      // Paused so the owner sees why and fixes it (e.g. the client was deleted) rather than failing every period.
      await ctx.db.update(recurringInvoices).set({ status: 'paused', lastError: message, updatedAt: now }).where(eq(recurringInvoices.id, occ.recurringId));
      return;
    }
    await ctx.db
      .update(recurringOccurrences)
      .set({ state: 'created', error: null, invoiceVersion: result.version ?? null, doneAt: now })
      .where(
        and(
          eq(recurringOccurrences.recurringId, occ.recurringId),
          eq(recurringOccurrences.index, occ.index),
          inArray(recurringOccurrences.state, ['claimed', 'failed']),
        ),
      );
  }
  if (schedule.sendMode !== 'send') return;
  // An occurrence dated before today (a start in the past, or days the job did not run) stays a draft: never sent late.
  if (!sendsOccurrence(occ.date, localDate(now, schedule.timeZone))) {
    await ctx.db
      .update(recurringOccurrences)
      .set({ error: PAST_DRAFT_NOTE })
      .where(and(eq(recurringOccurrences.recurringId, occ.recurringId), eq(recurringOccurrences.index, occ.index), eq(recurringOccurrences.state, 'created')));
    return;
  }
  // Send at most once: the state moves created → sent before the e-mail leaves; a failed e-mail moves it back.
  const took = await ctx.db
    .update(recurringOccurrences)
    .set({ state: 'sent' })
    .where(and(eq(recurringOccurrences.recurringId, occ.recurringId), eq(recurringOccurrences.index, occ.index), eq(recurringOccurrences.state, 'created')))
    .returning({ index: recurringOccurrences.index });
  if (!took.length) return;
  try {
    await send(ctx, claim.userId, occ.invoiceId, now);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await ctx.db
      .update(recurringOccurrences)
      .set({ state: 'created', error: `Not sent: ${message}` })
      .where(and(eq(recurringOccurrences.recurringId, occ.recurringId), eq(recurringOccurrences.index, occ.index)));
  }
}

export type SendInvoice = (ctx: AppContext, userId: string, invoiceId: string, now: Date) => Promise<void>;

/**
 * Makes every occurrence due at `now`: first finishes what a stopped process left half-done (claimed but not
 * written, written but not yet sent), then claims and makes new ones until none is due.
 */
export async function runDueRecurring(ctx: AppContext, now: Date, send: SendInvoice): Promise<{ created: number }> {
  let created = 0;
  // A created occurrence dated before its own today is never sent (it is only noted as kept as a draft), so
  // created ones older than a week (a margin for every time zone and a week-long stop) need nothing more.
  const sendable = addDays(now.toISOString().slice(0, 10), -7);
  const unfinished = await ctx.db
    .select({ recurringId: recurringOccurrences.recurringId, userId: recurringOccurrences.userId, index: recurringOccurrences.index })
    .from(recurringOccurrences)
    .innerJoin(recurringInvoices, eq(recurringInvoices.id, recurringOccurrences.recurringId))
    .where(
      and(
        ne(recurringInvoices.status, 'paused'),
        sql`(${recurringOccurrences.state} = 'claimed' or (${recurringOccurrences.state} = 'created' and ${recurringOccurrences.date} >= ${sendable} and ${recurringInvoices.sendMode} = 'send' and ${recurringOccurrences.error} is distinct from ${PAST_DRAFT_NOTE}))`,
      ),
    )
    .limit(500);
  for (const c of unfinished) await makeInvoice(ctx, c, now, send);
  // Passes over every candidate, page by page; a pass that made something is followed by another (a schedule
  // behind on several occurrences catches up in one run).
  for (let made = true; made;) {
    made = false;
    let after: Cursor | null = null;
    do {
      const page: { claims: Claim[]; next: Cursor | null } = await claimDue(ctx, now, 100, after);
      for (const c of page.claims) {
        await makeInvoice(ctx, c, now, send);
        created += 1;
        made = true;
      }
      after = page.next;
    } while (after);
  }
  return { created };
}

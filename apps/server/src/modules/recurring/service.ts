import { randomUUID } from 'node:crypto';
import {
  type InvoiceRecord,
  localDate,
  madeAtOnce,
  nextOccurrenceIndex,
  occurrenceWithin,
  type RecurringCreateInput,
  type RecurringOccurrence,
  type RecurringRecord,
  recurringCreateSchema,
  type RecurringRule,
  type RecurringUpdateInput,
  recurringUpdateSchema,
} from '@duka/core';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { recurringInvoices, recurringOccurrences } from '../../db/schema';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { getInvoice, timeZoneOf, toApi } from '../invoices';
import { checkPastInvoices, checkScheduleCap, checkStartDate } from './limits';

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

export const ruleOf = (r: Pick<ScheduleRow, 'frequency' | 'interval' | 'startDate' | 'endDate' | 'count'>): RecurringRule => ({
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

/** The invoice a schedule repeats, as its template keeps it: that invoice stands for its own date (issue 23). */
export const sourceOf = (r: Pick<ScheduleRow, 'template'>): { issue_date: string } | undefined => {
  const date = (r.template as Record<string, unknown> | null)?.issue_date;
  return typeof date === 'string' ? { issue_date: date } : undefined;
};

/**
 * The next occurrence after `generated` ones: its index (the schedule's new `generated`), its date, and whether the
 * schedule is over. The occurrence on the source invoice's own date is passed over: that invoice stands for it, so the
 * same client is never billed twice for one date (issue 23), whether the schedule starts before, on or after it.
 */
export function nextState(
  rule: RecurringRule,
  generated: number,
  source?: { issue_date: string },
): { index: number; nextDate: string | null; finished: boolean } {
  const index = nextOccurrenceIndex(rule, generated, source);
  const nextDate = occurrenceWithin(rule, index);
  return { index, nextDate, finished: nextDate === null };
}

export async function createRecurring(ctx: AppContext, userId: string, input: RecurringCreateInput, now = new Date()): Promise<RecurringRecord> {
  const v = recurringCreateSchema.parse(input);
  const inv = toApi(await getInvoice(ctx.db, userId, v.invoice_id));
  if (inv.kind !== 'invoice') throw new AppError('unprocessable', 'Only an invoice can repeat. Convert the quote to an invoice first.');
  if (!inv.lines.length) throw new AppError('unprocessable', 'Add at least one line to the invoice before making it repeat.');
  // The business's zone unless one is given (t17 N3: an API schedule ran on UTC's day while the app sends the business's).
  const timeZone = v.time_zone ?? (await timeZoneOf(ctx.db, userId));
  const today = localDate(now, timeZone);
  // A start in the past is allowed (the missed dates are made at once, as drafts), but not more than a year back,
  // and only when the caller confirmed it (make_past), as the app asks first.
  checkStartDate(v.start_date, today);
  const rule: RecurringRule = { frequency: v.frequency, interval: v.interval, start_date: v.start_date, end_date: v.end_date, count: v.count };
  checkPastInvoices(madeAtOnce(rule, today, { source: inv }), today, v.make_past);
  await checkScheduleCap(ctx.db, userId);
  // Starting on the invoice's own date: that invoice is the first occurrence, the next is one period later (issue 23).
  const { index: covered, nextDate, finished } = nextState(rule, 0, inv);
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
      timeZone,
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
    if (changesRule && (v.status ?? row.status) === 'active') {
      const today = localDate(now, v.time_zone ?? row.timeZone);
      checkPastInvoices(madeAtOnce(rule, today, { generated: row.generated, ...(source ? { source } : {}) }), today, v.make_past);
    }
    const patch: Partial<typeof recurringInvoices.$inferInsert> = { updatedAt: now };
    if (changesRule)
      Object.assign(patch, { frequency: rule.frequency, interval: rule.interval, startDate: rule.start_date, endDate: rule.end_date, count: rule.count });
    if (v.send_mode) patch.sendMode = v.send_mode;
    if (v.time_zone) patch.timeZone = v.time_zone;
    // Read before the transaction: on PGlite (one connection) a read outside it would wait for it forever.
    if (v.refresh_template && source) patch.template = templateOf(source);
    // The occurrence on the invoice's own date is that invoice (issue 23): e.g. a schedule that made nothing yet, moved to
    // start on that date, counts it as its first.
    const { index: generated, nextDate, finished } = nextState(rule, row.generated, sourceOf({ template: patch.template ?? row.template }));
    if (generated !== row.generated) {
      patch.generated = generated;
      if (row.generated === 0 && generated === 1) patch.lastInvoiceId = row.invoiceId;
    }
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

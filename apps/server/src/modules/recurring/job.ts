import { randomUUID } from 'node:crypto';
import { addDays, type InvoiceFee, isOccurrenceDue, localDate, roundedOnTotal, sendsOccurrence, shiftedDueDate } from '@duka/core';
import { and, asc, eq, inArray, isNotNull, lte, ne, sql } from 'drizzle-orm';
import { recurringInvoices, recurringOccurrences } from '../../db/schema';
import type { AppContext } from '../../lib/context';
import { applyMutations } from '../sync';
import { PAST_DRAFT_NOTE } from './limits';

import { nextState, ruleOf, sourceOf } from './service';

// The recurring job (issue 23): claims due occurrences and writes their invoices through the sync engine.

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
      const rule = ruleOf(row);
      const source = sourceOf(row);
      // A schedule saved before the invoice stood for its own date may wait on that date: pass over it (issue 23).
      const at = nextState(rule, row.generated, source);
      if (at.index !== row.generated) {
        await tx
          .update(recurringInvoices)
          .set({ generated: at.index, nextDate: at.nextDate, status: at.finished ? 'finished' : row.status, updatedAt: now })
          .where(eq(recurringInvoices.id, row.id));
      }
      const date = at.nextDate;
      if (!date || !isOccurrenceDue(date, now, row.timeZone)) continue;
      const index = at.index;
      const inserted = await tx
        .insert(recurringOccurrences)
        .values({ recurringId: row.id, index, userId: row.userId, date, invoiceId: randomUUID(), mutationId: randomUUID(), claimedAt: now })
        .onConflictDoNothing()
        .returning({ invoiceId: recurringOccurrences.invoiceId });
      const { index: following, nextDate, finished } = nextState(rule, index + 1, source);
      await tx
        .update(recurringInvoices)
        .set({
          generated: following,
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
      // A new invoice each time: its percentage taxes are rounded once on their totals (t22 V1), as the template's
      // snapshots may be older than the rule.
      fees: Array.isArray(t.fees) ? (t.fees as InvoiceFee[]).map((f) => roundedOnTotal(f)) : t.fees,
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

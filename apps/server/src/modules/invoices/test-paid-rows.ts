import { realMoneyFields } from '@duka/core';
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { invoices, users } from '../../db/schema';
import type { AppContext } from '../../lib/context';

const OLD_STYLE = and(isNull(invoices.deletedAt), inArray(invoices.status, ['paid', 'partially_paid']), sql`${invoices.payments} @> '[{"test": true}]'::jsonb`);
const FIELDS = {
  id: invoices.id,
  userId: invoices.userId,
  status: invoices.status,
  totalDue: invoices.totalDue,
  amountPaid: invoices.amountPaid,
  balance: invoices.balance,
  creditedTotal: invoices.creditedTotal,
  payments: invoices.payments,
};
type Row = { [K in keyof typeof FIELDS]: unknown };

function realOf(r: Row) {
  return realMoneyFields({
    status: String(r.status),
    total_due: Number(r.totalDue),
    amount_paid: Number(r.amountPaid),
    balance: Number(r.balance),
    credited_total: Number(r.creditedTotal),
    payments: r.payments as { amount: number; test?: boolean }[],
  });
}
const differs = (r: Row) => {
  const real = realOf(r);
  return real.status !== r.status || real.amount_paid !== Number(r.amountPaid) || real.balance !== Number(r.balance);
};

/**
 * Start-up rewrite (issue 22): invoices stored while test payments still counted as money keep a status, amount paid
 * and balance that count them ('paid' after a test card), until their next write. Screens read them by real money
 * (core realStatus), but the server's list filters, reminders and report SQL read the stored columns. This stores
 * core's reading (realMoneyFields) in those rows, `batch` at a time, each user's rows under that user's lock with new
 * sync versions (devices pull the corrected rows; a push racing it is worked out again, see sync/engine.ts). Only
 * rows stored as paid or part-paid with a test payment are looked at, and only those whose figures differ are
 * written: a second run (or a second process starting at once) finds nothing to do. Returns how many were rewritten.
 */
export async function storeRealMoneyOfOldInvoices(ctx: AppContext, batch = 200): Promise<number> {
  let after = '00000000-0000-0000-0000-000000000000';
  let done = 0;
  for (;;) {
    const rows = await ctx.db
      .select(FIELDS)
      .from(invoices)
      .where(and(OLD_STYLE, gt(invoices.id, after)))
      .orderBy(asc(invoices.id))
      .limit(batch);
    if (!rows.length) return done;
    after = rows[rows.length - 1]!.id;
    const perUser = new Map<string, string[]>();
    for (const r of rows.filter(differs)) perUser.set(r.userId, [...(perUser.get(r.userId) ?? []), r.id]);
    for (const [userId, ids] of perUser) {
      done += await ctx.db.transaction(async (tx) => {
        // The user's lock first (as every sync write takes it), then the rows as they are now.
        await tx.select({ v: users.syncVersion }).from(users).where(eq(users.id, userId)).for('update');
        const fresh = (
          await tx
            .select(FIELDS)
            .from(invoices)
            .where(and(OLD_STYLE, eq(invoices.userId, userId), inArray(invoices.id, ids)))
        ).filter(differs);
        if (!fresh.length) return 0;
        const [u] = await tx
          .update(users)
          .set({ syncVersion: sql`${users.syncVersion} + ${fresh.length}` })
          .where(eq(users.id, userId))
          .returning({ v: users.syncVersion });
        let version = Number(u!.v) - fresh.length;
        for (const r of fresh) {
          const real = realOf(r);
          version += 1;
          await tx
            .update(invoices)
            .set({ status: real.status, amountPaid: real.amount_paid, balance: real.balance, version })
            .where(and(eq(invoices.id, r.id), eq(invoices.userId, userId)));
        }
        return fresh.length;
      });
    }
  }
}

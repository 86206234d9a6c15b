import { realMoneyFields } from '@duka/core';
import { and, asc, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { invoices } from '../../db/schema';
import { backfillRows, type Tx } from '../../lib/backfill';
import type { AppContext } from '../../lib/context';

/** The rows to look at: word for word the condition of the partial index invoices_old_money_rule_idx (schema), which
 * is what lets each start read that all but empty index instead of every invoice. */
const OLD_STYLE = sql`${invoices.deletedAt} is null and ((${invoices.status} in ('paid', 'partially_paid') and ${invoices.payments} @> '[{"test": true}]'::jsonb) or (${invoices.status} = 'paid' and ${invoices.creditedTotal} > 0 and ${invoices.creditedTotal} >= ${invoices.totalDue}))`;
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
type Row = { [K in keyof typeof FIELDS]: unknown } & { id: string; userId: string };

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
 * core's reading (realMoneyFields) in those rows (lib/backfill: `batch` at a time, under each user's lock, with new
 * sync versions; a push racing it is worked out again, see sync/engine.ts). Only rows stored as paid or part-paid
 * with a test payment are looked at, and only those whose figures differ are written: a second run finds nothing
 * to do. Returns how many were rewritten.
 * Also (issue 26 F2): invoices and sales credited whole by credit notes before the status 'credited' existed, still
 * stored 'paid', get 'credited' (core realStatus), so `status=paid` lists and report SQL stop counting them as paid.
 */
export function storeRealMoneyOfOldInvoices(ctx: AppContext, batch = 200): Promise<number> {
  const read = (db: Db | Tx, where: SQL | undefined) => db.select(FIELDS).from(invoices).where(and(OLD_STYLE, where));
  return backfillRows<Row>(
    ctx.db,
    {
      page: (after, limit) => read(ctx.db, gt(invoices.id, after)).orderBy(asc(invoices.id)).limit(limit),
      again: (tx, userId, ids) => read(tx, and(eq(invoices.userId, userId), inArray(invoices.id, ids))),
      needs: differs,
      write: (tx, r, version) => {
        const real = realOf(r);
        return tx
          .update(invoices)
          .set({ status: real.status, amountPaid: real.amount_paid, balance: real.balance, version })
          .where(and(eq(invoices.id, r.id), eq(invoices.userId, r.userId)));
      },
    },
    batch,
  );
}

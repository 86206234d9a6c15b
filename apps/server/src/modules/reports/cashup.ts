import { type CashUp, cashUpCurrency, type Till, type TillBody } from '@duka/core';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { tillDays } from '../../db/schema';
import { issued, num, paying, realPayment, rows, str } from './sql-parts';

/**
 * GET /api/reports/cash-up (t21 P4): one business day's till figures from two indexed queries over the user's
 * invoices. Payments are those dated that day (the business's day, as payments are dated) on sales and invoices whose
 * payments count as collected, real money only; the first and latest payment dates bound the rows read.
 */
export async function cashUpFor(db: Db, userId: string, day: string, currency?: string): Promise<CashUp> {
  const only = currency ? sql` and i.currency = ${currency}::text` : sql``;
  const amount = sql`(p->>'amount')::bigint`;
  const [sales, paid, tills] = await Promise.all([
    rows(
      db,
      sql`select i.currency, count(*) as n, coalesce(sum(i.total_due), 0) as total from invoices i
        where ${issued(userId)} and i.kind = 'sale' and i.issue_date = ${day}::date${only}
        group by i.currency`,
    ),
    rows(
      db,
      sql`select i.currency, p->>'method' as method,
          coalesce(sum(${amount}) filter (where ${amount} > 0), 0) as received,
          count(*) filter (where ${amount} > 0) as received_n,
          coalesce(sum(${amount}) filter (where ${amount} < 0), 0) as refunded,
          count(*) filter (where ${amount} < 0) as refunded_n
        from invoices i cross join lateral jsonb_array_elements(i.payments) p
        where ${paying(userId)}${only} and i.last_paid_on >= ${day}::text and i.first_paid_on <= ${day}::text
          and p->>'date' = ${day}::text and ${realPayment}
        group by i.currency, p->>'method'`,
    ),
    db
      .select({ currency: tillDays.currency, opening_float: tillDays.openingFloat, counted: tillDays.counted })
      .from(tillDays)
      .where(and(eq(tillDays.userId, userId), eq(tillDays.day, day), currency ? eq(tillDays.currency, currency) : undefined)),
  ]);
  const currencies = [...new Set([...sales, ...paid, ...tills].map((r) => str(r.currency)))].sort();
  return {
    date: day,
    currencies: currencies.map((cur) => {
      const s = sales.find((r) => r.currency === cur);
      return cashUpCurrency(
        cur,
        { count: num(s?.n), total: num(s?.total) },
        paid
          .filter((r) => r.currency === cur)
          .map((r) => ({
            method: str(r.method),
            received: num(r.received),
            received_count: num(r.received_n),
            refunded: num(r.refunded),
            refunded_count: num(r.refunded_n),
          })),
        tills.find((t) => t.currency === cur),
      );
    }),
  };
}

/** PUT /api/reports/cash-up/till (h155): keeps the day's float and count for one currency (the last write wins). */
export async function saveTill(db: Db, userId: string, body: TillBody): Promise<Till> {
  const now = new Date();
  const values = { openingFloat: body.opening_float, counted: body.counted, updatedAt: now };
  await db
    .insert(tillDays)
    .values({ userId, day: body.date, currency: body.currency, ...values })
    .onConflictDoUpdate({ target: [tillDays.userId, tillDays.day, tillDays.currency], set: values });
  return { ...body, updated_at: now.toISOString() };
}

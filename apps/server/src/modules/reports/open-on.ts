import { AGING_BUCKETS, AGING_INVOICE_LIMIT, type OpenFacts, type Receivable } from '@duka/core';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { balanceOn, issued, num, rows, str, testPaid } from './sql-parts';

/**
 * An open invoice (`i`) whose balance on any day on or after its last payment is its stored total_due − amount_paid:
 * no credit note, no test payment. Word for word the condition of the index invoices_user_open_aged_idx, so the
 * planner can prove the index serves the query (and read only it: every column the query needs is in its key).
 */
const OPEN_PLAIN = sql`i.balance > 0 and i.credited_total = 0 and not (i.payments @> '[{"test": true}]'::jsonb)`;

/**
 * What was owed on the day asked (`asOf`) and on the previous period's last day (`prevTo`), per currency (issue 27:
 * tens of thousands of invoices can be open):
 * - on `asOf`: outstanding, the overdue part, and per aging bucket (core agingBucket: days since the due date, or
 *   the issue date when there is none) the amount, the count and the AGING_INVOICE_LIMIT largest balances (ties: by id);
 * - on `prevTo`: only what was owed and overdue (core's openTotals), given to buildReport as one receivable per sum
 *   (overdue: due before the day; the rest: no due date).
 * Same rows and balances as owedOn on each day, from two kinds of invoices:
 * - the plain open ones (OPEN_PLAIN) not paid after a day they were issued by: on both days they owed their stored
 *   total_due − amount_paid (or nothing, when issued after the day). They are summed from the index
 *   invoices_user_open_aged_idx alone (no invoice row is read), and each bucket's largest from one range of it
 *   (its key is the aging date);
 * - the few others that can have owed something (a test payment, a credit note, or paid after a day they were issued
 *   by: see owedOn) are worked out from their rows as before. An invoice in neither owed nothing on either day:
 *   with no credit note, its balance is max(0, total_due − amount_paid) (core computeInvoiceTotals) and every payment
 *   is dated by the day.
 * The aggregates and lists of both kinds are added up and merged here.
 * The same query on the embedded PGlite: its index-only scans skip the rows only on pages the visibility map marks
 * all-visible, which the periodic maintenance's VACUUM keeps so there (jobs/analyze.ts). Issue 27, 50,000 invoices:
 * 87 ms there against 138 ms for the one pass over the rows it made before.
 */
export async function openOn(
  db: Db,
  userId: string,
  asOf: string,
  prevTo: string,
  currency?: string,
): Promise<{ open: Map<string, OpenFacts>; previous: Map<string, Receivable[]> }> {
  const only = currency ? sql` and i.currency = ${currency}::text` : sql``;
  const [early, late] = asOf < prevTo ? [asOf, prevTo] : [prevTo, asOf];
  const live = sql`i.user_id = ${userId}::uuid and i.deleted_at is null and i.kind in ('invoice', 'sale')`;
  const test = sql`i.id in (select t.id from t)`;
  const agedFrom = sql`coalesce(i.due_date, i.issue_date)`;
  const bucketOf = (days: ReturnType<typeof sql>) => sql`case when ${days} <= 30 then 0 when ${days} <= 60 then 1 when ${days} <= 90 then 2 else 3 end`;
  // The aging dates of bucket `b` on asOf (bucket 0: from 30 days before on; bucket 3: up to 91 days before).
  const lo = (b: ReturnType<typeof sql>) =>
    sql`(case ${b} when 0 then ${asOf}::date - 30 when 1 then ${asOf}::date - 60 when 2 then ${asOf}::date - 90 else '-infinity'::date end)`;
  const hi = (b: ReturnType<typeof sql>) =>
    sql`(case ${b} when 0 then 'infinity'::date when 1 then ${asOf}::date - 31 when 2 then ${asOf}::date - 61 else ${asOf}::date - 91 end)`;
  // Paid after a day it was issued by: its balance that day is read from its payments (see owedOn).
  const paidAfter = sql`((i.issue_date <= ${asOf}::date and i.last_paid_on > ${asOf}::text) or (i.issue_date <= ${prevTo}::date and i.last_paid_on > ${prevTo}::text))`;
  const plain = sql`${issued(userId)} and ${OPEN_PLAIN}${only} and i.issue_date <= ${late}::date
    and i.total_due - i.amount_paid > 0 and not coalesce(${paidAfter}, false)`;
  const found = await rows(
    db,
    sql`with t as (select i.id from invoices i where ${live} and ${testPaid}),
      x as materialized (select t.id from t
        union select i.id from invoices i where ${live} and i.credited_total <> 0
        union select i.id from invoices i where ${live} and i.last_paid_on > ${early}::text and ${paidAfter}),
      c as materialized (select i.id, i.currency, i.due_date, ${agedFrom} as aged_from,
          ${balanceOn(asOf, test)} as balance, ${balanceOn(prevTo, test)} as prev_balance
        from invoices i where ${issued(userId)} and i.issue_date <= ${late}::date${only} and i.id in (select x.id from x)),
      o as (select i.currency, i.due_date, ${agedFrom} as aged_from,
          case when i.issue_date <= ${asOf}::date then i.total_due - i.amount_paid end as balance,
          case when i.issue_date <= ${prevTo}::date then i.total_due - i.amount_paid end as prev_balance
        from invoices i where ${plain}
        union all select c.currency, c.due_date, c.aged_from, c.balance, c.prev_balance from c),
      b as (select o.currency, ${bucketOf(sql`(${asOf}::date - o.aged_from)`)} as bucket,
          coalesce(sum(o.balance) filter (where o.balance > 0), 0) as amount, count(*) filter (where o.balance > 0) as n,
          coalesce(sum(o.balance) filter (where o.balance > 0 and o.due_date < ${asOf}::date), 0) as overdue,
          coalesce(sum(o.prev_balance) filter (where o.prev_balance > 0 and o.due_date < ${prevTo}::date), 0) as prev_overdue,
          coalesce(sum(o.prev_balance) filter (where o.prev_balance > 0 and (o.due_date is null or o.due_date >= ${prevTo}::date)), 0) as prev_other
        from o where o.balance > 0 or o.prev_balance > 0 group by 1, 2)
    select b.*, case when b.n = 0 then '[]' else (select coalesce(json_agg(json_build_array(y.id, y.balance)), '[]'::json)::text from (
        select z.id, z.balance from (
          (select i.id, i.total_due - i.amount_paid as balance from invoices i
            where ${plain} and i.currency = b.currency and i.issue_date <= ${asOf}::date
              and ${agedFrom} between ${lo(sql`b.bucket`)} and ${hi(sql`b.bucket`)}
            order by 2 desc, 1 limit ${AGING_INVOICE_LIMIT})
          union all
          (select c.id, c.balance from c where c.currency = b.currency and c.balance > 0
            and ${bucketOf(sql`(${asOf}::date - c.aged_from)`)} = b.bucket order by 2 desc, 1 limit ${AGING_INVOICE_LIMIT})
        ) z order by z.balance desc, z.id limit ${AGING_INVOICE_LIMIT}) y) end as top
    from b`,
  );
  const open = new Map<string, OpenFacts>();
  const previous = new Map<string, Receivable[]>();
  const prevSums = new Map<string, { overdue: number; other: number }>();
  for (const r of found) {
    const cur = str(r.currency);
    const p = prevSums.get(cur) ?? { overdue: 0, other: 0 };
    p.overdue += num(r.prev_overdue);
    p.other += num(r.prev_other);
    prevSums.set(cur, p);
    if (num(r.n) === 0) continue;
    let f = open.get(cur);
    if (!f) open.set(cur, (f = { outstanding: 0, overdue: 0, aging: AGING_BUCKETS.map((k) => ({ bucket: k, amount: 0, count: 0, invoices: [] })) }));
    f.outstanding += num(r.amount);
    f.overdue += num(r.overdue);
    const b = f.aging[num(r.bucket)]!;
    b.amount = num(r.amount);
    b.count = num(r.n);
    b.invoices = (JSON.parse(str(r.top)) as Array<[string, number]>).map(([id, balance]) => ({ id, balance: num(balance) }));
  }
  for (const [cur, p] of prevSums) {
    // What was owed on the previous period's last day.
    if (p.overdue <= 0 && p.other <= 0) continue;
    const list: Receivable[] = [];
    if (p.overdue > 0) list.push({ id: 'overdue', issue_date: '0001-01-01', due_date: '0001-01-01', balance: p.overdue });
    if (p.other > 0) list.push({ id: 'other', issue_date: prevTo, due_date: null, balance: p.other });
    previous.set(cur, list);
  }
  return { open, previous };
}

import {
  AGING_BUCKETS,
  AGING_INVOICE_LIMIT,
  buildReport,
  type OpenFacts,
  type PeriodTotals,
  previousPeriod,
  type Receivable,
  type ReportFacts,
  type ReportPeriod,
  type ReportSummary,
} from '@duka/core';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';

/**
 * GET /api/reports/summary: the same report the device computes from its records (core `buildReport`),
 * here from SQL aggregates over the user's invoices (payments are JSON inside them) and expenses.
 * The definitions (issued invoice, collected, outstanding on a day) are those of packages/core/src/reports.
 */

type Row = Record<string, unknown>;
const plainRows = async (db: Db, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
/**
 * The summary's queries run without JIT compilation: on PostgreSQL the planner's estimates over tens of thousands
 * of invoices switch it on, and compiling costs far more than it saves (≈1 s of the summary at 50k invoices).
 */
export const rows = (db: Db, query: ReturnType<typeof sql>) =>
  embedded(db)
    ? plainRows(db, query)
    : db.transaction(async (tx) => {
        await tx.execute(sql`set local jit = off`);
        return plainRows(tx as unknown as Db, query);
      });
/**
 * The embedded PGlite (its client has waitReady) has no JIT compiler: a query there needs no transaction around it,
 * which saves three statements per query on its one connection (a summary runs six).
 */
const embedded = (db: Db) => 'waitReady' in ((db as unknown as { $client?: object }).$client ?? {});
const num = (v: unknown) => (v == null ? 0 : Number(v));
const str = (v: unknown) => (v == null ? '' : String(v));

function issued(userId: string) {
  return sql`i.user_id = ${userId}::uuid and i.deleted_at is null and i.kind in ('invoice', 'sale') and i.status not in ('draft', 'void')`;
}
/** Its payments count as collected (core countsPayments): a void invoice's too (old rows, t19 N7), not a void sale's. */
function paying(userId: string) {
  return sql`i.user_id = ${userId}::uuid and i.deleted_at is null and i.kind in ('invoice', 'sale') and (i.status <> 'void' or i.kind = 'invoice')`;
}
/** A payment `p` that is real money (not stamped test: issue 22), and an invoice `i` holding a test payment. */
const realPayment = sql`(p->>'test') is distinct from 'true'`;
const testPaid = sql`i.payments @> '[{"test": true}]'::jsonb`;
const within = (col: ReturnType<typeof sql>, p: ReportPeriod, cast: 'date' | 'text') =>
  cast === 'date' ? sql`${col} between ${p.from}::date and ${p.to}::date` : sql`${col} between ${p.from}::text and ${p.to}::text`;

/**
 * What issued invoices still owed on `day`. Only invoices owed now (balance > 0) or paid after `day` can have
 * owed something then (both indexed): for the others every payment is dated up to `day`, so what they owed
 * is total_due − amount_paid ≤ 0. The payments JSON is read only for invoices paid after `day`.
 */
export function owedOn(userId: string, day: string, currency?: string) {
  const only = currency ? sql` and i.currency = ${currency}::text` : sql``;
  // A test payment (TEST MODE) is no money: such an invoice is read from its payments JSON (core realBalance).
  return sql`select * from (
      select i.id, i.currency, i.issue_date::text as issue_date, i.due_date::text as due_date,
        case when (i.last_paid_on is null or i.last_paid_on <= ${day}::text) and not (${testPaid}) then i.total_due - i.amount_paid
        else i.total_due - coalesce((select sum((p->>'amount')::bigint) from jsonb_array_elements(i.payments) p
          where p->>'date' <= ${day}::text and ${realPayment}), 0) end
        - case when i.credited_total = 0 then 0 else coalesce((select sum(c.total_due) from invoices c
            where c.user_id = i.user_id and c.credited_invoice_id = i.id and c.kind = 'credit_note' and c.deleted_at is null
              and c.status not in ('draft', 'void') and c.issue_date <= ${day}::date), 0) end as balance
      from invoices i where ${issued(userId)} and i.issue_date <= ${day}::date${only}
        and (i.balance > 0 or i.last_paid_on > ${day}::text or ${testPaid} or i.credited_total > 0)
    ) r where r.balance > 0`;
}

/** core agingBucket of a row `r` of owedOn on `day`: days since its due date (its issue date when it has none). */
export function agingBucketSql(day: string) {
  const days = sql`(${day}::date - coalesce(r.due_date, r.issue_date)::date)`;
  return sql`case when ${days} <= 30 then '0-30' when ${days} <= 60 then '31-60' when ${days} <= 90 then '61-90' else '90+' end`;
}

/**
 * What an issued invoice `i` owed on `day` (null when issued after it): the owedOn balance, in bigint. The payments
 * JSON is read only for an invoice paid after `day` or holding a test payment (`test`: a condition on `i`).
 */
function balanceOn(day: string, test: ReturnType<typeof sql>) {
  return sql`case when i.issue_date > ${day}::date then null
    when (i.last_paid_on is null or i.last_paid_on <= ${day}::text) and not (${test}) then i.total_due - i.amount_paid
    else i.total_due - coalesce((select sum((p->>'amount')::bigint) from jsonb_array_elements(i.payments) p
      where p->>'date' <= ${day}::text and ${realPayment}), 0)::bigint end
    - case when i.credited_total = 0 then 0 else coalesce((select sum(c.total_due) from invoices c
        where c.user_id = i.user_id and c.credited_invoice_id = i.id and c.kind = 'credit_note' and c.deleted_at is null
          and c.status not in ('draft', 'void') and c.issue_date <= ${day}::date), 0)::bigint end`;
}

/**
 * What was owed on the day asked (`asOf`) and on the previous period's last day (`prevTo`), per currency, from one
 * pass over the invoices that can have owed something on either (issue 27: tens of thousands can be open):
 * - on `asOf`: outstanding, the overdue part, and per aging bucket (core agingBucket: days since the due date, or
 *   the issue date when there is none) the amount, the count and the AGING_INVOICE_LIMIT largest balances (ties: by id);
 * - on `prevTo`: only what was owed and overdue (core's openTotals), given to buildReport as one receivable per sum
 *   (overdue: due before the day; the rest: no due date).
 * Same rows and balances as owedOn on each day (see there why the others owed nothing); a test payment is found
 * through its partial index once, not by reading every invoice's payments JSON.
 */
async function openOn(
  db: Db,
  userId: string,
  asOf: string,
  prevTo: string,
  currency?: string,
): Promise<{ open: Map<string, OpenFacts>; previous: Map<string, Receivable[]> }> {
  const only = currency ? sql` and i.currency = ${currency}::text` : sql``;
  const [early, late] = asOf < prevTo ? [asOf, prevTo] : [prevTo, asOf];
  const test = sql`i.id in (select t.id from t)`;
  const days = sql`(${asOf}::date - o.aged_from)`;
  const found = await rows(
    db,
    sql`with t as (select i.id from invoices i where ${sql`i.user_id = ${userId}::uuid and i.deleted_at is null and i.kind in ('invoice', 'sale')`}
        and ${testPaid}),
      o as materialized (select i.id, i.currency, i.due_date, coalesce(i.due_date, i.issue_date) as aged_from,
          ${balanceOn(asOf, test)} as balance, ${balanceOn(prevTo, test)} as prev_balance
        from invoices i where ${issued(userId)} and i.issue_date <= ${late}::date${only}
          and (i.balance > 0 or i.last_paid_on > ${early}::text or ${test} or i.credited_total > 0)),
      a as materialized (select o.id, o.currency, o.balance, o.due_date,
          case when ${days} <= 30 then 0 when ${days} <= 60 then 1 when ${days} <= 90 then 2 else 3 end as bucket
        from o where o.balance > 0),
      b as (select a.currency, a.bucket, sum(a.balance) as amount, count(*) as n,
          coalesce(sum(a.balance) filter (where a.due_date < ${asOf}::date), 0) as overdue
        from a group by 1, 2)
    select b.currency, b.bucket, b.amount, b.n, b.overdue,
      (select coalesce(json_agg(json_build_array(x.id, x.balance)), '[]'::json)::text from (
        select a.id, a.balance from a where a.currency = b.currency and a.bucket = b.bucket
        order by a.balance desc, a.id limit ${AGING_INVOICE_LIMIT}) x) as top, null::numeric as other
    from b
    union all
    select o.currency, null, null, null, coalesce(sum(o.prev_balance) filter (where o.due_date < ${prevTo}::date), 0), null,
      coalesce(sum(o.prev_balance) filter (where o.due_date is null or o.due_date >= ${prevTo}::date), 0)
    from o where o.prev_balance > 0 group by o.currency`,
  );
  const open = new Map<string, OpenFacts>();
  const previous = new Map<string, Receivable[]>();
  for (const r of found) {
    const cur = str(r.currency);
    if (r.bucket == null) {
      // A row of the previous period's last day.
      const list: Receivable[] = [];
      if (num(r.overdue) > 0) list.push({ id: 'overdue', issue_date: '0001-01-01', due_date: '0001-01-01', balance: num(r.overdue) });
      if (num(r.other) > 0) list.push({ id: 'other', issue_date: prevTo, due_date: null, balance: num(r.other) });
      previous.set(cur, list);
      continue;
    }
    let f = open.get(cur);
    if (!f) open.set(cur, (f = { outstanding: 0, overdue: 0, aging: AGING_BUCKETS.map((k) => ({ bucket: k, amount: 0, count: 0, invoices: [] })) }));
    f.outstanding += num(r.amount);
    f.overdue += num(r.overdue);
    const b = f.aging[num(r.bucket)]!;
    b.amount = num(r.amount);
    b.count = num(r.n);
    b.invoices = (JSON.parse(str(r.top)) as Array<[string, number]>).map(([id, balance]) => ({ id, balance: num(balance) }));
  }
  return { open, previous };
}

/** Distinct values of an indexed (user_id, currency) column, one index probe per currency (a loose index scan). */
function currenciesOf(table: 'invoices' | 'expenses', where: ReturnType<typeof sql>) {
  const t = sql.raw(table);
  return sql`with recursive c(currency) as (
    (select i.currency from ${t} i where ${where} order by i.currency limit 1)
    union all
    select (select i.currency from ${t} i where ${where} and i.currency > c.currency order by i.currency limit 1) from c where c.currency is not null
  ) select currency from c where currency is not null`;
}

/**
 * The summary for a period, from indexed SQL over stored columns bounded by the period asked (and the
 * previous one): invoices by issue date, payments by the invoices' payment dates, what is owed now or was
 * paid after the day asked, expenses by date. Same figures as before (reports.test.ts compares them).
 */
export async function reportSummary(db: Db, userId: string, period: ReportPeriod, today: string, currency?: string): Promise<ReportSummary> {
  const prev = previousPeriod(period);
  const asOf = period.to < today ? period.to : today;
  const onlyI = currency ? sql` and i.currency = ${currency}::text` : sql``;
  const onlyE = currency ? sql` and e.currency = ${currency}::text` : sql``;
  const issueDate = sql`i.issue_date`;
  // Invoices with a payment dated between prev.from and period.to (first and latest payment dates bound them).
  const paidWithin = sql`i.last_paid_on >= ${prev.from}::text and i.first_paid_on <= ${period.to}::text`;
  // Every payment of the invoice in one month, inside the period or inside the previous one, none of them a test.
  const inOne = (p: ReportPeriod) => sql`i.first_paid_on >= ${p.from}::text and i.last_paid_on <= ${p.to}::text`;
  const oneMonth = sql`substr(i.first_paid_on, 1, 7) = substr(i.last_paid_on, 1, 7) and (${inOne(period)} or ${inOne(prev)})
    and i.id not in (select t.id from t)`;

  const inPeriod = within(issueDate, period, 'date');
  const inPrev = within(issueDate, prev, 'date');
  const creditNote = sql`i.kind = 'credit_note'`;
  const [documents, payments, spent, owed, invoiceCurrencies, expenseCurrencies] = await Promise.all([
    // What was invoiced and credited in the period and the previous one, and per client in the period (issued invoices
    // and sales add, issued credit notes take off): one pass over the documents of both periods, per currency and
    // client, the clients' names joined to those few groups.
    rows(
      db,
      // Issued credit notes (issue 26) come off what was invoiced by their own issue date.
      sql`select g.*, coalesce(c.name, '') as name from (select i.currency, i.contact_id,
          coalesce(sum(i.total_due) filter (where not ${creditNote} and ${inPeriod}), 0) as cur,
          count(*) filter (where not ${creditNote} and ${inPeriod}) as cur_n,
          coalesce(sum(i.total_due) filter (where not ${creditNote} and ${inPrev}), 0) as prev,
          count(*) filter (where not ${creditNote} and ${inPrev}) as prev_n,
          coalesce(sum(i.total_due) filter (where ${creditNote} and ${inPeriod}), 0) as cn_cur,
          coalesce(sum(i.total_due) filter (where ${creditNote} and ${inPrev}), 0) as cn_prev,
          count(*) filter (where ${inPeriod}) as in_period
        from invoices i where i.user_id = ${userId}::uuid and i.deleted_at is null and i.kind in ('invoice', 'sale', 'credit_note')
          and i.status not in ('draft', 'void')${onlyI} and i.issue_date between ${prev.from}::date and ${period.to}::date
        group by i.currency, i.contact_id) g
      left join contacts c on c.id = g.contact_id and c.user_id = ${userId}::uuid and c.deleted_at is null`,
    ),
    rows(
      db,
      // An invoice with no test payment whose payments all fall in one month of one of the two periods (its first and
      // latest payment dates say so) adds its stored amount_paid (core: the sum of its real payments) to that month:
      // its payments JSON is not read. The others add each real payment dated in either period.
      sql`with t as (select i.id from invoices i where ${sql`i.user_id = ${userId}::uuid and i.deleted_at is null and i.kind in ('invoice', 'sale')`}
          and ${testPaid})
      select i.currency, m.month, i.contact_id,
        coalesce(sum(m.amount) filter (where ${within(sql`m.day`, period, 'text')}), 0) as cur,
        coalesce(sum(m.amount) filter (where ${within(sql`m.day`, prev, 'text')}), 0) as prev,
        count(*) filter (where ${within(sql`m.day`, period, 'text')}) as cur_n,
        count(*) filter (where ${within(sql`m.day`, prev, 'text')}) as prev_n
      from invoices i cross join lateral (
        select substr(i.first_paid_on, 1, 7) as month, i.first_paid_on as day, i.amount_paid as amount where ${oneMonth}
        union all
        select substr(p->>'date', 1, 7), p->>'date', (p->>'amount')::bigint from jsonb_array_elements(i.payments) p
        where not (${oneMonth}) and p->>'date' between ${prev.from}::text and ${period.to}::text and ${realPayment}) m
      where ${paying(userId)}${onlyI} and ${paidWithin}
      group by i.currency, m.month, i.contact_id`,
    ).then((found) => {
      // Months and paying clients from one pass: sums per currency and month, distinct clients per currency.
      const byMonth = new Map<string, { currency: unknown; month: unknown; cur: number; prev: number }>();
      const payers = new Map<string, { cur: Set<string>; prev: Set<string> }>();
      for (const r of found) {
        const key = `${str(r.currency)}|${str(r.month)}`;
        const m = byMonth.get(key) ?? { currency: r.currency, month: r.month, cur: 0, prev: 0 };
        m.cur += num(r.cur);
        m.prev += num(r.prev);
        byMonth.set(key, m);
        const p = payers.get(str(r.currency)) ?? { cur: new Set<string>(), prev: new Set<string>() };
        if (r.contact_id != null && num(r.cur_n) > 0) p.cur.add(str(r.contact_id));
        if (r.contact_id != null && num(r.prev_n) > 0) p.prev.add(str(r.contact_id));
        payers.set(str(r.currency), p);
      }
      return {
        byMonth: [...byMonth.values()] as Row[],
        payers: [...payers].map(([cur, p]) => ({ currency: cur, cur: p.cur.size, prev: p.prev.size })) as Row[],
      };
    }),
    rows(
      db,
      sql`select e.currency, to_char(e.date, 'YYYY-MM') as month, e.category,
        coalesce(sum(e.amount) filter (where ${within(sql`e.date`, period, 'date')}), 0) as cur,
        coalesce(sum(e.amount) filter (where ${within(sql`e.date`, prev, 'date')}), 0) as prev
      from expenses e where e.user_id = ${userId}::uuid and e.deleted_at is null and e.amount_pending is null${onlyE}
        and e.date between ${prev.from}::date and ${period.to}::date
      group by e.currency, month, e.category`,
    ),
    openOn(db, userId, asOf, prev.to, currency),
    currency ? Promise.resolve([]) : rows(db, currenciesOf('invoices', issued(userId))),
    currency ? Promise.resolve([]) : rows(db, currenciesOf('expenses', sql`i.user_id = ${userId}::uuid and i.deleted_at is null and i.amount_pending is null`)),
  ]);

  const currencies = new Set<string>(currency ? [currency] : []);
  if (!currency) for (const r of [...invoiceCurrencies, ...expenseCurrencies]) currencies.add(str(r.currency));

  const facts = [...currencies].map((cur): ReportFacts => {
    const zero = (): PeriodTotals => ({ invoiced: 0, invoice_count: 0, collected: 0, paying_clients: 0, expenses: 0 });
    const now = zero();
    const before = zero();
    const clients: ReportFacts['clients'] = [];
    for (const r of documents.filter((x) => x.currency === cur)) {
      now.invoiced += num(r.cur) - num(r.cn_cur);
      now.invoice_count += num(r.cur_n);
      before.invoiced += num(r.prev) - num(r.cn_prev);
      before.invoice_count += num(r.prev_n);
      if (num(r.in_period) > 0) clients.push({ contact_id: str(r.contact_id), name: str(r.name), amount: num(r.cur) - num(r.cn_cur) });
    }
    const months = new Map<string, { month: string; income: number; expenses: number }>();
    const month = (m: string) => {
      let row = months.get(m);
      if (!row) months.set(m, (row = { month: m, income: 0, expenses: 0 }));
      return row;
    };
    for (const r of payments.byMonth.filter((x) => x.currency === cur)) {
      now.collected += num(r.cur);
      before.collected += num(r.prev);
      if (num(r.cur)) month(str(r.month)).income += num(r.cur);
    }
    const payers = payments.payers.find((r) => r.currency === cur);
    now.paying_clients = num(payers?.cur);
    before.paying_clients = num(payers?.prev);
    const categories = new Map<string, number>();
    for (const r of spent.filter((x) => x.currency === cur)) {
      now.expenses += num(r.cur);
      before.expenses += num(r.prev);
      if (num(r.cur)) {
        month(str(r.month)).expenses += num(r.cur);
        categories.set(str(r.category), (categories.get(str(r.category)) ?? 0) + num(r.cur));
      }
    }
    return {
      currency: cur,
      current: now,
      previous: before,
      receivables: [],
      open: owed.open.get(cur),
      previous_receivables: owed.previous.get(cur) ?? [],
      months: [...months.values()],
      categories: [...categories].map(([category, amount]) => ({ category, amount })),
      clients,
    };
  });
  return buildReport(facts, period, today);
}

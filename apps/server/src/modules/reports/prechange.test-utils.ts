import {
  AGING_INVOICE_LIMIT,
  buildReport,
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
 * Test only (issue 27): the summary as it was before its aging was summed in SQL (every open invoice listed),
 * kept to check the new one gives the same figures, credit notes included (legacy.test-utils.ts predates them).
 * Below, the original comment. GET /api/reports/summary: the same report the device computes from its records (core `buildReport`),
 * here from SQL aggregates over the user's invoices (payments are JSON inside them) and expenses.
 * The definitions (issued invoice, collected, outstanding on a day) are those of packages/core/src/reports.
 */

type Row = Record<string, unknown>;
const rows = async (db: Db, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
const num = (v: unknown) => (v == null ? 0 : Number(v));
const str = (v: unknown) => (v == null ? '' : String(v));

function issued(userId: string) {
  return sql`i.user_id = ${userId}::uuid and i.deleted_at is null and i.kind in ('invoice', 'sale') and i.status not in ('draft', 'void')`;
}
/** Issued credit notes (issue 26): their totals come off what was invoiced (by their own issue date) and off what their invoice owes. */
function crediting(userId: string) {
  return sql`i.user_id = ${userId}::uuid and i.deleted_at is null and i.kind = 'credit_note' and i.status not in ('draft', 'void')`;
}
function paying(userId: string) {
  return sql`i.user_id = ${userId}::uuid and i.deleted_at is null and i.kind in ('invoice', 'sale') and i.status <> 'void'`;
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
function owedOn(userId: string, day: string, currency?: string) {
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

async function receivablesOn(db: Db, userId: string, day: string, currency?: string): Promise<Map<string, Receivable[]>> {
  // One JSON cell rather than a row per open invoice (there can be tens of thousands).
  const res = await rows(
    db,
    sql`select coalesce(json_agg(json_build_array(o.id, o.currency, o.issue_date, o.due_date, o.balance)), '[]'::json)::text as j from (${owedOn(userId, day, currency)}) o`,
  );
  const found = JSON.parse(str(res[0]?.j) || '[]') as Array<[string, string, string, string | null, number]>;
  const out = new Map<string, Receivable[]>();
  for (const [id, cur, issue_date, due_date, balance] of found) {
    const list = out.get(cur) ?? [];
    list.push({ id, issue_date, due_date, balance: num(balance) });
    out.set(cur, list);
  }
  return out;
}

/**
 * The previous period only needs what was owed and overdue on its last day (core's openTotals): two sums per
 * currency, given to buildReport as one receivable per sum (overdue: due before the day; the rest: no due date).
 */
async function owedTotalsOn(db: Db, userId: string, day: string, currency?: string): Promise<Map<string, Receivable[]>> {
  const found = await rows(
    db,
    sql`select o.currency, coalesce(sum(o.balance) filter (where o.due_date < ${day}::text), 0) as overdue,
      coalesce(sum(o.balance) filter (where o.due_date is null or o.due_date >= ${day}::text), 0) as other
    from (${owedOn(userId, day, currency)}) o group by o.currency`,
  );
  const out = new Map<string, Receivable[]>();
  for (const r of found) {
    const list: Receivable[] = [];
    if (num(r.overdue) > 0) list.push({ id: 'overdue', issue_date: '0001-01-01', due_date: '0001-01-01', balance: num(r.overdue) });
    if (num(r.other) > 0) list.push({ id: 'other', issue_date: day, due_date: null, balance: num(r.other) });
    out.set(str(r.currency), list);
  }
  return out;
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
export async function prechangeReportSummary(db: Db, userId: string, period: ReportPeriod, today: string, currency?: string): Promise<ReportSummary> {
  const prev = previousPeriod(period);
  const asOf = period.to < today ? period.to : today;
  const onlyI = currency ? sql` and i.currency = ${currency}::text` : sql``;
  const onlyE = currency ? sql` and e.currency = ${currency}::text` : sql``;
  const issueDate = sql`i.issue_date`;
  const payDate = sql`(p->>'date')`;
  // Invoices with a payment dated between prev.from and period.to (first and latest payment dates bound them).
  const paidWithin = sql`i.last_paid_on >= ${prev.from}::text and i.first_paid_on <= ${period.to}::text`;

  const [invoiced, credited, payments, spent, clients, open, prevOpen, invoiceCurrencies, expenseCurrencies] = await Promise.all([
    rows(
      db,
      sql`select i.currency,
        coalesce(sum(i.total_due) filter (where ${within(issueDate, period, 'date')}), 0) as cur,
        count(*) filter (where ${within(issueDate, period, 'date')}) as cur_n,
        coalesce(sum(i.total_due) filter (where ${within(issueDate, prev, 'date')}), 0) as prev,
        count(*) filter (where ${within(issueDate, prev, 'date')}) as prev_n
      from invoices i where ${issued(userId)}${onlyI} and i.issue_date between ${prev.from}::date and ${period.to}::date group by i.currency`,
    ),
    rows(
      db,
      sql`select i.currency,
        coalesce(sum(i.total_due) filter (where ${within(issueDate, period, 'date')}), 0) as cur,
        coalesce(sum(i.total_due) filter (where ${within(issueDate, prev, 'date')}), 0) as prev
      from invoices i where ${crediting(userId)}${onlyI} and i.issue_date between ${prev.from}::date and ${period.to}::date group by i.currency`,
    ),
    rows(
      db,
      sql`select i.currency, substr(p->>'date', 1, 7) as month, i.contact_id,
        coalesce(sum((p->>'amount')::bigint) filter (where ${within(payDate, period, 'text')}), 0) as cur,
        coalesce(sum((p->>'amount')::bigint) filter (where ${within(payDate, prev, 'text')}), 0) as prev,
        count(*) filter (where ${within(payDate, period, 'text')}) as cur_n,
        count(*) filter (where ${within(payDate, prev, 'text')}) as prev_n
      from invoices i cross join lateral jsonb_array_elements(i.payments) p
      where ${paying(userId)}${onlyI} and ${paidWithin} and p->>'date' between ${prev.from}::text and ${period.to}::text and ${realPayment}
      group by i.currency, month, i.contact_id`,
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
    rows(
      db,
      sql`select i.currency, i.contact_id, coalesce(min(c.name), '') as name,
        sum(case when i.kind = 'credit_note' then -i.total_due else i.total_due end) as amount
      from invoices i left join contacts c on c.id = i.contact_id and c.user_id = i.user_id and c.deleted_at is null
      where ((${issued(userId)}) or (${crediting(userId)}))${onlyI} and ${within(issueDate, period, 'date')}
      group by i.currency, i.contact_id`,
    ),
    receivablesOn(db, userId, asOf, currency),
    owedTotalsOn(db, userId, prev.to, currency),
    currency ? Promise.resolve([]) : rows(db, currenciesOf('invoices', issued(userId))),
    currency ? Promise.resolve([]) : rows(db, currenciesOf('expenses', sql`i.user_id = ${userId}::uuid and i.deleted_at is null and i.amount_pending is null`)),
  ]);

  const currencies = new Set<string>(currency ? [currency] : []);
  if (!currency) for (const r of [...invoiceCurrencies, ...expenseCurrencies]) currencies.add(str(r.currency));

  const facts = [...currencies].map((cur): ReportFacts => {
    const zero = (): PeriodTotals => ({ invoiced: 0, invoice_count: 0, collected: 0, withheld: 0, paying_clients: 0, expenses: 0 });
    const now = zero();
    const before = zero();
    const inv = invoiced.find((r) => r.currency === cur);
    if (inv) {
      now.invoiced = num(inv.cur);
      now.invoice_count = num(inv.cur_n);
      before.invoiced = num(inv.prev);
      before.invoice_count = num(inv.prev_n);
    }
    const cn = credited.find((r) => r.currency === cur);
    now.invoiced -= num(cn?.cur);
    before.invoiced -= num(cn?.prev);
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
      receivables: open.get(cur) ?? [],
      previous_receivables: prevOpen.get(cur) ?? [],
      months: [...months.values()],
      categories: [...categories].map(([category, amount]) => ({ category, amount })),
      clients: clients.filter((r) => r.currency === cur).map((r) => ({ contact_id: str(r.contact_id), name: str(r.name), amount: num(r.amount) })),
    };
  });
  // The API now lists the AGING_INVOICE_LIMIT largest balances of each bucket; core sorts the full list that way.
  const report = buildReport(facts, period, today);
  for (const c of report.currencies) for (const b of c.aging) b.invoices = b.invoices.slice(0, AGING_INVOICE_LIMIT);
  return report;
}

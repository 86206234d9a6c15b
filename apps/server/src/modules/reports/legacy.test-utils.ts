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
 * The report SQL as it was before issue 27 (unbounded scans), kept as the reference the indexed SQL must
 * agree with (summary-sql.test.ts). Test-only.
 *
 * GET /api/reports/summary: the same report the device computes from its records (core `buildReport`),
 * here from SQL aggregates over the user's invoices (payments are JSON inside them) and expenses.
 * The definitions (issued invoice, collected, outstanding on a day) are those of packages/core/src/reports.
 */

type Row = Record<string, unknown>;
const rows = async (db: Db, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
const num = (v: unknown) => (v == null ? 0 : Number(v));
const str = (v: unknown) => (v == null ? '' : String(v));

function issued(userId: string) {
  return sql`i.user_id = ${userId}::uuid and i.deleted_at is null and i.kind = 'invoice' and i.status not in ('draft', 'void')`;
}
function paying(userId: string) {
  return sql`i.user_id = ${userId}::uuid and i.deleted_at is null and i.kind = 'invoice' and i.status <> 'void'`;
}
const within = (col: ReturnType<typeof sql>, p: ReportPeriod, cast: 'date' | 'text') =>
  cast === 'date' ? sql`${col} between ${p.from}::date and ${p.to}::date` : sql`${col} between ${p.from}::text and ${p.to}::text`;

async function receivablesOn(db: Db, userId: string, day: string, currency?: string): Promise<Map<string, Receivable[]>> {
  const only = currency ? sql` and i.currency = ${currency}::text` : sql``;
  const found = await rows(
    db,
    sql`select * from (
      select i.id, i.currency, i.issue_date::text as issue_date, i.due_date::text as due_date,
        i.total_due - coalesce((select sum((p->>'amount')::bigint) from jsonb_array_elements(i.payments) p where p->>'date' <= ${day}::text), 0) as balance
      from invoices i where ${issued(userId)} and i.issue_date <= ${day}::date${only}
    ) r where r.balance > 0`,
  );
  const out = new Map<string, Receivable[]>();
  for (const r of found) {
    const list = out.get(str(r.currency)) ?? [];
    list.push({ id: str(r.id), issue_date: str(r.issue_date), due_date: r.due_date == null ? null : str(r.due_date), balance: num(r.balance) });
    out.set(str(r.currency), list);
  }
  return out;
}

export async function legacyReportSummary(db: Db, userId: string, period: ReportPeriod, today: string, currency?: string): Promise<ReportSummary> {
  const prev = previousPeriod(period);
  const asOf = period.to < today ? period.to : today;
  const onlyI = currency ? sql` and i.currency = ${currency}::text` : sql``;
  const onlyE = currency ? sql` and e.currency = ${currency}::text` : sql``;
  const issueDate = sql`i.issue_date`;
  const payDate = sql`(p->>'date')`;

  const [invoiced, payments, spent, clients, open, prevOpen, expenseCurrencies] = await Promise.all([
    rows(
      db,
      sql`select i.currency,
        coalesce(sum(i.total_due) filter (where ${within(issueDate, period, 'date')}), 0) as cur,
        count(*) filter (where ${within(issueDate, period, 'date')}) as cur_n,
        coalesce(sum(i.total_due) filter (where ${within(issueDate, prev, 'date')}), 0) as prev,
        count(*) filter (where ${within(issueDate, prev, 'date')}) as prev_n
      from invoices i where ${issued(userId)}${onlyI} group by i.currency`,
    ),
    rows(
      db,
      sql`select i.currency, substr(p->>'date', 1, 7) as month,
        coalesce(sum((p->>'amount')::bigint) filter (where ${within(payDate, period, 'text')}), 0) as cur,
        coalesce(sum((p->>'amount')::bigint) filter (where ${within(payDate, prev, 'text')}), 0) as prev
      from invoices i cross join lateral jsonb_array_elements(i.payments) p
      where ${paying(userId)}${onlyI} and p->>'date' between ${prev.from}::text and ${period.to}::text
      group by i.currency, month`,
    ).then(async (byMonth) => ({
      byMonth,
      payers: await rows(
        db,
        sql`select i.currency,
          count(distinct i.contact_id) filter (where ${within(payDate, period, 'text')}) as cur,
          count(distinct i.contact_id) filter (where ${within(payDate, prev, 'text')}) as prev
        from invoices i cross join lateral jsonb_array_elements(i.payments) p
        where ${paying(userId)}${onlyI} and p->>'date' between ${prev.from}::text and ${period.to}::text
        group by i.currency`,
      ),
    })),
    rows(
      db,
      sql`select e.currency, to_char(e.date, 'YYYY-MM') as month, e.category,
        coalesce(sum(e.amount) filter (where ${within(sql`e.date`, period, 'date')}), 0) as cur,
        coalesce(sum(e.amount) filter (where ${within(sql`e.date`, prev, 'date')}), 0) as prev
      from expenses e where e.user_id = ${userId}::uuid and e.deleted_at is null${onlyE}
        and e.date between ${prev.from}::date and ${period.to}::date
      group by e.currency, month, e.category`,
    ),
    rows(
      db,
      sql`select i.currency, i.contact_id, coalesce(min(c.name), '') as name, sum(i.total_due) as amount
      from invoices i left join contacts c on c.id = i.contact_id and c.user_id = i.user_id and c.deleted_at is null
      where ${issued(userId)}${onlyI} and ${within(issueDate, period, 'date')}
      group by i.currency, i.contact_id`,
    ),
    receivablesOn(db, userId, asOf, currency),
    receivablesOn(db, userId, prev.to, currency),
    currency ? Promise.resolve([]) : rows(db, sql`select distinct e.currency from expenses e where e.user_id = ${userId}::uuid and e.deleted_at is null`),
  ]);

  const currencies = new Set<string>(currency ? [currency] : []);
  if (!currency) for (const r of [...invoiced, ...expenseCurrencies]) currencies.add(str(r.currency));

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
  // The API lists the AGING_INVOICE_LIMIT largest balances of each bucket (issue 27); the full list is in this order.
  const report = buildReport(facts, period, today);
  for (const c of report.currencies) for (const b of c.aging) b.invoices = b.invoices.slice(0, AGING_INVOICE_LIMIT);
  return report;
}

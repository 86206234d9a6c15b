import { buildReport, type PeriodTotals, previousPeriod, type ReportFacts, type ReportPeriod, type ReportSummary } from '@duka/core';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { openOn } from './open-on';
import { issued, num, paying, realPayment, type Row, rows, str, testPaid, within } from './sql-parts';

export { rows };

/**
 * GET /api/reports/summary: the same report the device computes from its records (core `buildReport`),
 * here from SQL aggregates over the user's invoices (payments are JSON inside them) and expenses.
 * The definitions (issued invoice, collected, outstanding on a day) are those of packages/core/src/reports.
 */

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
  const [documents, payments, withheld, spent, owed, invoiceCurrencies, expenseCurrencies] = await Promise.all([
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
    // Of those payments, the tax clients withheld (method 'withholding'): not money collected, but income. Read from the
    // payments of the few invoices that hold some (invoices_user_withheld_idx), not from every invoice's.
    rows(
      db,
      sql`select i.currency,
        coalesce(sum((p->>'amount')::bigint) filter (where ${within(sql`p->>'date'`, period, 'text')}), 0) as cur,
        coalesce(sum((p->>'amount')::bigint) filter (where ${within(sql`p->>'date'`, prev, 'text')}), 0) as prev
      from invoices i cross join lateral jsonb_array_elements(i.payments) p
      where ${paying(userId)}${onlyI} and i.withheld_total <> 0 and p->>'method' = 'withholding' and ${realPayment}
        and p->>'date' between ${prev.from}::text and ${period.to}::text
      group by i.currency`,
    ),
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
    const zero = (): PeriodTotals => ({ invoiced: 0, invoice_count: 0, collected: 0, withheld: 0, paying_clients: 0, expenses: 0 });
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
    const taxWithheld = withheld.find((r) => r.currency === cur);
    now.withheld = num(taxWithheld?.cur);
    before.withheld = num(taxWithheld?.prev);
    now.collected -= now.withheld;
    before.collected -= before.withheld;
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

import { z } from 'zod';
import { daysBetween } from '../constants/dates';
import { currencyCodeSchema } from '../rules';
import { monthsOf, previousPeriod, type ReportPeriod } from './period';

/**
 * Analytics (issue 17). The device (from its local records) and the server (from SQL aggregates) both
 * produce the same `ReportFacts` for a period and a currency; `buildReport` turns facts into what the
 * page and `GET /api/reports/summary` show, so the maths of profit, changes, aging and ranking lives here once.
 *
 * Definitions (one currency, never summed across currencies):
 * - issued invoice: kind 'invoice', status neither 'draft' nor 'void', not deleted;
 * - invoiced / number of invoices: issued invoices whose issue date is in the period (total due);
 * - collected / paying clients: payments dated in the period on invoices that are not void; collected is the money
 *   received, and the part a client paid to the tax authority for the business (a payment of method 'withholding')
 *   is `withheld` instead: it settles the invoice and counts as income, but no money came in;
 * - expenses: expenses dated in the period; profit (cash basis) = collected + withheld − expenses;
 * - outstanding: on the period's last day (or today, if earlier), what issued invoices still owed then
 *   (total due − payments dated up to that day); overdue: the part of it past its due date;
 * - receivables aging: outstanding by days since the due date (issue date when there is none).
 */

export const AGING_BUCKETS = ['0-30', '31-60', '61-90', '90+'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

export const FIGURE_KEYS = ['invoiced', 'collected', 'withheld', 'outstanding', 'overdue', 'expenses', 'profit', 'invoice_count', 'paying_clients'] as const;
export type FigureKey = (typeof FIGURE_KEYS)[number];
/** Figures that are counts, not money. */
export const COUNT_FIGURES: ReadonlySet<FigureKey> = new Set(['invoice_count', 'paying_clients']);

export const TOP_CLIENTS = 10;
/**
 * GET /api/reports/summary lists at most this many invoices per aging bucket (the largest balances first);
 * `count` and `amount` still cover all of them (issue 27: tens of thousands can be open). The device lists all.
 */
export const AGING_INVOICE_LIMIT = 20;

/** Totals over one period (from SQL sums or one pass over the records). */
export interface PeriodTotals {
  invoiced: number;
  invoice_count: number;
  /** Money received (payments other than tax withheld). */
  collected: number;
  /** Tax clients withheld and paid to the tax authority (payments of method 'withholding'). */
  withheld: number;
  paying_clients: number;
  expenses: number;
}

/** An invoice with something left to pay on a given day. */
export interface Receivable {
  id: string;
  issue_date: string;
  due_date: string | null;
  balance: number;
}

export interface ReportFacts {
  currency: string;
  current: PeriodTotals;
  previous: PeriodTotals;
  /** On the current period's as-of day, and on the previous period's last day. */
  receivables: Receivable[];
  /**
   * Instead of `receivables` (the server, from SQL): what was owed on the as-of day already summed, and the
   * aging buckets with their largest invoices (`agingOf` gives the same from receivables).
   */
  open?: OpenFacts;
  previous_receivables: Receivable[];
  /** Income (payments, tax withheld included) and money out (expenses) per yyyy-mm inside the period; months may be missing. */
  months: Array<{ month: string; income: number; expenses: number }>;
  categories: Array<{ category: string; amount: number }>;
  /** Invoiced per client in the period. */
  clients: Array<{ contact_id: string; name: string; amount: number }>;
}

/** What was owed on a day, summed: outstanding, the overdue part, and the aging buckets. */
export interface OpenFacts {
  outstanding: number;
  overdue: number;
  aging: CurrencyReport['aging'];
}

const figure = z.object({ value: z.number(), previous: z.number(), change_pct: z.number().nullable() });
export const currencyReportSchema = z.object({
  currency: z.string(),
  figures: z.object(Object.fromEntries(FIGURE_KEYS.map((k) => [k, figure])) as Record<FigureKey, typeof figure>),
  months: z.array(z.object({ month: z.string(), income: z.number(), expenses: z.number() })),
  categories: z.array(z.object({ category: z.string(), amount: z.number() })),
  top_clients: z.array(z.object({ contact_id: z.string(), name: z.string(), amount: z.number() })),
  aging: z.array(
    z.object({
      bucket: z.enum(AGING_BUCKETS),
      amount: z.number(),
      count: z.number(),
      /** Largest balance first (then id); the API sends at most AGING_INVOICE_LIMIT, `count` is all of them. */
      invoices: z.array(z.object({ id: z.string(), balance: z.number() })),
    }),
  ),
});
export type CurrencyReport = z.infer<typeof currencyReportSchema>;

export const reportSummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  as_of: z.string(),
  previous: z.object({ from: z.string(), to: z.string() }),
  currencies: z.array(currencyReportSchema),
});
export type ReportSummary = z.infer<typeof reportSummarySchema>;

/** GET /api/reports/aging: every invoice of one aging bucket (the summary lists only the largest), a page at a time. */
export const agingQuerySchema = z.object({
  from: z.string().max(10),
  to: z.string().max(10),
  currency: currencyCodeSchema,
  bucket: z.enum(AGING_BUCKETS, { error: `Choose a bucket: ${AGING_BUCKETS.join(', ')}` }),
  offset: z.coerce.number().int().min(0, 'Offset must be 0 or more').default(0),
  limit: z.coerce.number().int().min(1, 'Limit must be 1 or more').max(200, 'Ask for at most 200 invoices at a time').default(50),
});
export const agingPageSchema = z.object({
  as_of: z.string(),
  currency: z.string(),
  bucket: z.enum(AGING_BUCKETS),
  /** All invoices of the bucket; `invoices` is the page asked, largest balance first (then id), as in the summary. */
  count: z.number(),
  invoices: z.array(z.object({ id: z.string(), balance: z.number() })),
});
export type AgingPage = z.infer<typeof agingPageSchema>;

/** The day outstanding and overdue are measured on: the period's end, or today when that is earlier. */
export function reportAsOf(p: ReportPeriod, today: string): string {
  return p.to < today ? p.to : today;
}

/** Change in percent with one decimal; null when there was nothing before to compare with. */
export function changePct(value: number, previous: number): number | null {
  if (previous === 0) return value === 0 ? 0 : null;
  return Math.round(((value - previous) / Math.abs(previous)) * 1000) / 10;
}

export function agingBucket(days: number): AgingBucket {
  if (days <= 30) return '0-30';
  if (days <= 60) return '31-60';
  if (days <= 90) return '61-90';
  return '90+';
}

function openTotals(rs: Receivable[], asOf: string) {
  let outstanding = 0;
  let overdue = 0;
  for (const r of rs) {
    if (r.balance <= 0) continue;
    outstanding += r.balance;
    if (r.due_date && r.due_date < asOf) overdue += r.balance;
  }
  return { outstanding, overdue };
}

const byAmountThen =
  <T extends { amount: number }>(key: (x: T) => string) =>
  (a: T, b: T) =>
    b.amount - a.amount || (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);

/** Receivables → the aging buckets on `asOf`, each listing its `limit` largest balances (ties: by id). */
export function agingOf(receivables: Receivable[], asOf: string, limit = Infinity): CurrencyReport['aging'] {
  const aging = AGING_BUCKETS.map((bucket) => ({ bucket, amount: 0, count: 0, invoices: [] as Array<{ id: string; balance: number }> }));
  const open = receivables.filter((r) => r.balance > 0).sort((a, b) => b.balance - a.balance || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const r of open) {
    const b = aging[AGING_BUCKETS.indexOf(agingBucket(daysBetween(r.due_date ?? r.issue_date, asOf)))]!;
    b.amount += r.balance;
    b.count += 1;
    if (b.invoices.length < limit) b.invoices.push({ id: r.id, balance: r.balance });
  }
  return aging;
}

/** Facts → the report of one currency. */
export function buildCurrencyReport(f: ReportFacts, period: ReportPeriod, asOf: string): CurrencyReport {
  const prevPeriod = previousPeriod(period);
  const owed = f.open ? { outstanding: f.open.outstanding, overdue: f.open.overdue } : openTotals(f.receivables, asOf);
  const profit = (t: PeriodTotals) => t.collected + t.withheld - t.expenses;
  const now = { ...f.current, profit: profit(f.current), ...owed };
  const before = { ...f.previous, profit: profit(f.previous), ...openTotals(f.previous_receivables, prevPeriod.to) };
  const figures = Object.fromEntries(
    FIGURE_KEYS.map((k) => [k, { value: now[k], previous: before[k], change_pct: changePct(now[k], before[k]) }]),
  ) as CurrencyReport['figures'];

  const monthMap = new Map(f.months.map((m) => [m.month, m]));
  const months = monthsOf(period).map((month) => ({ month, income: monthMap.get(month)?.income ?? 0, expenses: monthMap.get(month)?.expenses ?? 0 }));

  return {
    currency: f.currency,
    figures,
    months,
    categories: f.categories.filter((c) => c.amount !== 0).sort(byAmountThen((c) => c.category)),
    top_clients: f.clients
      .filter((c) => c.amount > 0)
      .sort(byAmountThen((c) => c.contact_id))
      .slice(0, TOP_CLIENTS),
    aging: f.open ? f.open.aging : agingOf(f.receivables, asOf),
  };
}

export function buildReport(facts: ReportFacts[], period: ReportPeriod, today: string): ReportSummary {
  const asOf = reportAsOf(period, today);
  return {
    from: period.from,
    to: period.to,
    as_of: asOf,
    previous: previousPeriod(period),
    currencies: [...facts].sort((a, b) => (a.currency < b.currency ? -1 : 1)).map((f) => buildCurrencyReport(f, period, asOf)),
  };
}

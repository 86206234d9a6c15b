import { isBilledKind } from '../invoices/status';
import { expenseCounts } from '../records/expense-pending';
import { previousPeriod, type ReportPeriod } from './period';
import { isTestPayment } from '../invoices/real-money';
import { buildReport, reportAsOf, type PeriodTotals, type Receivable, type ReportFacts, type ReportSummary } from './summary';

/** What the report reads from an invoice or quote (the device's records have these fields). */
export interface ReportInvoice {
  id: string;
  kind?: string;
  status?: string;
  contact_id?: string | null;
  issue_date?: string;
  due_date?: string | null;
  currency?: string;
  total_due?: number;
  /** On a credit note (issue 26): the invoice it credits. */
  credited_invoice_id?: string | null;
  /** A payment stamped test (TEST MODE) is shown but never counted (issue 22). */
  payments?: Array<{ amount: number; date: string; test?: boolean; method?: string }>;
}
export interface ReportExpense {
  amount: number;
  currency: string;
  date: string;
  category: string;
  /** Issue 29: an expense whose amount is still to be read from its photo counts nowhere (expenseCounts). */
  amount_pending?: string | null;
}
export interface ReportContact {
  id: string;
  name: string;
}

/** Counts towards invoiced, outstanding and aging. */
export function isIssuedInvoice(inv: ReportInvoice): boolean {
  return isBilledKind(inv.kind) && inv.status !== 'draft' && inv.status !== 'void';
}
/** An issued credit note (issue 26): it takes its total off what was invoiced, on its own date, and off what its invoice owes. */
export function isIssuedCreditNote(inv: ReportInvoice): boolean {
  return inv.kind === 'credit_note' && inv.status !== 'draft' && inv.status !== 'void';
}
/**
 * Its payments count as collected. An invoice voided while it held payments (rows written before t19 N7 refused that)
 * still counts them: the money was received, and the refund due to the client is shown on the invoice (refundDueOf)
 * until it is given back. A counter sale's void handed its cash back at the till: its payments count no more.
 */
export function countsPayments(inv: ReportInvoice): boolean {
  return isBilledKind(inv.kind) && (inv.status !== 'void' || (inv.kind ?? 'invoice') === 'invoice');
}

/** Currencies the report shows: those of issued invoices and of expenses, alphabetically. */
export function reportCurrencies(invoices: ReportInvoice[], expenses: ReportExpense[]): string[] {
  const set = new Set<string>();
  for (const i of invoices) if (i.currency && isIssuedInvoice(i)) set.add(i.currency);
  for (const e of expenses) set.add(e.currency);
  return [...set].sort();
}

function totals(invoices: ReportInvoice[], expenses: ReportExpense[], p: ReportPeriod): PeriodTotals {
  const t: PeriodTotals = { invoiced: 0, invoice_count: 0, collected: 0, withheld: 0, paying_clients: 0, expenses: 0 };
  const payers = new Set<string>();
  for (const inv of invoices) {
    const d = inv.issue_date ?? '';
    if (isIssuedInvoice(inv) && d >= p.from && d <= p.to) {
      t.invoiced += inv.total_due ?? 0;
      t.invoice_count += 1;
    }
    if (isIssuedCreditNote(inv) && d >= p.from && d <= p.to) t.invoiced -= inv.total_due ?? 0;
    if (!countsPayments(inv)) continue;
    for (const pay of inv.payments ?? []) {
      if (!isTestPayment(pay) && pay.date >= p.from && pay.date <= p.to) {
        if (pay.method === 'withholding') t.withheld += pay.amount;
        else t.collected += pay.amount;
        if (inv.contact_id) payers.add(inv.contact_id);
      }
    }
  }
  t.paying_clients = payers.size;
  for (const e of expenses) if (e.date >= p.from && e.date <= p.to) t.expenses += e.amount;
  return t;
}

function receivables(invoices: ReportInvoice[], asOf: string): Receivable[] {
  const out: Receivable[] = [];
  const credited = new Map<string, number>();
  for (const cn of invoices)
    if (isIssuedCreditNote(cn) && cn.credited_invoice_id && (cn.issue_date ?? '') <= asOf)
      credited.set(cn.credited_invoice_id, (credited.get(cn.credited_invoice_id) ?? 0) + (cn.total_due ?? 0));
  for (const inv of invoices) {
    if (!isIssuedInvoice(inv) || !inv.issue_date || inv.issue_date > asOf) continue;
    let paid = credited.get(inv.id) ?? 0;
    for (const pay of inv.payments ?? []) if (!isTestPayment(pay) && pay.date <= asOf) paid += pay.amount;
    const balance = (inv.total_due ?? 0) - paid;
    if (balance > 0) out.push({ id: inv.id, issue_date: inv.issue_date, due_date: inv.due_date ?? null, balance });
  }
  return out;
}

/** One currency's facts from the local records (one pass per list). */
export function factsFromRecords(
  currency: string,
  allInvoices: ReportInvoice[],
  allExpenses: ReportExpense[],
  contacts: Map<string, string>,
  period: ReportPeriod,
  today: string,
): ReportFacts {
  const invoices = allInvoices.filter((i) => i.currency === currency);
  const expenses = allExpenses.filter((e) => e.currency === currency && expenseCounts(e));
  const prev = previousPeriod(period);
  const months = new Map<string, { month: string; income: number; expenses: number }>();
  const month = (m: string) => {
    let row = months.get(m);
    if (!row) months.set(m, (row = { month: m, income: 0, expenses: 0 }));
    return row;
  };
  const categories = new Map<string, number>();
  const clients = new Map<string, number>();
  for (const inv of invoices) {
    const d = inv.issue_date ?? '';
    if (isIssuedInvoice(inv) && d >= period.from && d <= period.to && inv.contact_id) {
      clients.set(inv.contact_id, (clients.get(inv.contact_id) ?? 0) + (inv.total_due ?? 0));
    }
    if (isIssuedCreditNote(inv) && d >= period.from && d <= period.to && inv.contact_id) {
      clients.set(inv.contact_id, (clients.get(inv.contact_id) ?? 0) - (inv.total_due ?? 0));
    }
    if (!countsPayments(inv)) continue;
    for (const pay of inv.payments ?? [])
      if (!isTestPayment(pay) && pay.date >= period.from && pay.date <= period.to) month(pay.date.slice(0, 7)).income += pay.amount;
  }
  for (const e of expenses) {
    if (e.date < period.from || e.date > period.to) continue;
    month(e.date.slice(0, 7)).expenses += e.amount;
    categories.set(e.category, (categories.get(e.category) ?? 0) + e.amount);
  }
  return {
    currency,
    current: totals(invoices, expenses, period),
    previous: totals(invoices, expenses, prev),
    receivables: receivables(invoices, reportAsOf(period, today)),
    previous_receivables: receivables(invoices, prev.to),
    months: [...months.values()],
    categories: [...categories].map(([category, amount]) => ({ category, amount })),
    clients: [...clients].map(([contact_id, amount]) => ({ contact_id, name: contacts.get(contact_id) ?? '', amount })),
  };
}

/** The whole report from the device's records: one currency, or every currency when none is given. */
export function reportFromRecords(
  data: { invoices: ReportInvoice[]; expenses: ReportExpense[]; contacts: ReportContact[] },
  period: ReportPeriod,
  today: string,
  currency?: string,
): ReportSummary {
  const names = new Map(data.contacts.map((c) => [c.id, c.name]));
  const expenses = data.expenses.filter(expenseCounts);
  const currencies = currency ? [currency] : reportCurrencies(data.invoices, expenses);
  return buildReport(
    currencies.map((c) => factsFromRecords(c, data.invoices, expenses, names, period, today)),
    period,
    today,
  );
}

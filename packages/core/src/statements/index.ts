import { isBilledKind } from '../invoices/status';
/**
 * Who owes me, and client statements (issue 18), from the invoices a device already holds (works offline).
 * Only invoices that were sent count as owed: drafts are not bills yet, quotes never, void invoices no more.
 */
import { daysBetween } from '../constants/dates';
import { showsMinorUnits } from '../amounts/format';
import { type CustomerLanguage, documentText } from '../language';
import { isTestPayment, realBalance } from '../invoices/real-money';

export interface LedgerInvoice {
  id: string;
  kind: string;
  number: string;
  contact_id: string | null;
  currency: string;
  issue_date: string;
  due_date?: string | null;
  total_due: number;
  balance: number;
  status: string;
  sent_at?: string | null;
  voided_at?: string | null;
  deleted?: boolean;
  /** On a credit note (issue 26): the invoice it credits. */
  credited_invoice_id?: string | null;
  /** Test payments (TEST MODE) are listed, stamped TEST, but never reduce what is owed (issue 22). */
  payments: Array<{ id: string; amount: number; date: string; method: string; reference?: string; test?: boolean }>;
}

/** Invoices that are owed (or were): sent, not void, not deleted, not quotes. */
export function isBilled(inv: LedgerInvoice): boolean {
  return isBilledKind(inv.kind) && !inv.deleted && !inv.voided_at && inv.status !== 'void' && inv.status !== 'draft';
}

/** Issued credit notes (issue 26): they take their total off what the client owes, on their own date. */
export function isIssuedCredit(inv: LedgerInvoice): boolean {
  return inv.kind === 'credit_note' && !inv.deleted && !inv.voided_at && inv.status !== 'void' && inv.status !== 'draft';
}

export interface DebtorInvoice {
  id: string;
  number: string;
  issue_date: string;
  due_date: string | null;
  balance: number;
  overdue: boolean;
  days_overdue: number;
}

export interface Debtor {
  contact_id: string;
  currency: string;
  balance: number;
  overdue_balance: number;
  /** The oldest unpaid invoice's due date (or issue date when it has none). */
  oldest_date: string;
  overdue: boolean;
  invoices: DebtorInvoice[];
}

/** Each client's balance due per currency, oldest debt first; overdue when a due date has passed. */
export function debtorsOf(invoices: LedgerInvoice[], today: string): Debtor[] {
  const map = new Map<string, Debtor>();
  for (const inv of invoices) {
    const balance = realBalance(inv);
    if (!isBilled(inv) || balance <= 0 || !inv.contact_id) continue;
    const key = `${inv.contact_id}|${inv.currency}`;
    let d = map.get(key);
    if (!d)
      map.set(
        key,
        (d = { contact_id: inv.contact_id, currency: inv.currency, balance: 0, overdue_balance: 0, oldest_date: '9999-12-31', overdue: false, invoices: [] }),
      );
    const due = inv.due_date ?? null;
    const overdue = !!due && due < today;
    d.balance += balance;
    if (overdue) d.overdue_balance += balance;
    d.overdue ||= overdue;
    const date = due ?? inv.issue_date;
    if (date < d.oldest_date) d.oldest_date = date;
    d.invoices.push({
      id: inv.id,
      number: inv.number,
      issue_date: inv.issue_date,
      due_date: due,
      balance,
      overdue,
      days_overdue: overdue && due ? daysBetween(due, today) : 0,
    });
  }
  const out = [...map.values()];
  for (const d of out) d.invoices.sort((a, b) => (a.due_date ?? a.issue_date).localeCompare(b.due_date ?? b.issue_date));
  return out.sort((a, b) => a.oldest_date.localeCompare(b.oldest_date) || b.balance - a.balance);
}

export interface StatementEntry {
  date: string;
  kind: 'invoice' | 'payment' | 'credit_note';
  /** Invoice number, or the invoice a payment was for. */
  number: string;
  description: string;
  /** A payment's method code and reference (the PDF names them in the client's language). */
  method?: string;
  reference?: string;
  /** A test payment (TEST MODE): listed with its amount in the description, credit 0. */
  test?: boolean;
  /** Invoices add to what is owed, payments and credit notes take away. */
  debit: number;
  credit: number;
  balance: number;
}

export interface Statement {
  contact_id: string;
  currency: string;
  from: string;
  to: string;
  opening_balance: number;
  entries: StatementEntry[];
  invoiced: number;
  /** Payments of the period (credit notes are not payments: see `credited`). */
  paid: number;
  /** Credit notes of the period (issue 26): they lower what is owed, but nothing was paid. */
  credited: number;
  closing_balance: number;
}

/**
 * A client's statement for [from, to] in one currency: opening balance (invoices issued and payments made
 * before `from`), then each invoice and payment of the period in date order with the running balance, and the
 * closing balance. Payments sort after invoices of the same day.
 */
export function clientStatement(
  invoices: LedgerInvoice[],
  contactId: string,
  currency: string,
  from: string,
  to: string,
  methodLabel: (m: string) => string = (m) => m,
): Statement {
  let opening = 0;
  const rows: Array<Omit<StatementEntry, 'balance'>> = [];
  const numbers = new Map(invoices.map((i) => [i.id, i.number]));
  for (const cn of invoices) {
    if (!isIssuedCredit(cn) || cn.contact_id !== contactId || cn.currency !== currency) continue;
    if (cn.issue_date < from) opening -= cn.total_due;
    else if (cn.issue_date <= to) {
      const of = numbers.get(cn.credited_invoice_id ?? '') ?? '';
      rows.push({
        date: cn.issue_date,
        kind: 'credit_note',
        number: cn.number,
        description: `Credit note ${cn.number} for ${of}`,
        reference: of,
        debit: 0,
        credit: cn.total_due,
      });
    }
  }
  for (const inv of invoices) {
    if (!isBilled(inv) || inv.contact_id !== contactId || inv.currency !== currency) continue;
    if (inv.issue_date < from) opening += inv.total_due;
    else if (inv.issue_date <= to)
      rows.push({ date: inv.issue_date, kind: 'invoice', number: inv.number, description: `Invoice ${inv.number}`, debit: inv.total_due, credit: 0 });
    for (const p of inv.payments) {
      const test = isTestPayment(p);
      if (p.date < from) opening -= test ? 0 : p.amount;
      else if (p.date <= to) {
        rows.push({
          date: p.date,
          kind: 'payment',
          number: inv.number,
          description: `Payment for ${inv.number} (${methodLabel(p.method)}${test ? ' (TEST)' : ''}${p.reference ? `, ${p.reference}` : ''})`,
          method: p.method,
          reference: p.reference ?? '',
          ...(test ? { test: true } : {}),
          debit: 0,
          credit: test ? 0 : p.amount,
        });
      }
    }
  }
  const rank = { invoice: 0, credit_note: 1, payment: 2 } as const;
  rows.sort((a, b) => a.date.localeCompare(b.date) || rank[a.kind] - rank[b.kind] || a.number.localeCompare(b.number));
  let running = opening;
  const entries = rows.map((r) => {
    running += r.debit - r.credit;
    return { ...r, balance: running };
  });
  const invoiced = rows.reduce((s, r) => s + r.debit, 0);
  const credited = rows.reduce((s, r) => s + (r.kind === 'credit_note' ? r.credit : 0), 0);
  const paid = rows.reduce((s, r) => s + (r.kind === 'credit_note' ? 0 : r.credit), 0);
  return {
    contact_id: contactId,
    currency,
    from,
    to,
    opening_balance: opening,
    entries,
    invoiced,
    paid,
    credited,
    closing_balance: opening + invoiced - paid - credited,
  };
}

/** A statement (PDF, e-mail, WhatsApp text) shows minor units on every amount once one of its amounts has them (issue 23). */
export function statementShowsMinor(s: Statement): boolean {
  return showsMinorUnits(
    [s.opening_balance, s.invoiced, s.paid, s.credited, s.closing_balance, ...s.entries.flatMap((e) => [e.debit, e.credit, e.balance])],
    s.currency,
  );
}

/** The text of a payment reminder for WhatsApp, SMS or e-mail, in the client's language (issue 19; English when left out). */
export function reminderText(o: {
  client: string;
  company: string;
  amount: string;
  invoices: string[];
  link?: string | null;
  overdue: boolean;
  language?: CustomerLanguage;
}): string {
  const language = o.language ?? 'en';
  const which =
    o.invoices.length === 1
      ? documentText(language, 'debtWhichOne', { number: o.invoices[0] })
      : documentText(language, 'debtWhichMany', { numbers: o.invoices.join(', ') });
  return [
    documentText(language, o.overdue ? 'debtReminderOverdue' : 'debtReminderDue', { client: o.client, company: o.company, amount: o.amount, which }),
    o.link ? documentText(language, 'debtViewAndPay', { link: o.link }) : '',
    documentText(language, 'debtThanks'),
  ]
    .filter(Boolean)
    .join(' ');
}

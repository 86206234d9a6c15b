import {
  addForeignDocument,
  addForeignExpense,
  foreignExpense,
  addVatPart,
  foreignList,
  invoiceDefaults,
  type VatDocument,
  type VatExpense,
  type VatForeign,
  type VatPart,
  vatBreakdown,
  vatReturn,
  type VatReturn,
  vatReturnOf,
  type VatRate,
  vatRowKey,
} from '@duka/core';
import { and, between, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { expenses, invoices, users } from '../../db/schema';

import { rows } from './sql-parts';

/** The documents a return counts: the user's invoices, sales and credit notes issued in the period, in its currency. */
const counted = (userId: string, period: { from: string; to: string }, currency: string, other = false) =>
  sql`i.user_id = ${userId}::uuid and i.deleted_at is null and i.kind in ('invoice', 'sale', 'credit_note') and ${other ? sql`i.currency <> ${currency}::text` : sql`i.currency = ${currency}::text`}
    and i.issue_date between ${period.from}::date and ${period.to}::date and i.status not in ('draft', 'void') and i.voided_at is null`;

/**
 * The home return's documents in other currencies (t19 N5): each with its rate (a credit note's own, else its
 * invoice's) and its stored VAT part (worked out here for one not yet backfilled). Few per period: read whole.
 */
async function foreignDocuments(db: Db, userId: string, period: { from: string; to: string }, home: string) {
  const found = await rows(
    db,
    sql`select i.id, i.number, i.kind, i.currency, i.vat_lines, i.lines, i.fees, i.fee_ids, i.discount,
        coalesce(i.exchange_rate, c.exchange_rate) as rate
      from invoices i left join invoices c on c.id = i.credited_invoice_id and c.user_id = i.user_id
      where ${counted(userId, period, home, true)}
      order by i.issue_date, i.created_at, i.id`,
  );
  return found.map((r) => ({
    id: String(r.id),
    number: String(r.number),
    kind: String(r.kind),
    currency: String(r.currency),
    rate: r.rate == null ? null : Number(r.rate),
    parts: Array.isArray(r.vat_lines) ? (r.vat_lines as VatPart[]) : vatBreakdown(r as unknown as VatDocument),
  }));
}

/** The home return's expenses in other currencies with input tax, dated in the period (few: read whole), in date order. */
async function foreignExpenses(db: Db, userId: string, period: { from: string; to: string }, home: string): Promise<VatExpense[]> {
  const found = await rows(
    db,
    sql`select e.id, e.date::text as date, e.currency, e.input_tax, e.exchange_rate, e.vendor, e.category from expenses e
      where e.user_id = ${userId}::uuid and e.deleted_at is null and e.amount_pending is null and e.currency <> ${home}::text
        and e.input_tax > 0 and e.date between ${period.from}::date and ${period.to}::date
      order by e.date, e.created_at, e.id`,
  );
  return found.map((r) => ({
    id: String(r.id),
    date: String(r.date),
    currency: String(r.currency),
    input_tax: Number(r.input_tax),
    exchange_rate: r.exchange_rate == null ? null : Number(r.exchange_rate),
    vendor: String(r.vendor ?? ''),
    category: String(r.category ?? ''),
  }));
}

/**
 * GET /api/reports/vat (issue 27): summed in SQL over the documents issued in the period (the user's issue-date index),
 * from the VAT part each stores (invoices.vat_lines, core's vatBreakdown written with every save), and the input tax of
 * the expenses dated in it: the same figures as core's vatReturn over the documents themselves (vatReturnInNode), to
 * the minor unit. One row per tax (name and rate), named as first met in the order the documents were issued. While a document of
 * the period still has no stored part (the start-up backfill has not reached it), the return is worked out in Node.
 */
export async function vatReturnFor(db: Db, userId: string, period: { from: string; to: string }, asked?: string): Promise<VatReturn> {
  // No currency asked: the business's own (its invoice settings), the one its VAT return is filed in.
  const own = invoiceDefaults((await db.select({ s: users.invoiceSettings }).from(users).where(eq(users.id, userId)))[0]?.s ?? '{}').currency;
  const currency = asked ?? own;
  // The business's own return counts its documents in other currencies too, converted at their rates (t19 N5).
  const home = currency === own;
  const where = counted(userId, period, currency);
  const [[facts], parts, others, otherExpenses] = await Promise.all([
    rows(
      db,
      sql`select
        (select count(*) from invoices i where ${where} and i.kind <> 'credit_note') as invoices,
        (select count(*) from invoices i where ${where} and i.kind = 'credit_note') as credit_notes,
        (select count(*) from invoices i where ${where} and i.vat_lines is null) as missing,
        (select count(*) from expenses e where e.user_id = ${userId}::uuid and e.deleted_at is null and e.amount_pending is null
          and e.currency = ${currency}::text and e.date between ${period.from}::date and ${period.to}::date) as expenses,
        (select coalesce(sum(e.input_tax), 0) from expenses e where e.user_id = ${userId}::uuid and e.deleted_at is null and e.amount_pending is null
          and e.currency = ${currency}::text and e.date between ${period.from}::date and ${period.to}::date) as input_tax`,
    ),
    rows(
      db,
      sql`select p.key, p.label, min(p.rate_bps) as rate_bps, min(p.at) as first_at,
          coalesce(sum(case when p.kind = 'credit_note' then -p.taxable else p.taxable end), 0) as taxable,
          coalesce(sum(case when p.kind = 'credit_note' then 0 else p.tax end), 0) as output_tax,
          coalesce(sum(case when p.kind = 'credit_note' then p.tax else 0 end), 0) as credited_tax
        from (
          select i.kind, v->>'key' as key, v->>'label' as label, (v->>'rate_bps')::int as rate_bps,
            (v->>'taxable')::bigint as taxable, (v->>'tax')::bigint as tax,
            row_number() over (order by i.issue_date, i.created_at, i.id, n) as at
          from invoices i cross join lateral jsonb_array_elements(i.vat_lines) with ordinality as x(v, n)
          where ${where} and jsonb_typeof(i.vat_lines) = 'array'
        ) p
        group by p.key, p.label
        order by first_at`,
    ),
    home ? foreignDocuments(db, userId, period, currency) : [],
    home ? foreignExpenses(db, userId, period, currency) : [],
  ]);
  if (Number(facts?.missing ?? 0) > 0) return vatReturnInNode(db, userId, period, currency, home);
  const rates = new Map<string, VatRate>();
  for (const p of parts) {
    const rate_bps = p.rate_bps == null ? null : Number(p.rate_bps);
    // The row by core's key of today (per tax and rate), not the one stored with the part: parts stored before kept one row per rate.
    const part = { key: vatRowKey(String(p.label), rate_bps), label: String(p.label), rate_bps, taxable: 0, tax: 0 };
    addVatPart(rates, { ...part, taxable: Number(p.taxable), tax: Number(p.output_tax) }, 1);
    addVatPart(rates, { ...part, taxable: 0, tax: Number(p.credited_tax) }, -1);
  }
  const foreign = new Map<string, VatForeign>();
  let invoiceCount = Number(facts?.invoices ?? 0);
  let creditCount = Number(facts?.credit_notes ?? 0);
  for (const doc of others) {
    const add = (p: VatPart, sign: 1 | -1) => addVatPart(rates, { ...p, key: vatRowKey(p.label, p.rate_bps) }, sign);
    if (!addForeignDocument(foreign, doc, currency, add)) continue;
    if (doc.kind === 'credit_note') creditCount += 1;
    else invoiceCount += 1;
  }
  let expenseCount = Number(facts?.expenses ?? 0);
  let inputTax = Number(facts?.input_tax ?? 0);
  for (const e of otherExpenses) {
    const converted = addForeignExpense(foreign, foreignExpense(e), currency);
    if (converted === null) continue;
    expenseCount += 1;
    inputTax += converted;
  }
  return vatReturnOf(rates, {
    from: period.from,
    to: period.to,
    currency,
    foreign: foreignList(foreign),
    invoice_count: invoiceCount,
    credit_note_count: creditCount,
    expense_count: expenseCount,
    input_tax: inputTax,
  });
}

/** Core's vatReturn over the documents and expenses of the period, read whole (before issue 27; the fallback above). */
export async function vatReturnInNode(db: Db, userId: string, period: { from: string; to: string }, currency: string, home = false): Promise<VatReturn> {
  const [docs, spent] = await Promise.all([
    db
      .select({
        id: invoices.id,
        kind: invoices.kind,
        status: invoices.status,
        issue_date: invoices.issueDate,
        currency: invoices.currency,
        voided_at: invoices.voidedAt,
        lines: invoices.lines,
        fees: invoices.fees,
        fee_ids: invoices.feeIds,
        discount: invoices.discount,
        number: invoices.number,
        exchange_rate: invoices.exchangeRate,
        credited_invoice_id: invoices.creditedInvoiceId,
      })
      .from(invoices)
      .where(
        and(
          eq(invoices.userId, userId),
          isNull(invoices.deletedAt),
          inArray(invoices.kind, ['invoice', 'sale', 'credit_note']), // a counter sale is a tax invoice too (issue 28)
          home ? undefined : eq(invoices.currency, currency),
          between(invoices.issueDate, period.from, period.to),
          sql`${invoices.status} not in ('draft', 'void')`,
        ),
      )
      .orderBy(invoices.issueDate, invoices.createdAt, invoices.id),
    db
      .select({
        id: expenses.id,
        date: expenses.date,
        currency: expenses.currency,
        input_tax: expenses.inputTax,
        amount_pending: expenses.amountPending,
        exchange_rate: expenses.exchangeRate,
        vendor: expenses.vendor,
        category: expenses.category,
      })
      .from(expenses)
      .where(
        and(
          eq(expenses.userId, userId),
          isNull(expenses.deletedAt),
          isNull(expenses.amountPending),
          // The home return also converts the input tax of expenses in other currencies.
          home ? undefined : eq(expenses.currency, currency),
          between(expenses.date, period.from, period.to),
        ),
      )
      .orderBy(expenses.date, expenses.createdAt, expenses.id),
  ]);
  // A credit note of a foreign invoice issued in an earlier period: its rate is read from that invoice.
  const missing = docs.filter((d) => d.kind === 'credit_note' && d.currency !== currency && d.exchange_rate == null && d.credited_invoice_id);
  const credited = missing.length
    ? await db
        .select({ id: invoices.id, exchange_rate: invoices.exchangeRate })
        .from(invoices)
        .where(
          and(
            eq(invoices.userId, userId),
            inArray(
              invoices.id,
              missing.map((d) => d.credited_invoice_id as string),
            ),
          ),
        )
    : [];
  const rateOf = new Map(credited.map((c) => [c.id, c.exchange_rate]));
  const all = docs.map((d) => (missing.includes(d) ? { ...d, exchange_rate: rateOf.get(d.credited_invoice_id as string) ?? null } : d));
  return vatReturn(all as unknown as VatDocument[], spent, period, currency, { home });
}

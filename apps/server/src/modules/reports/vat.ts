import { addVatPart, invoiceDefaults, type VatDocument, vatReturn, type VatReturn, vatReturnOf, type VatRate, vatRowKey } from '@duka/core';
import { and, between, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { expenses, invoices, users } from '../../db/schema';

type Row = Record<string, unknown>;
const rows = async (db: Db, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: Row[] }).rows;

/** The documents a return counts: the user's invoices, sales and credit notes issued in the period, in its currency. */
const counted = (userId: string, period: { from: string; to: string }, currency: string) =>
  sql`i.user_id = ${userId}::uuid and i.deleted_at is null and i.kind in ('invoice', 'sale', 'credit_note') and i.currency = ${currency}::text
    and i.issue_date between ${period.from}::date and ${period.to}::date and i.status not in ('draft', 'void') and i.voided_at is null`;

/**
 * GET /api/reports/vat (issue 27): summed in SQL over the documents issued in the period (the user's issue-date index),
 * from the VAT part each stores (invoices.vat_lines, core's vatBreakdown written with every save), and the input tax of
 * the expenses dated in it: the same figures as core's vatReturn over the documents themselves (vatReturnInNode), to
 * the minor unit. One row per tax (name and rate), named as first met in the order the documents were issued. While a document of
 * the period still has no stored part (the start-up backfill has not reached it), the return is worked out in Node.
 */
export async function vatReturnFor(db: Db, userId: string, period: { from: string; to: string }, asked?: string): Promise<VatReturn> {
  // No currency asked: the business's own (its invoice settings), the one its VAT return is filed in.
  const currency = asked ?? invoiceDefaults((await db.select({ s: users.invoiceSettings }).from(users).where(eq(users.id, userId)))[0]?.s ?? '{}').currency;
  const where = counted(userId, period, currency);
  const [[facts], parts] = await Promise.all([
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
  ]);
  if (Number(facts?.missing ?? 0) > 0) return vatReturnInNode(db, userId, period, currency);
  const rates = new Map<string, VatRate>();
  for (const p of parts) {
    const rate_bps = p.rate_bps == null ? null : Number(p.rate_bps);
    // The row by core's key of today (per tax and rate), not the one stored with the part: parts stored before kept one row per rate.
    const part = { key: vatRowKey(String(p.label), rate_bps), label: String(p.label), rate_bps, taxable: 0, tax: 0 };
    addVatPart(rates, { ...part, taxable: Number(p.taxable), tax: Number(p.output_tax) }, 1);
    addVatPart(rates, { ...part, taxable: 0, tax: Number(p.credited_tax) }, -1);
  }
  return vatReturnOf(rates, {
    from: period.from,
    to: period.to,
    currency,
    invoice_count: Number(facts?.invoices ?? 0),
    credit_note_count: Number(facts?.credit_notes ?? 0),
    expense_count: Number(facts?.expenses ?? 0),
    input_tax: Number(facts?.input_tax ?? 0),
  });
}

/** Core's vatReturn over the documents and expenses of the period, read whole (before issue 27; the fallback above). */
export async function vatReturnInNode(db: Db, userId: string, period: { from: string; to: string }, currency: string): Promise<VatReturn> {
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
      })
      .from(invoices)
      .where(
        and(
          eq(invoices.userId, userId),
          isNull(invoices.deletedAt),
          inArray(invoices.kind, ['invoice', 'sale', 'credit_note']), // a counter sale is a tax invoice too (issue 28)
          eq(invoices.currency, currency),
          between(invoices.issueDate, period.from, period.to),
          sql`${invoices.status} not in ('draft', 'void')`,
        ),
      )
      .orderBy(invoices.issueDate, invoices.createdAt, invoices.id),
    db
      .select({ date: expenses.date, currency: expenses.currency, input_tax: expenses.inputTax, amount_pending: expenses.amountPending })
      .from(expenses)
      .where(
        and(
          eq(expenses.userId, userId),
          isNull(expenses.deletedAt),
          isNull(expenses.amountPending),
          eq(expenses.currency, currency),
          between(expenses.date, period.from, period.to),
        ),
      ),
  ]);
  return vatReturn(docs as unknown as VatDocument[], spent, period, currency);
}

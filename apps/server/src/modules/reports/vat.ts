import { type VatDocument, vatReturn, type VatReturn } from '@duka/core';
import { and, between, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { expenses, invoices } from '../../db/schema';

/**
 * GET /api/reports/vat: core's vatReturn over the user's invoices, sales and credit notes issued in the period and the
 * expenses dated in it (one currency), so the return is worked out from the documents exactly as they add up.
 */
export async function vatReturnFor(db: Db, userId: string, period: { from: string; to: string }, currency: string): Promise<VatReturn> {
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
      ),
    db
      .select({ date: expenses.date, currency: expenses.currency, input_tax: expenses.inputTax })
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

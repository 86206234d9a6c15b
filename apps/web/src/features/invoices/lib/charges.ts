import { computeInvoiceTotals } from '@duka/core';
import type { Invoice } from './model';

/**
 * Whether an edit changes what the invoice charges: its lines (quantities, prices, taxes), taxes and discount. An
 * invoice with credit notes keeps them (the server refuses the change; t19 N6), while its other fields still change.
 */
export function chargesChanged(before: Invoice, after: Invoice): boolean {
  const shape = (inv: Invoice) => {
    const t = computeInvoiceTotals({ ...inv, payments: [], credited: 0 });
    return JSON.stringify({
      lines: inv.lines.map((l) => [l.id, l.quantity, l.unit_price, [...(l.fee_ids ?? [])].sort()]),
      fee_ids: [...(inv.fee_ids ?? [])].sort(),
      discount: inv.discount ?? null,
      currency: inv.currency,
      totals: [t.subtotal, t.discount_total, t.tax_total, t.fee_total, t.total_due],
    });
  };
  return shape(before) !== shape(after);
}

import type { InvoiceTotals } from '../amounts/math';

/** The totals stored on an invoice record (and checked by the server against what a client sends). */
export const STORED_TOTAL_FIELDS = ['subtotal', 'discount_total', 'tax_total', 'fee_total', 'total_due', 'amount_paid', 'balance'] as const;
export type StoredTotals = Record<(typeof STORED_TOTAL_FIELDS)[number], number>;

export function storedTotals(t: InvoiceTotals): StoredTotals {
  return {
    subtotal: t.subtotal,
    discount_total: t.discount_total,
    tax_total: t.tax_total,
    fee_total: t.fee_total,
    total_due: t.total_due,
    amount_paid: t.amount_paid,
    balance: t.balance,
  };
}

/** Fields where the client's totals disagree with the recomputed ones (empty when they agree or were not sent). */
export function totalsMismatch(claimed: Partial<Record<string, unknown>>, actual: StoredTotals): Record<string, string> {
  const out: Record<string, string> = {};
  // A device whose app predates fee_total (issue 23) claims no fee_total and a tax_total of taxes + fees:
  // its queued writes are still checked, against the sum it meant.
  const legacy = claimed.tax_total !== undefined && claimed.tax_total !== null && (claimed.fee_total === undefined || claimed.fee_total === null);
  const expected: StoredTotals = legacy ? { ...actual, tax_total: actual.tax_total + actual.fee_total } : actual;
  for (const key of STORED_TOTAL_FIELDS) {
    const v = claimed[key];
    if (v !== undefined && v !== null && v !== expected[key]) out[key] = `Expected ${expected[key]}, got ${String(v)}`;
  }
  return out;
}

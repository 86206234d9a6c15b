import { type InvoiceFee, roundedOnTotal } from '@duka/core';
import type { fees } from '../../db/schema';

/** A stored fee row → the snapshot an invoice keeps of it (what the app adds when a fee is ticked). */
export function invoiceFeeOf(row: typeof fees.$inferSelect): InvoiceFee {
  // A new snapshot: a percentage rounded once on its total (t22 V1).
  return roundedOnTotal({
    id: row.id,
    name: row.name,
    kind: row.kind === 'fee' ? 'fee' : 'tax',
    calculation: row.calculation === 'fixed' ? 'fixed' : 'percentage',
    percentage_bps: row.percentageBps,
    amount: row.amount,
    inclusive: row.inclusive,
    // Only when taxed (t18 Z1): the snapshot of an untaxed fee reads as it did before.
    ...(row.subjectToTax ? { subject_to_tax: true } : {}),
  });
}

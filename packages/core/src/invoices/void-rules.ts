/**
 * Voiding an invoice that holds payments (t19 N7): refused, on the device and on the server alike. A void invoice
 * owes nothing and counts in no report, so the money paid on it would vanish from "Collected" with no refund due
 * anywhere. The owner issues a credit note for the whole invoice instead: it takes the invoice back, keeps the payment
 * in the cash figures and shows the refund due to the client. TEST MODE payments are no money: they never stop a void.
 * A counter sale (kind 'sale') holding payments is refused the same way (t19): its void left no record that the cash
 * went back, so a credit note takes it back instead and shows the refund due. (Sales voided before: their cash counts
 * as handed back, reports/facts countsPayments.)
 */
import { formatMoney } from '../amounts/format';
import { type MaybeTestPayment, realPayments } from './real-money';

/** What was really paid on the invoice (real money only): the amount a void would lose. */
export function paidBeforeVoid(inv: { payments?: readonly MaybeTestPayment[] }): number {
  return realPayments(inv.payments).reduce((s, p) => s + p.amount, 0);
}

/** The refusal in English (the server's answer), or null when the invoice can be voided. */
export function voidPaidProblem(inv: {
  kind?: string | null;
  currency: string;
  voided_at?: string | null;
  payments?: readonly MaybeTestPayment[];
}): string | null {
  const kind = inv.kind ?? 'invoice';
  if (inv.voided_at || (kind !== 'invoice' && kind !== 'sale')) return null;
  const paid = paidBeforeVoid(inv);
  if (paid <= 0) return null;
  if (kind === 'sale')
    return (
      `${formatMoney(paid, inv.currency)} was paid on this sale: it cannot be voided while it holds payments. ` +
      'Issue a credit note for the whole sale instead: it takes the sale back and shows the refund due to the customer.'
    );
  return (
    `${formatMoney(paid, inv.currency)} was paid on this invoice: it cannot be voided while it holds payments. ` +
    'Issue a credit note for the whole invoice instead: it takes the invoice back and shows the refund due to the client.'
  );
}

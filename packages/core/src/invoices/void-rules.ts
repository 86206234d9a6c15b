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
import { refusal, type Refusal } from '../records/refusals';

/** What was really paid on the invoice (real money only): the amount a void would lose. */
export function paidBeforeVoid(inv: { payments?: readonly MaybeTestPayment[] }): number {
  return realPayments(inv.payments).reduce((s, p) => s + p.amount, 0);
}

/** voidPaidProblem's refusal as a code with its values (core's REFUSAL_REASONS), or null. */
export function voidPaidRefusal(inv: Parameters<typeof voidPaidProblem>[0]): Refusal | null {
  if (!voidPaidProblem(inv)) return null;
  return refusal((inv.kind ?? 'invoice') === 'sale' ? 'void_paid_sale' : 'void_paid', { paid: paidBeforeVoid(inv), currency: inv.currency });
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

/**
 * A counter sale paid with real money (t21 P5): its receipt was handed over, so what it sold, at what price, with
 * which taxes and discount stays as printed (the device hides Edit, the server refuses the change). Goods brought
 * back are a credit note; more goods a new sale. A sale owed on a pay link, or paid in TEST MODE only, stays editable.
 */
export function paidSaleLocked(inv: { kind?: string | null; voided_at?: string | null; payments?: readonly MaybeTestPayment[] }): boolean {
  return inv.kind === 'sale' && !inv.voided_at && paidBeforeVoid(inv) > 0;
}

export const PAID_SALE_EDIT_MESSAGE =
  'This sale was paid and its receipt handed over: its items, prices, taxes and discount cannot change. ' +
  'Issue a credit note for goods brought back, or make a new sale for more.';

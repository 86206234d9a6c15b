import { computeInvoiceTotals, type InvoiceMathInput } from '../amounts/math';
import { MPESA_UNIT } from './unit';

/** How far the search for a whole-shilling balance goes (in cents of discount): far past any VAT rate's step. */
const MAX_STEPS = 1_000;

/**
 * The discount that brings what is owed on a KES invoice down to whole shillings (t17 K0). M-Pesa and Airtel Money
 * take no cents, and Duka neither rounds a prompt up (it would overcharge) nor down (cents would stay owed): the
 * owner may take the cents off the price instead. It is an amount discount, so taxes are worked out on the lower
 * price — VAT is due on what the customer pays — and subtotal − discount + taxes = total still holds on the
 * invoice, its PDF and its eTIMS record (a rounding line after the taxes would break that sum).
 *
 * Returns the invoice's new discount (its present discount, as an amount, plus the least that makes the balance a
 * whole number of shillings, never raising it) and the balance it leaves; null when the balance is already whole
 * or nothing is owed.
 */
export function wholeShillingsDiscount(input: InvoiceMathInput): { discount: { type: 'amount'; value: number }; balance: number } | null {
  const now = computeInvoiceTotals(input);
  if (now.balance <= 0 || now.balance % MPESA_UNIT === 0) return null;
  for (let value = now.discount_total + 1; value <= Math.min(now.subtotal, now.discount_total + MAX_STEPS); value++) {
    const discount = { type: 'amount' as const, value };
    const { balance, credit } = computeInvoiceTotals({ ...input, discount });
    // Never below what was already paid: that would owe the customer a refund.
    if (credit > 0) return null;
    if (balance < now.balance && balance % MPESA_UNIT === 0) return { discount, balance };
  }
  return null;
}

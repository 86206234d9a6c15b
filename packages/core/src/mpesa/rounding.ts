import { computeInvoiceTotals, type InvoiceMathInput } from '../amounts/math';
import { MPESA_UNIT } from './unit';

/** How far the search for a whole-shilling balance goes (in cents of discount): far past any VAT rate's step. */
const MAX_STEPS = 1_000;

/** An amount discount part of which (`rounding`, minor units) takes a balance's cents off for whole shillings. */
export type RoundingDiscount = { type: 'amount'; value: number; rounding: number };

/** A discount as stored and sent: a rounding part only on an amount discount. */
type DiscountLike = { type: 'percentage' | 'amount'; value: number; rounding?: number } | null | undefined;

/** The rounding part of a discount (0 when none), never more than what the discount took off. */
function roundingOf(discount: DiscountLike, discountTotal: number): number {
  if (discount?.type !== 'amount' || !Number.isSafeInteger(discount.rounding) || (discount.rounding ?? 0) <= 0) return 0;
  return Math.min(discount.rounding ?? 0, Math.max(0, discountTotal));
}

/**
 * A document's discount rows (invoice screen, pay page, PDF, receipts): the owner's discount, and apart from it, as
 * "Rounding", the part that took the balance's cents off for M-Pesa and Airtel Money (wholeShillingsDiscount). The two
 * add up to the discount total the maths worked out (a discount before VAT), so the document's sum still holds.
 */
export function discountRows(discount: DiscountLike, discountTotal: number): { discount: number; rounding: number } {
  const rounding = roundingOf(discount, discountTotal);
  return { discount: discountTotal - rounding, rounding };
}

/**
 * The discount that brings what is owed on a KES invoice down to whole shillings (t17 K0). M-Pesa and Airtel Money
 * take no cents, and Duka neither rounds a prompt up (it would overcharge) nor down (cents would stay owed): the
 * owner may take the cents off the price instead. It is an amount discount, so taxes are worked out on the lower
 * price — VAT is due on what the customer pays — and subtotal − discount + taxes = total still holds on the
 * invoice, its PDF and its eTIMS record (a rounding line after the taxes would break that sum).
 *
 * Returns the invoice's new discount (its present discount, as an amount, plus the least that makes the balance a
 * whole number of shillings, never raising it) and the balance it leaves; null when the balance is already whole
 * or nothing is owed. The discount says how much of it is the rounding (`rounding`): documents show that part as
 * "Rounding", apart from the owner's own discount (discountRows), while the maths reads the one amount.
 */
export function wholeShillingsDiscount(input: InvoiceMathInput): { discount: RoundingDiscount; balance: number } | null {
  const now = computeInvoiceTotals(input);
  if (now.balance <= 0 || now.balance % MPESA_UNIT === 0) return null;
  // A rounding already in the discount stays marked as rounding, with the new cents added to it.
  const before = roundingOf(input.discount as DiscountLike, now.discount_total);
  for (let value = now.discount_total + 1; value <= Math.min(now.subtotal, now.discount_total + MAX_STEPS); value++) {
    const discount = { type: 'amount' as const, value, rounding: before + value - now.discount_total };
    const { balance, credit } = computeInvoiceTotals({ ...input, discount });
    // Never below what was already paid: that would owe the customer a refund.
    if (credit > 0) return null;
    if (balance < now.balance && balance % MPESA_UNIT === 0) return { discount, balance };
  }
  return null;
}

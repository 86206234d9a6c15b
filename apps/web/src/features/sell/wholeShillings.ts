import { computeInvoiceTotals, walletUnit, wholeShillingsDiscount } from '@duka/core';
import type { WholeShillingsRound } from '../invoices/components/WholeShillingsOffer';
import { type CartLine, linePrice, quantityProblem, type SaleOptions, type SalePayment } from './sale';

/** The counter's ways to pay that go through a mobile-money wallet, which takes whole shillings only in Kenya and Tanzania (t17 K0, t20 T1). */
const WHOLE_ONLY: ReadonlySet<SalePayment['method']> = new Set(['pay_link', 'mobile_money']);

/**
 * The offer to round a counter sale down to whole shillings (h120, as the invoice editor and Finish do): a KES or TZS
 * sale whose part paid by pay link or mobile money has cents, which the wallets cannot take (core walletUnit: Kenya's
 * M-Pesa and Airtel Money, Tanzania's M-Pesa, Airtel Money and Mixx). Core's rule
 * (wholeShillingsDiscount): the cents come off the price as a discount, VAT on the lower price; what is taken in cash or
 * by transfer stays as typed, so it is the pay-link or mobile-money part that comes out whole. Null when no such part,
 * another currency, or nothing to round.
 */
export function counterWholeShillings(
  cart: CartLine[],
  opts: Pick<SaleOptions, 'fees' | 'discount'>,
  payments: SalePayment[],
  currency: string,
): WholeShillingsRound | null {
  if (walletUnit(currency) <= 1 || !payments.some((p) => p.amount > 0 && WHOLE_ONLY.has(p.method))) return null;
  const good = cart.filter((l) => !quantityProblem(String(l.quantity), 'en'));
  if (!good.length) return null;
  const input = {
    lines: good.map((l) => ({ id: l.id, description: l.item.name, quantity: l.quantity, unit_price: linePrice(l), fee_ids: [] })),
    fees: opts.fees,
    fee_ids: opts.fees.map((f) => f.id),
    discount: opts.discount,
    // Cash and transfer are taken as typed: what is left is the part M-Pesa or Airtel Money must take.
    payments: payments.filter((p) => p.amount > 0 && !WHOLE_ONLY.has(p.method)).map((p) => ({ amount: p.amount })),
  };
  const round = wholeShillingsDiscount(input);
  if (!round) return null;
  const now = computeInvoiceTotals(input);
  return { currency, balance: now.balance, discountBefore: now.discount_total, round };
}

/**
 * The taxes on a fee subject to tax (t18 Z1): a delivery charge is a supply like the goods it brings, so the VAT
 * of the invoice (or of the line the fee is on) is charged on it as on the prices beside it. Exact integer maths,
 * the same rounding as every tax (half away from zero, once per fee and tax).
 */

/** A fee or tax as an invoice carries it (its snapshot of the Fees tab record). */
export interface InvoiceFeeInput {
  id: string;
  name: string;
  kind: 'tax' | 'fee';
  calculation: 'percentage' | 'fixed';
  /** Percentage in basis points (750 = 7.5%); used when calculation is 'percentage'. */
  percentage_bps: number;
  /** Fixed amount in minor units; used when calculation is 'fixed'. */
  amount: number;
  inclusive: boolean;
  /**
   * A fee (kind 'fee') added on top that is a supply like the goods (delivery, service, packing: t18 Z1): the
   * invoice's percentage taxes where it applies (the invoice's, or its line's) are charged on it too. Left out or
   * false: not taxed (a disbursement, a government fee passed on). Never read for taxes nor for inclusive fees.
   */
  subject_to_tax?: boolean;
  /**
   * A percentage fee with `round_on: 'total'` (t22 V1; every one the web editor and the counter snapshot since) is
   * rounded once on the sum of the lines it applies to (19.25 % of 100,000 FCFA is 19,250, never 4,813 + 14,438),
   * then shared over those lines by largest remainder so the lines' parts still add up to it. Left out: rounded per
   * line, as invoices written before keep (sent, paid, signed by the tax authority). Never read for a fixed fee.
   */
  round_on?: 'total';
  /**
   * A percentage fee subject to tax (a 10 % service charge) whose taxes are rounded once on their total (h155; every
   * snapshot a new document takes since): the VAT on the fee's parts over the lines is worked out once per tax that is
   * itself rounded on its total (`round_on: 'total'`), round(Σ part × rate), and shared over the lines by largest
   * remainder, as the VAT on the lines is. Left out: the VAT on each line's part of the fee is rounded on its own (the
   * invoices written before keep their totals). Never read for a fixed fee.
   */
  taxes_round_on?: 'total';
}

/**
 * The snapshot a new document takes of a fee (t22 V1): a percentage fee is rounded once on its total. Every writer of
 * a new document uses it (the web editor, the counter, the server's snapshots from the Fees tab, duplicates and
 * recurring invoices); a stored snapshot is never rewritten, so an invoice written before keeps its totals.
 */
export function roundedOnTotal<F extends InvoiceFeeInput>(fee: F): F {
  if (fee.calculation !== 'percentage') return fee;
  return fee.kind === 'fee' && fee.subject_to_tax === true ? { ...fee, round_on: 'total', taxes_round_on: 'total' } : { ...fee, round_on: 'total' };
}

export interface ExactTaxedFee {
  fee_id: string;
  line_id: string | null;
  amount: bigint;
  base: bigint;
  taxes: Array<{ fee_id: string; amount: bigint }>;
  /** Each tax's exact part, num / den (before rounding), and whether it is inside the fee. */
  exact: Array<{ fee_id: string; num: bigint; den: bigint; inclusive: boolean }>;
}

const roundDiv = (a: bigint, b: bigint): bigint => {
  const q = a / b;
  return (a % b) * 2n >= b ? q + 1n : q;
};

/**
 * The taxes charged on `amount` of `fee` where the fee ids `where` apply (the line's and the invoice's, or the
 * invoice's): its percentage taxes (kind 'tax'). Null when the fee is not subject to tax, is inside the prices, is
 * itself a tax, or nothing is to be taxed. An exclusive tax is added on the fee; an inclusive one is inside it.
 */
export function taxFeeExact(
  fee: InvoiceFeeInput,
  amount: bigint,
  lineId: string | null,
  where: readonly string[],
  feeById: ReadonlyMap<string, InvoiceFeeInput>,
): ExactTaxedFee | null {
  if (fee.subject_to_tax !== true || fee.kind !== 'fee' || fee.inclusive || amount <= 0n) return null;
  const taxes = [...new Set(where)].map((id) => feeById.get(id)).filter((t): t is InvoiceFeeInput => !!t && t.kind === 'tax' && t.calculation === 'percentage');
  if (!taxes.length) return null;
  const inclusiveBps = taxes.reduce((s, t) => s + (t.inclusive ? BigInt(t.percentage_bps) : 0n), 0n);
  const exact = taxes.map((t) => ({
    fee_id: t.id,
    num: amount * BigInt(t.percentage_bps),
    den: t.inclusive ? 10_000n + inclusiveBps : 10_000n,
    inclusive: t.inclusive,
  }));
  const taxed: ExactTaxedFee = { fee_id: fee.id, line_id: lineId, amount, base: amount, taxes: [], exact };
  return withTaxAmounts(
    taxed,
    exact.map((p) => roundDiv(p.num, p.den)),
  );
}

/** The fee's taxes set to `amounts` (in the order of its `exact` parts), and its base (the fee less the taxes inside). */
export function withTaxAmounts(taxed: ExactTaxedFee, amounts: readonly bigint[]): ExactTaxedFee {
  const inside = taxed.exact.reduce((s, p, i) => s + (p.inclusive ? amounts[i]! : 0n), 0n);
  return { ...taxed, base: taxed.amount - inside, taxes: taxed.exact.map((p, i) => ({ fee_id: p.fee_id, amount: amounts[i]! })) };
}

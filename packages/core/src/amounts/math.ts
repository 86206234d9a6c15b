/**
 * Invoice maths, shared by the device and the server. All money is integer minor units (kobo, cents).
 *
 * One rounding rule: half away from zero. A line amount is rounded per line; a percentage discount or fee flagged
 * `round_on: 'total'` once on its total and then shared over the lines (below); without the flag, per line. Totals are
 * plain sums of the lines' parts, so they never depend on the order of the lines.
 *
 * - line amount = round(quantity × unit_price); quantity has up to 3 decimals (integer thousandths).
 * - discount (percentage in basis points, or an amount) comes off before exclusive fees. A percentage is
 *   rounded once on the subtotal (`round_on: 'total'`, t18 Z2: 10% of R824.72 is R82.47, never a sum of per-line
 *   roundings; without it, per line, as invoices written before keep); an amount is capped at the subtotal. Either
 *   is shared over the lines in proportion to their amounts (largest remainder, ties by line id) so the discount
 *   shown is exactly round(subtotal × rate) or the amount typed.
 * - fees (taxes and fees) apply to a line's discounted amount: those chosen on the line plus the
 *   invoice-level ones. A percentage fee with `round_on: 'total'` (t22 V1) is rounded once on the exact sum of its
 *   lines' parts (round(Σ net × rate) exclusive, round(Σ net × rate / (10000 + inclusive rates)) inclusive) and shared
 *   over them by largest remainder of those exact parts (ties by line id); without it, per line as invoices written
 *   before keep. Fixed invoice-level fees once per invoice,
 *   fixed line fees once per line. Exclusive fees are added; inclusive fees are already inside the price
 *   and only extracted for display: tax = round(net × rate / (10000 + sum of inclusive rates on the line)).
 * - a fee subject to tax (`subject_to_tax`, kind 'fee', added on top: delivery, t18 Z1) bears the percentage taxes
 *   where it applies (the invoice's for an invoice-level fee, the line's for a line's): an exclusive tax is added
 *   on it (round(fee × rate)), an inclusive one is inside it (round(fee × rate / (10000 + inclusive rates))), as
 *   the prices it stands beside. Its taxes count in their tax's total and in `taxed_fees` (the VAT return, eTIMS).
 *   A percentage fee flagged `taxes_round_on: 'total'` (h155) has each of its taxes rounded on their total (those
 *   with `round_on: 'total'`) worked out once on the sum of its lines' parts and shared over them (largest remainder).
 * - tax_total counts the taxes (kind 'tax') only and fee_total the fees and surcharges (kind 'fee'): a fee is
 *   never reported as tax.
 * - total_due = subtotal − discount_total + exclusive fees; balance = max(0, total_due − amount_paid − credited),
 *   where credited is what credit notes took off the invoice (issue 26);
 *   an overpayment is shown as credit, never as a negative balance.
 * - amount_paid counts real money only: a payment through a test provider (`test: true`, TEST MODE) is kept and
 *   shown, stamped TEST, but never lowers the balance nor makes the invoice paid (issue 22); it is `test_paid`.
 */

import { MAX_MONEY } from '../rules';
import { type ExactTaxedFee, type InvoiceFeeInput, taxFeeExact, withTaxAmounts } from './fee-taxes';

export { roundedOnTotal } from './fee-taxes';

export type { InvoiceFeeInput };

/** The fee fields the maths needs; the same names as the Fees collection (a snapshot kept on the invoice). */

export interface InvoiceLineInput {
  id: string;
  /** Up to 3 decimals, > 0. */
  quantity: number;
  /** Minor units, ≥ 0. */
  unit_price: number;
  fee_ids?: string[];
  /**
   * Credit notes only (t19 N8): the line of a credit note that takes the last of an invoice line carries what is left
   * of that line's amount, discount and percentage fees (the invoice's less earlier credit notes), used as they are
   * instead of being recomputed, so all credit notes of an invoice add up to it exactly (core's buildCreditNote).
   */
  credit_rest?: CreditRest | null;
}

/** What is left of an invoice line for the credit note that takes the last of it (minor units, not re-rounded). */
export interface CreditRest {
  amount: number;
  discount: number;
  fees: LineFeeAmount[];
}

/**
 * A percentage discount with `round_on: 'total'` (t18 Z2; every one the editor writes since) is rounded once on the
 * subtotal and shared over the lines; without it, per line as before, so an invoice written earlier (sent, paid,
 * signed by the tax authority) keeps its totals to the cent.
 */
export type InvoiceDiscount = { type: 'percentage'; value: number; round_on?: 'total' } | { type: 'amount'; value: number };

export interface InvoiceMathInput {
  lines: InvoiceLineInput[];
  fees?: InvoiceFeeInput[];
  fee_ids?: string[];
  discount?: InvoiceDiscount | null;
  payments?: Array<{ amount: number; test?: boolean }>;
  /** What credit notes took off this invoice (issue 26): lowers the balance like a payment, without being one. */
  credited?: number;
}

export interface LineFeeAmount {
  fee_id: string;
  amount: number;
}

export interface LineTotals {
  id: string;
  /** round(quantity × unit_price). */
  amount: number;
  /** This line's share of the discount. */
  discount: number;
  /** amount − discount: the base of the line's fees. */
  net: number;
  fees: LineFeeAmount[];
}

export interface FeeTotal {
  fee_id: string;
  name: string;
  kind: 'tax' | 'fee';
  inclusive: boolean;
  /** For the PDF label: basis points for a percentage fee, null for a fixed one. */
  percentage_bps: number | null;
  amount: number;
  /** Present when a tax was charged on this fee (t18 Z1): documents say so beside it ('Delivery (VAT applies)'). */
  subject_to_tax?: true;
}

/** The taxes charged on one fee subject to tax (t18 Z1), once per invoice (line_id null) or once per line. */
export interface TaxedFee {
  fee_id: string;
  line_id: string | null;
  /** The fee as charged (with any inclusive tax in it). */
  amount: number;
  /** What its taxes were charged on: amount less the inclusive taxes in it. */
  base: number;
  /** Each tax on it (also counted in that tax's FeeTotal and in tax_total). */
  taxes: LineFeeAmount[];
}

export interface InvoiceTotals {
  lines: LineTotals[];
  /** The fees subject to tax and the tax on each (t18 Z1); empty when none is. */
  taxed_fees: TaxedFee[];
  subtotal: number;
  discount_total: number;
  /** Per fee, in the order of the invoice's fee list; fees with nothing to apply to are left out. */
  fees: FeeTotal[];
  /** The taxes only (fees of kind 'tax'), inclusive and exclusive. Fees and surcharges are never counted here (issue 23). */
  tax_total: number;
  /** The fees and surcharges only (kind 'fee'), inclusive and exclusive. tax_total + fee_total is the sum of `fees`. */
  fee_total: number;
  /** The part of the taxes and fees added on top of the prices. */
  exclusive_total: number;
  /** The part of the taxes and fees already inside the prices. */
  inclusive_total: number;
  total_due: number;
  /** Real payments only (test payments are no money). */
  amount_paid: number;
  /** What test payments (TEST MODE) took: shown beside the status, never in the balance. */
  test_paid: number;
  /** Never negative. */
  balance: number;
  /** Paid beyond the total (0 unless overpaid). */
  credit: number;
}

export class InvoiceMathError extends Error {
  override name = 'InvoiceMathError';
}

/**
 * The most any amount of an invoice may be (a line, a total, what was paid): 10^13 minor units. Every amount
 * is computed exactly in BigInt first, so nothing past this limit is ever rounded, stored or sent.
 */
export const MAX_INVOICE_AMOUNT = MAX_MONEY;
const MAX_BIG = BigInt(MAX_INVOICE_AMOUNT);

/** Thrown by `assertWithinLimits`: `field` names what is too large (e.g. 'lines.2', 'total_due'). */
export class InvoiceLimitError extends InvoiceMathError {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

function big(n: number, what: string): bigint {
  if (!Number.isSafeInteger(n)) throw new InvoiceMathError(`${what} must be a whole number of minor units`);
  return BigInt(n);
}

/** a / b rounded half away from zero (b ≠ 0), in exact integer arithmetic. */
export function divRoundBig(a: bigint, b: bigint): bigint {
  if (b === 0n) throw new InvoiceMathError('division by zero');
  const neg = a < 0n !== b < 0n;
  const absA = a < 0n ? -a : a;
  const absB = b < 0n ? -b : b;
  let q = absA / absB;
  if ((absA % absB) * 2n >= absB) q += 1n;
  return neg ? -q : q;
}

/** a / b rounded half away from zero (b ≠ 0), as a number. */
export function divRound(a: bigint, b: bigint): number {
  return Number(divRoundBig(a, b));
}

/**
 * A quantity with up to 3 decimals as integer thousandths (1.5 → 1500). Throws for more decimals.
 * milli / 1000 is the double nearest to the decimal milli/1000, so comparing it with the quantity is exact
 * at any size (an absolute tolerance refused real quantities like 34045170.674).
 */
export function quantityToMilli(quantity: number): number {
  const milli = Math.round(quantity * 1000);
  if (!Number.isFinite(quantity) || !Number.isSafeInteger(milli) || milli / 1000 !== quantity) {
    throw new InvoiceMathError('Quantity may have at most 3 decimals');
  }
  return milli;
}

/** True when the quantity has at most 3 decimals (used by the zod schemas). */
export function hasAtMost3Decimals(quantity: number): boolean {
  if (!Number.isFinite(quantity)) return false;
  const milli = Math.round(quantity * 1000);
  return Number.isSafeInteger(milli) && milli / 1000 === quantity;
}

/** round(quantity × unit_price) in minor units, exact. */
export function lineAmountBig(quantity: number, unitPrice: number): bigint {
  return divRoundBig(BigInt(quantityToMilli(quantity)) * big(unitPrice, 'The unit price'), 1000n);
}

/** round(quantity × unit_price) in minor units (a number: check the limit with lineWithinLimit first). */
export function lineAmount(quantity: number, unitPrice: number): number {
  return Number(lineAmountBig(quantity, unitPrice));
}

/** True when round(quantity × unit_price) is within MAX_INVOICE_AMOUNT (for editors and schemas). */
export function lineWithinLimit(quantity: number, unitPrice: number): boolean {
  try {
    return lineAmountBig(quantity, unitPrice) <= MAX_BIG;
  } catch {
    return true; // not a number the maths takes: the schema's other rules say why
  }
}

function allocateAmountDiscount(lines: Array<{ id: string; amount: bigint }>, discount: bigint, subtotal: bigint): Map<string, bigint> {
  const shares = new Map<string, bigint>();
  if (subtotal <= 0n || discount <= 0n) {
    for (const l of lines) shares.set(l.id, 0n);
    return shares;
  }
  const parts = lines.map((l) => {
    const exact = discount * l.amount;
    return { id: l.id, amount: l.amount, floor: exact / subtotal, rem: exact % subtotal };
  });
  let left = discount - parts.reduce((s, p) => s + p.floor, 0n);
  const cmp = (a: bigint, b: bigint) => (a > b ? 1 : a < b ? -1 : 0);
  const order = [...parts].sort((a, b) =>
    a.rem === b.rem ? (a.amount === b.amount ? (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) : cmp(b.amount, a.amount)) : a.rem > b.rem ? -1 : 1,
  );
  for (const p of order) {
    shares.set(p.id, p.floor + (left > 0n ? 1n : 0n));
    if (left > 0n) left -= 1n;
  }
  return shares;
}

/** Floor of a / b for b > 0, toward −∞. */
function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n ? q - 1n : q;
}

/**
 * A percentage fee rounded once on its total (t22 V1): each line's exact part is num / den (den = the product of the
 * lines' distinct denominators, so parts with different inclusive rates add exactly); the total is round(Σ num / den)
 * and each line gets the floor of its part plus one unit for the largest remainders (ties by line id) until the
 * parts add up to the total.
 */
function shareRoundedOnTotal(parts: Array<{ id: string; num: bigint; den: bigint }>): Map<string, bigint> {
  const shares = new Map<string, bigint>();
  if (!parts.length) return shares;
  const dens = [...new Set(parts.map((p) => p.den))];
  const den = dens.reduce((d, x) => d * x, 1n);
  const scaled = parts.map((p) => ({ id: p.id, num: p.num * (den / p.den) }));
  const total = divRoundBig(
    scaled.reduce((s, p) => s + p.num, 0n),
    den,
  );
  const floors = scaled.map((p) => ({ id: p.id, floor: floorDiv(p.num, den), rem: p.num - floorDiv(p.num, den) * den }));
  let left = total - floors.reduce((s, p) => s + p.floor, 0n);
  const order = [...floors].sort((a, b) => (a.rem === b.rem ? (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) : a.rem > b.rem ? -1 : 1));
  for (const p of order) {
    const extra = left > 0n ? 1n : 0n;
    shares.set(p.id, p.floor + extra);
    left -= extra;
  }
  return shares;
}

/**
 * h155: the taxes on a percentage fee flagged `taxes_round_on: 'total'` (a 10 % service charge subject to VAT), for
 * each of them rounded on its total (`round_on: 'total'`), are worked out once on the exact sum of the fee's parts over
 * the lines and shared over them by largest remainder (ties by line id), as the VAT on the lines is: each line's VAT
 * on its part of the fee stays within one minor unit of its own exact figure and the parts add up to the total.
 */
function taxesOnFeesOnTotal(taxed: ExactTaxedFee[], feeById: ReadonlyMap<string, InvoiceFeeInput>): void {
  const groups = new Map<string, Array<{ at: number; index: number; id: string; num: bigint; den: bigint }>>();
  taxed.forEach((t, at) => {
    const fee = feeById.get(t.fee_id);
    if (t.line_id === null || fee?.calculation !== 'percentage' || fee.taxes_round_on !== 'total') return;
    t.exact.forEach((p, index) => {
      if (feeById.get(p.fee_id)?.round_on !== 'total') return;
      const key = `${t.fee_id}\u0000${p.fee_id}`;
      groups.set(key, [...(groups.get(key) ?? []), { at, index, id: t.line_id!, num: p.num, den: p.den }]);
    });
  });
  const amounts = taxed.map((t) => t.taxes.map((x) => x.amount));
  for (const parts of groups.values()) {
    const shares = shareRoundedOnTotal(parts);
    for (const p of parts) amounts[p.at]![p.index] = shares.get(p.id)!;
  }
  if (groups.size) taxed.forEach((t, at) => (taxed[at] = withTaxAmounts(t, amounts[at]!)));
}

const minBig = (a: bigint, b: bigint) => (a < b ? a : b);
const maxBig = (a: bigint, b: bigint) => (a > b ? a : b);

/** The totals in exact BigInt, before they become numbers. */
interface ExactTotals {
  lines: Array<{ id: string; amount: bigint; discount: bigint; net: bigint; fees: Array<{ fee_id: string; amount: bigint }> }>;
  taxed_fees: ExactTaxedFee[];
  subtotal: bigint;
  discount_total: bigint;
  feeSums: Map<string, bigint>;
  applied: Set<string>;
  exclusive_total: bigint;
  tax_total: bigint;
  fee_total: bigint;
  total_due: bigint;
  amount_paid: bigint;
  test_paid: bigint;
}

function computeExact(input: InvoiceMathInput): ExactTotals {
  const fees = input.fees ?? [];
  const feeById = new Map(fees.map((f) => [f.id, f]));
  const invoiceFeeIds = [...new Set(input.fee_ids ?? [])];
  for (const id of invoiceFeeIds) if (!feeById.has(id)) throw new InvoiceMathError(`Unknown fee ${id}`);
  const seenLineIds = new Set<string>();

  const base = input.lines.map((l) => {
    if (seenLineIds.has(l.id)) throw new InvoiceMathError(`Duplicate line id ${l.id}`);
    seenLineIds.add(l.id);
    const rest = l.credit_rest ?? null;
    return { id: l.id, amount: rest ? big(rest.amount, 'A line amount') : lineAmountBig(l.quantity, l.unit_price), fee_ids: l.fee_ids ?? [], rest };
  });
  const subtotal = base.reduce((s, l) => s + l.amount, 0n);
  // A credit note's last-of-a-line parts are kept as they are; an amount discount is shared over the other lines.
  const restDiscount = base.reduce((s, l) => s + (l.rest ? big(l.rest.discount, 'A line discount') : 0n), 0n);

  const discount = input.discount ?? null;
  let discountOf: (l: { id: string; amount: bigint }) => bigint = () => 0n;
  if (discount && discount.type === 'percentage') {
    const bps = BigInt(Math.min(Math.max(Math.trunc(discount.value), 0), 10_000));
    if (discount.round_on === 'total') {
      // t18 Z2: rounded once on the subtotal (10% of R824.72 is R82.47, as a customer checks it by hand), then shared
      // over the lines like an amount, so each line's VAT has its part.
      const shares = allocateAmountDiscount(base, divRoundBig(subtotal * bps, 10_000n), subtotal);
      discountOf = (l) => shares.get(l.id) ?? 0n;
    } else discountOf = (l) => divRoundBig(l.amount * bps, 10_000n);
  } else if (discount && discount.type === 'amount') {
    const others = base.filter((l) => !l.rest);
    const othersSubtotal = others.reduce((s, l) => s + l.amount, 0n);
    const shared = minBig(maxBig(minBig(big(discount.value, 'The discount'), subtotal) - restDiscount, 0n), othersSubtotal);
    const shares = allocateAmountDiscount(others, shared, othersSubtotal);
    discountOf = (l) => shares.get(l.id) ?? 0n;
  }

  const feeSums = new Map<string, bigint>();
  const applied = new Set<string>();
  const add = (feeId: string, amount: bigint) => {
    feeSums.set(feeId, (feeSums.get(feeId) ?? 0n) + amount);
    applied.add(feeId);
  };
  const bpsOf = (f: InvoiceFeeInput) => big(f.percentage_bps, 'A fee percentage');
  const taxed_fees: ExactTaxedFee[] = [];
  const taxFee = (fee: InvoiceFeeInput, amount: bigint, lineId: string | null, where: string[]) => {
    const t = taxFeeExact(fee, amount, lineId, where, feeById);
    if (t) taxed_fees.push(t);
  };

  const prepared = base.map((l) => {
    const lineDiscount = l.rest ? big(l.rest.discount, 'A line discount') : discountOf(l);
    const restFee = new Map((l.rest?.fees ?? []).map((f) => [f.fee_id, big(f.amount, 'A fee amount')]));
    const net = l.amount - lineDiscount;
    for (const id of l.fee_ids) if (!feeById.has(id)) throw new InvoiceMathError(`Unknown fee ${id}`);
    const lineFeeIds = [...new Set(l.fee_ids)];
    const pctIds = [...new Set([...lineFeeIds, ...invoiceFeeIds])].filter((id) => feeById.get(id)!.calculation === 'percentage');
    const inclusiveBps = pctIds.reduce((s, id) => s + (feeById.get(id)!.inclusive ? bpsOf(feeById.get(id)!) : 0n), 0n);
    return { l, lineDiscount, restFee, net, lineFeeIds, pctIds, inclusiveBps };
  });
  // t22 V1: each percentage fee rounded on its total is worked out once over the lines it applies to (a credit note's
  // last-of-a-line parts are kept as they are and left out).
  const onTotal = new Map<string, Map<string, bigint>>();
  for (const fee of fees) {
    if (fee.calculation !== 'percentage' || fee.round_on !== 'total' || !feeById.has(fee.id) || onTotal.has(fee.id)) continue;
    const parts = prepared
      .filter((p) => p.pctIds.includes(fee.id) && !p.restFee.has(fee.id))
      .map((p) => ({ id: p.l.id, num: p.net * bpsOf(fee), den: fee.inclusive ? 10_000n + p.inclusiveBps : 10_000n }));
    onTotal.set(fee.id, shareRoundedOnTotal(parts));
  }

  const lines = prepared.map(({ l, lineDiscount, restFee, net, lineFeeIds, pctIds, inclusiveBps }) => {
    const lineFees: Array<{ fee_id: string; amount: bigint }> = [];
    for (const id of pctIds) {
      const fee = feeById.get(id)!;
      const amount =
        restFee.get(id) ??
        onTotal.get(id)?.get(l.id) ??
        (fee.inclusive ? divRoundBig(net * bpsOf(fee), 10_000n + inclusiveBps) : divRoundBig(net * bpsOf(fee), 10_000n));
      lineFees.push({ fee_id: id, amount });
      add(id, amount);
      taxFee(fee, amount, l.id, pctIds);
    }
    // Fixed fees chosen on the line apply once to that line (unless also chosen for the whole invoice).
    for (const id of lineFeeIds) {
      const fee = feeById.get(id)!;
      if (fee.calculation !== 'fixed' || invoiceFeeIds.includes(id)) continue;
      const fixed = big(fee.amount, 'A fee amount');
      const amount = fee.inclusive ? minBig(fixed, maxBig(net, 0n)) : fixed;
      lineFees.push({ fee_id: id, amount });
      add(id, amount);
      taxFee(fee, amount, l.id, pctIds);
    }
    return { id: l.id, amount: l.amount, discount: lineDiscount, net, fees: lineFees };
  });

  const discount_total = lines.reduce((s, l) => s + l.discount, 0n);
  const netTotal = subtotal - discount_total;
  for (const id of invoiceFeeIds) {
    const fee = feeById.get(id)!;
    if (fee.calculation !== 'fixed') continue;
    const fixed = big(fee.amount, 'A fee amount');
    const amount = fee.inclusive ? minBig(fixed, maxBig(netTotal, 0n)) : fixed;
    add(id, amount);
    taxFee(fee, amount, null, invoiceFeeIds);
  }
  taxesOnFeesOnTotal(taxed_fees, feeById);
  for (const t of taxed_fees) for (const x of t.taxes) add(x.fee_id, x.amount);
  let tax_total = 0n;
  let fee_total = 0n;
  let exclusive_total = 0n;
  for (const f of fees) {
    if (!applied.has(f.id)) continue;
    const amount = feeSums.get(f.id) ?? 0n;
    if (f.kind === 'fee') fee_total += amount;
    else tax_total += amount;
    if (!f.inclusive) exclusive_total += amount;
  }
  let amount_paid = 0n;
  let test_paid = 0n;
  for (const p of input.payments ?? []) {
    if (p.test === true) test_paid += big(p.amount, 'A payment');
    else amount_paid += big(p.amount, 'A payment');
  }
  const total_due = netTotal + exclusive_total;
  return { lines, taxed_fees, subtotal, discount_total, feeSums, applied, exclusive_total, tax_total, fee_total, total_due, amount_paid, test_paid };
}

/** The limit in words, worked out once (toLocaleString on every invoice written cost ~20 µs each, issue 27). */
const LIMIT_WORDS = `the most an invoice can hold (${(MAX_INVOICE_AMOUNT / 100).toLocaleString('en-US')} in major units)`;

/**
 * Throws an InvoiceLimitError when any amount of the invoice (a line, a fee, a total, what was paid) is
 * above MAX_INVOICE_AMOUNT, computed exactly: call it before storing an invoice.
 */
export function assertWithinLimits(input: InvoiceMathInput): void {
  const t = computeExact(input);
  const limit = LIMIT_WORDS;
  t.lines.forEach((l, i) => {
    if (l.amount > MAX_BIG) throw new InvoiceLimitError(`lines.${i}`, `Line ${i + 1}: quantity × price is more than ${limit}`);
  });
  for (const [id, amount] of t.feeSums) if (amount > MAX_BIG) throw new InvoiceLimitError('fees', `The fee ${id} comes to more than ${limit}`);
  const totals: Array<[string, bigint, string]> = [
    ['subtotal', t.subtotal, 'The subtotal'],
    ['tax_total', t.tax_total, 'The taxes'],
    ['fee_total', t.fee_total, 'The fees'],
    ['total_due', t.total_due, 'The total'],
    ['payments', t.amount_paid + t.test_paid, 'The payments'],
  ];
  for (const [field, amount, label] of totals)
    if (amount > MAX_BIG) throw new InvoiceLimitError(field, `${label} come${label.endsWith('s') ? '' : 's'} to more than ${limit}`);
}

/** Computes every amount of an invoice from its lines, fees, discount and payments (exactly, then as numbers). */
export function computeInvoiceTotals(input: InvoiceMathInput): InvoiceTotals {
  const t = computeExact(input);
  const fees = input.fees ?? [];
  const feeTotals: FeeTotal[] = fees
    .filter((f) => t.applied.has(f.id))
    .map((f) => ({
      fee_id: f.id,
      name: f.name,
      kind: f.kind,
      inclusive: f.inclusive,
      percentage_bps: f.calculation === 'percentage' ? f.percentage_bps : null,
      amount: Number(t.feeSums.get(f.id) ?? 0n),
      ...(t.taxed_fees.some((x) => x.fee_id === f.id) ? { subject_to_tax: true as const } : {}),
    }));
  const credited = big(input.credited ?? 0, 'The credited amount');
  const balance = maxBig(0n, t.total_due - t.amount_paid - credited);
  const credit = maxBig(0n, t.amount_paid - maxBig(0n, t.total_due - credited));
  return {
    lines: t.lines.map((l) => ({
      id: l.id,
      amount: Number(l.amount),
      discount: Number(l.discount),
      net: Number(l.net),
      fees: l.fees.map((f) => ({ fee_id: f.fee_id, amount: Number(f.amount) })),
    })),
    taxed_fees: t.taxed_fees.map((f) => ({
      fee_id: f.fee_id,
      line_id: f.line_id,
      amount: Number(f.amount),
      base: Number(f.base),
      taxes: f.taxes.map((x) => ({ fee_id: x.fee_id, amount: Number(x.amount) })),
    })),
    subtotal: Number(t.subtotal),
    discount_total: Number(t.discount_total),
    fees: feeTotals,
    tax_total: Number(t.tax_total),
    fee_total: Number(t.fee_total),
    exclusive_total: Number(t.exclusive_total),
    inclusive_total: Number(t.tax_total + t.fee_total - t.exclusive_total),
    total_due: Number(t.total_due),
    amount_paid: Number(t.amount_paid),
    test_paid: Number(t.test_paid),
    balance: Number(balance),
    credit: Number(credit),
  };
}

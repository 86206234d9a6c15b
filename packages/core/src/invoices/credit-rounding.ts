/**
 * Credit notes of a document rounded to whole units (t24 F1): a counter sale of KSh4,050.50 paid KSh4,050.00 after
 * "Round down" (M-Pesa takes whole shillings). A credit note for one bag of cement credits its price, KSh850, not a
 * share of the 0.50 rounding (KSh849.89, cents nobody can pay back by M-Pesa or in cash): the rounding stays with the
 * sale, and a credit note takes off only what brings its own total down to whole units (the paint at KSh2,350.50 comes
 * back as KSh2,350.00). The credit note that completes the document takes the exact remainder, so the credit notes never
 * take more than the document's total and together reach it exactly (each tax included).
 *
 * Documents without a rounding part keep the rules of credit-notes.ts (proportional shares, t19 N8 rests).
 */
import {
  computeInvoiceTotals,
  type CreditRest,
  divRound,
  type InvoiceDiscount,
  type InvoiceLineInput,
  type InvoiceMathInput,
  quantityToMilli,
} from '../amounts/math';
import { minorDigits } from '../constants/currencies';
import { discountRows } from '../mpesa/rounding';

// credit-notes.ts's CreditSource, CreditNoteData and PriorCredit as far as read here (it imports this file).
type CreditSource = InvoiceMathInput & { currency: string; discount: InvoiceDiscount | null };
type CreditNoteData = CreditSource & { lines: InvoiceLineInput[] };
type CreditableLine = InvoiceLineInput;
interface PriorCredit {
  total_due: number;
  discount_total: number;
  discount?: InvoiceDiscount | null;
}

/** The rounding part (minor units) of the document's discount; 0 when it was not rounded to whole units. */
export function documentRounding(original: CreditSource): number {
  if (original.discount?.type !== 'amount') return 0;
  return discountRows(original.discount, computeInvoiceTotals(original).discount_total).rounding;
}

/** The rounding the earlier credit notes took (their stored discount's rounding part). */
function priorRounding(prior: PriorCredit[]): number {
  return prior.reduce((s, p) => s + discountRows(p.discount as Parameters<typeof discountRows>[0], p.discount_total).rounding, 0);
}

const discountOf = (value: number, rounding: number): InvoiceDiscount | null =>
  value > 0 ? ({ type: 'amount', value, rounding: Math.max(0, Math.min(rounding, value)) } as InvoiceDiscount) : null;

/**
 * A credit note that does not complete the document: its lines at their quantities (no t19 rests, which would pin a
 * share of the rounding on a finished line), the owner's own discount in proportion, and the least rounding that makes
 * its total whole units and no more than what remains (none when its total is whole already); when none does (what
 * remains is less than a unit), the proportional credit note as built (`data`).
 */
export function wholeUnitsPart<D extends CreditNoteData>(original: CreditSource, prior: PriorCredit[], data: D, rounding: number): D {
  const lines: CreditableLine[] = data.lines.map(({ credit_rest: _rest, ...l }) => l);
  const owner = computeInvoiceTotals(original).discount_total - rounding;
  const ownerShares = new Map(
    computeInvoiceTotals({ ...original, discount: owner > 0 ? { type: 'amount', value: owner } : null }).lines.map((l) => [l.id, l.discount]),
  );
  const unit = 10 ** minorDigits(original.currency);
  let value = 0;
  for (const l of lines) {
    const whole = original.lines.find((o) => o.id === l.id)!;
    value += divRound(BigInt(ownerShares.get(l.id) ?? 0) * BigInt(quantityToMilli(l.quantity)), BigInt(quantityToMilli(whole.quantity)));
  }
  const remaining = computeInvoiceTotals(original).total_due - prior.reduce((s, p) => s + p.total_due, 0);
  const subtotal = computeInvoiceTotals({ ...data, lines, discount: null }).subtotal;
  // Down to whole units (never more back than the price), even past the rounding left on the document (2 × soap at
  // KSh50.60 sold for KSh101: one back is KSh50, the last KSh51): the last credit note takes the exact remainder.
  for (let r = 0; r <= 2 * unit && value + r <= subtotal; r++) {
    const candidate = { ...data, lines, discount: discountOf(value + r, r) };
    const total = computeInvoiceTotals(candidate).total_due;
    if (total % unit === 0 && total <= remaining) return candidate;
  }
  // No whole total within what remains (a rounding as large as what is left): the shares in proportion, as before.
  return data;
}

/**
 * The credit note that completes the document: each line takes what is left of it (t19 N8), and what is left of the
 * lines earlier credit notes finished (their rounding share and tax cents, wholeUnitsPart) comes back on its first
 * line, so all credit notes add up to the document exactly.
 */
export function wholeUnitsLast<D extends CreditNoteData>(
  original: CreditSource,
  prior: PriorCredit[],
  data: D,
  rests: Map<string, CreditRest>,
  rounding: number,
): D {
  const inNote = new Set(data.lines.map((l) => l.id));
  const extra: CreditRest = { amount: 0, discount: 0, fees: [] };
  for (const [id, rest] of rests) {
    if (inNote.has(id)) continue;
    extra.amount += rest.amount;
    extra.discount += rest.discount;
    for (const f of rest.fees) {
      const had = extra.fees.find((x) => x.fee_id === f.fee_id);
      if (had) had.amount += f.amount;
      else extra.fees.push({ ...f });
    }
  }
  const lines = data.lines.map((l, i) => {
    if (i !== 0 || !l.credit_rest) return l;
    const r = l.credit_rest;
    const fees = r.fees.map((f) => ({ ...f, amount: f.amount + (extra.fees.find((x) => x.fee_id === f.fee_id)?.amount ?? 0) }));
    return { ...l, credit_rest: { amount: r.amount + extra.amount, discount: r.discount + extra.discount, fees } };
  });
  const value = lines.reduce((s, l) => s + (l.credit_rest?.discount ?? 0), 0);
  return { ...data, lines, discount: discountOf(value, rounding - priorRounding(prior)) };
}

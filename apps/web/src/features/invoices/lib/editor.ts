import {
  assertWithinLimits,
  checkRule,
  type InvoiceDiscount,
  type RoundingDiscount,
  type InvoiceFeeInput,
  type InvoiceTotals,
  invoiceConsistencyErrors,
  invoiceLineSchema,
  isMoney,
  lineWithinLimit,
  minorDigits,
  minorToInput,
  paidAboveTotal,
  parseMoney,
  parsePercentBps,
  parseQuantityText,
} from '@duka/core';
import { parseRate } from '../../../ui/exchangeRate';
import { type Invoice, type InvoiceLine, totalsOf } from './model';

/** A line as typed: quantity and price stay text until they are valid. */
export interface EditorLine {
  id: string;
  catalog_id: string | null;
  description: string;
  qty: string;
  price: string;
  fee_ids: string[];
}

export interface EditorState {
  contact_id: string | null;
  issue_date: string;
  due_date: string | null;
  currency: string;
  lines: EditorLine[];
  /** Fee snapshots available to this invoice (chosen or not). */
  fees: InvoiceFeeInput[];
  fee_ids: string[];
  discountType: 'percentage' | 'amount';
  discountText: string;
  /**
   * The whole-shillings rounding in the amount discount (core's wholeShillingsDiscount), with the text it was made for:
   * kept while the discount still reads that text, so it is saved and shown as "Rounding"; an edited discount is the owner's.
   */
  discountRounding?: { text: string; rounding: number } | null;
  notes: string;
  terms: string;
  payment_instructions: string;
  /** Part payments online: this invoice's own say; null follows the invoice settings (issue 23 item 10). */
  part_payments?: boolean | null;
  /**
   * An invoice in another currency than the business's (t19 N5): the exchange rate as typed (units of the business's
   * currency for one of the invoice's); its VAT is declared in the business's currency at this rate.
   */
  rateText?: string;
}

/** '1.5' → 1.5; null when core's line rule refuses it (not > 0, more than 3 decimals, over the limit). */
export const parseQuantity = parseQuantityText;

/** '7.5' (%) → 750 basis points; null when not 0–100 with at most 2 decimals (core's rule, the same as the server's). */
export { parsePercentBps };

export function toEditorLine(l: InvoiceLine, currency = 'NGN'): EditorLine {
  return {
    id: l.id,
    catalog_id: l.catalog_id ?? null,
    description: l.description,
    qty: String(l.quantity),
    price: minorToInput(l.unit_price, currency),
    fee_ids: l.fee_ids ?? [],
  };
}

export function toEditorState(inv: Invoice): EditorState {
  const d = inv.discount;
  return {
    contact_id: inv.contact_id,
    issue_date: inv.issue_date,
    due_date: inv.due_date,
    currency: inv.currency,
    lines: inv.lines.map((l) => toEditorLine(l, inv.currency)),
    fees: inv.fees,
    fee_ids: inv.fee_ids,
    discountType: d?.type ?? 'percentage',
    discountText: !d || d.value === 0 ? '' : d.type === 'percentage' ? String(d.value / 100) : minorToInput(d.value, inv.currency),
    discountRounding: d?.type === 'amount' && d.rounding ? { text: minorToInput(d.value, inv.currency), rounding: d.rounding } : null,
    notes: inv.notes,
    terms: inv.terms,
    payment_instructions: inv.payment_instructions,
    part_payments: inv.part_payments ?? null,
    rateText: inv.exchange_rate ? String(inv.exchange_rate) : '',
  };
}

export { parseRate };

/** Lines as the maths reads them; a line still being typed counts as 0. */
export function mathLines(state: EditorState): InvoiceLine[] {
  return state.lines.map((l) => ({
    id: l.id,
    catalog_id: l.catalog_id,
    description: l.description.trim(),
    quantity: parseQuantityText(l.qty) ?? 0,
    unit_price: parseMoney(l.price, minorDigits(state.currency)) ?? 0,
    fee_ids: l.fee_ids.filter((id) => state.fees.some((f) => f.id === id)),
  }));
}

export function editorDiscount(state: EditorState): InvoiceDiscount | RoundingDiscount | null {
  if (state.discountText.trim() === '') return null;
  if (state.discountType === 'percentage') {
    const bps = parsePercentBps(state.discountText);
    // Rounded once on the subtotal (t18 Z2): 10% of R824.72 is R82.47, as the customer checks it.
    return bps ? { type: 'percentage', value: bps, round_on: 'total' } : null;
  }
  const amount = parseMoney(state.discountText, minorDigits(state.currency));
  if (!amount) return null;
  const r = state.discountRounding;
  return r && r.text === state.discountText && r.rounding > 0
    ? { type: 'amount', value: amount, rounding: Math.min(r.rounding, amount) }
    : { type: 'amount', value: amount };
}

/** Only the fees in use are kept on the invoice. */
function usedFees(state: EditorState): InvoiceFeeInput[] {
  const used = new Set([...state.fee_ids, ...state.lines.flatMap((l) => l.fee_ids)]);
  return state.fees.filter((f) => used.has(f.id));
}

/** The form as core's invoice maths reads it (totals, wholeShillingsDiscount). */
export function editorMathInput(state: EditorState, payments: Invoice['payments'] = []) {
  return { lines: mathLines(state), fees: usedFees(state), fee_ids: state.fee_ids, discount: editorDiscount(state), payments };
}

/** Live totals with core maths (the same code the server checks with). */
export function editorTotals(state: EditorState, payments: Invoice['payments'] = []): InvoiceTotals {
  return totalsOf(editorMathInput(state, payments));
}

export type EditorErrors = Record<string, string>;

/**
 * The editor's fields checked with core's invoice rules (the ones the server applies: line, money, due date,
 * totals, paid within the total); core's codes become the editor's strings keys.
 * Keys: contact, lines, line.{id}.description|qty|price, discount, due_date, total.
 */
export function validateEditor(state: EditorState, payments: Invoice['payments'] = [], home?: string): EditorErrors {
  const e: EditorErrors = {};
  // An invoice in another currency asks for its exchange rate (t19 N5): its VAT is declared in the home currency.
  if (home && state.currency !== home && parseRate(state.rateText) === null) e.rate = state.rateText?.trim() ? 'rateInvalid' : 'rateRequired';
  if (!state.contact_id) e.contact = 'clientRequired';
  // The editor asks for at least one line before saving (the server keeps a draft without any).
  if (state.lines.length === 0) e.lines = 'linesRequired';
  for (const l of state.lines) {
    const description = checkRule(invoiceLineSchema.shape.description, l.description);
    if (description) e[`line.${l.id}.description`] = description.code === 'required' ? 'descriptionRequired' : 'textInvalid';
    const qty = parseQuantityText(l.qty);
    if (qty === null) e[`line.${l.id}.qty`] = 'quantityInvalid';
    const price = parseMoney(l.price, minorDigits(state.currency));
    if (price === null || !isMoney(price)) e[`line.${l.id}.price`] = 'priceInvalid';
    else if (qty !== null && !lineWithinLimit(qty, price)) e[`line.${l.id}.price`] = 'amountTooLarge';
  }
  if (!Object.keys(e).length) {
    // The same limit the server applies to every total (exact, in BigInt).
    try {
      assertWithinLimits({ lines: mathLines(state), fees: usedFees(state), fee_ids: state.fee_ids, discount: editorDiscount(state) });
    } catch {
      e.lines = 'totalTooLarge';
    }
  }
  if (state.discountText.trim() !== '') {
    if (state.discountType === 'percentage') {
      if (parsePercentBps(state.discountText) === null) e.discount = 'percentInvalid';
    } else {
      const amount = parseMoney(state.discountText, minorDigits(state.currency));
      const subtotal = editorTotals({ ...state, discountText: '' }).subtotal;
      if (amount === null || amount > subtotal) e.discount = 'discountInvalid';
    }
  }
  if (invoiceConsistencyErrors({ issue_date: state.issue_date, due_date: state.due_date, lines: [], fees: [], fee_ids: [] }).due_date)
    e.due_date = 'dueBeforeIssue';
  // A part-paid invoice may be edited while what was paid stays within the new total (issue 14; the server checks too).
  if (payments.length && !Object.keys(e).length && paidAboveTotal(editorTotals(state, payments), state.currency)) e.total = 'totalBelowPaid';
  return e;
}

/** The invoice to store from the editor (totals are recomputed by saveInvoice). */
export function applyEditor(base: Invoice, state: EditorState): Invoice {
  return {
    ...base,
    contact_id: state.contact_id,
    issue_date: state.issue_date,
    due_date: state.due_date,
    currency: state.currency,
    lines: mathLines(state),
    fees: usedFees(state),
    fee_ids: state.fee_ids,
    discount: editorDiscount(state),
    notes: state.notes,
    terms: state.terms,
    payment_instructions: state.payment_instructions,
    part_payments: state.part_payments ?? null,
    exchange_rate: parseRate(state.rateText),
  };
}

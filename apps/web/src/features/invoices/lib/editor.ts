import {
  assertWithinLimits,
  type InvoiceDiscount,
  type InvoiceFeeInput,
  type InvoiceTotals,
  INVOICE_LIMITS,
  lineWithinLimit,
  minorDigits,
  minorToInput,
  parseMoney,
  parsePercentBps,
  textProblem,
} from '@duka/core';
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
  notes: string;
  terms: string;
  payment_instructions: string;
  /** Part payments online: this invoice's own say; null follows the invoice settings (issue 23 item 10). */
  part_payments?: boolean | null;
}

const QTY = /^\d{1,10}(\.\d{0,3})?$/;

/** '1.5' → 1.5; null when not a positive quantity with at most 3 decimals. */
export function parseQuantity(text: string): number | null {
  const t = text.trim().replace(/,/g, '');
  if (!QTY.test(t)) return null;
  const n = Number(t);
  return n > 0 && n <= INVOICE_LIMITS.maxQuantity ? n : null;
}

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
    notes: inv.notes,
    terms: inv.terms,
    payment_instructions: inv.payment_instructions,
    part_payments: inv.part_payments ?? null,
  };
}

/** Lines as the maths reads them; a line still being typed counts as 0. */
export function mathLines(state: EditorState): InvoiceLine[] {
  return state.lines.map((l) => ({
    id: l.id,
    catalog_id: l.catalog_id,
    description: l.description.trim(),
    quantity: parseQuantity(l.qty) ?? 0,
    unit_price: parseMoney(l.price, minorDigits(state.currency)) ?? 0,
    fee_ids: l.fee_ids.filter((id) => state.fees.some((f) => f.id === id)),
  }));
}

export function editorDiscount(state: EditorState): InvoiceDiscount | null {
  if (state.discountText.trim() === '') return null;
  if (state.discountType === 'percentage') {
    const bps = parsePercentBps(state.discountText);
    return bps ? { type: 'percentage', value: bps } : null;
  }
  const amount = parseMoney(state.discountText, minorDigits(state.currency));
  return amount ? { type: 'amount', value: amount } : null;
}

/** Only the fees in use are kept on the invoice. */
function usedFees(state: EditorState): InvoiceFeeInput[] {
  const used = new Set([...state.fee_ids, ...state.lines.flatMap((l) => l.fee_ids)]);
  return state.fees.filter((f) => used.has(f.id));
}

/** Live totals with core maths (the same code the server checks with). */
export function editorTotals(state: EditorState, payments: Invoice['payments'] = []): InvoiceTotals {
  return totalsOf({ lines: mathLines(state), fees: usedFees(state), fee_ids: state.fee_ids, discount: editorDiscount(state), payments });
}

export type EditorErrors = Record<string, string>;

/** Keys: contact, lines, line.{id}.description|qty|price, discount, due_date. Messages are i18n keys. */
export function validateEditor(state: EditorState, payments: Invoice['payments'] = []): EditorErrors {
  const e: EditorErrors = {};
  if (!state.contact_id) e.contact = 'clientRequired';
  if (state.lines.length === 0) e.lines = 'linesRequired';
  for (const l of state.lines) {
    if (!l.description.trim()) e[`line.${l.id}.description`] = 'descriptionRequired';
    else if (textProblem(l.description, true)) e[`line.${l.id}.description`] = 'textInvalid';
    const qty = parseQuantity(l.qty);
    if (qty === null) e[`line.${l.id}.qty`] = 'quantityInvalid';
    const price = parseMoney(l.price, minorDigits(state.currency));
    if (price === null || price > INVOICE_LIMITS.maxMoney) e[`line.${l.id}.price`] = 'priceInvalid';
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
  if (state.due_date && state.due_date < state.issue_date) e.due_date = 'dueBeforeIssue';
  // A part-paid invoice may be edited while what was paid stays within the new total (issue 14; the server checks too).
  if (payments.length && !Object.keys(e).length) {
    const totals = editorTotals(state, payments);
    if (totals.amount_paid > totals.total_due) e.total = 'totalBelowPaid';
  }
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
  };
}

/**
 * What is left of an invoice's lines after its earlier credit notes (t19 N8), for the credit note that takes the last
 * of a line: that line's amount, discount and percentage fees less what earlier credit notes took of them, kept as they
 * are (not re-rounded), so all credit notes of an invoice add up to it exactly (its total and each tax).
 */
import { computeInvoiceTotals, type CreditRest, type InvoiceDiscount, type InvoiceFeeInput, type InvoiceLineInput } from '../amounts/math';

/** An earlier credit note as stored: its lines (as stored, or at least ids and quantities), its discount and taxes. */
export interface PriorCreditParts {
  lines: Array<{ id: string; quantity: number } & Partial<Pick<InvoiceLineInput, 'unit_price' | 'fee_ids' | 'credit_rest'>>>;
  discount_total: number;
  /** The credit note's own discount (stored); left out: the invoice's percentage, or discount_total as an amount. */
  discount?: InvoiceDiscount | null;
}

interface Original {
  lines: InvoiceLineInput[];
  fees: InvoiceFeeInput[];
  fee_ids: string[];
  discount: InvoiceDiscount | null;
}

const percentageIds = (fees: InvoiceFeeInput[], ids: string[]) => {
  const pct = new Set(fees.filter((f) => f.calculation === 'percentage').map((f) => f.id));
  return ids.filter((id) => pct.has(id));
};

/** The parts one earlier credit note took of each invoice line (amount, discount, percentage fees). */
function partsOf(original: Original, cn: PriorCreditParts): Map<string, CreditRest> {
  const byId = new Map(original.lines.map((l) => [l.id, l]));
  const lines = cn.lines
    .filter((l) => byId.has(l.id))
    .map((l) => {
      const o = byId.get(l.id)!;
      return {
        id: l.id,
        quantity: l.quantity,
        unit_price: l.unit_price ?? o.unit_price,
        fee_ids: percentageIds(original.fees, l.fee_ids ?? o.fee_ids ?? []),
        credit_rest: l.credit_rest ?? null,
      };
    });
  let discount: InvoiceDiscount | null;
  if (cn.discount !== undefined) discount = cn.discount;
  else if (original.discount?.type === 'percentage') discount = original.discount;
  else discount = cn.discount_total > 0 ? { type: 'amount', value: cn.discount_total } : null;
  const totals = computeInvoiceTotals({ lines, fees: original.fees, fee_ids: percentageIds(original.fees, original.fee_ids), discount });
  return new Map(totals.lines.map((l) => [l.id, { amount: l.amount, discount: l.discount, fees: l.fees }]));
}

/** What is left of each invoice line (by id) after the earlier credit notes `prior`. */
export function creditRests(original: Original, prior: PriorCreditParts[]): Map<string, CreditRest> {
  const pct = new Set(original.fees.filter((f) => f.calculation === 'percentage').map((f) => f.id));
  const left = new Map<string, { amount: number; discount: number; fees: Map<string, number> }>();
  for (const l of computeInvoiceTotals(original).lines)
    left.set(l.id, { amount: l.amount, discount: l.discount, fees: new Map(l.fees.filter((f) => pct.has(f.fee_id)).map((f) => [f.fee_id, f.amount])) });
  for (const cn of prior)
    for (const [id, took] of partsOf(original, cn)) {
      const rest = left.get(id);
      if (!rest) continue;
      rest.amount -= took.amount;
      rest.discount -= took.discount;
      for (const f of took.fees) if (rest.fees.has(f.fee_id)) rest.fees.set(f.fee_id, rest.fees.get(f.fee_id)! - f.amount);
    }
  return new Map(
    [...left].map(([id, r]) => [id, { amount: r.amount, discount: r.discount, fees: [...r.fees].map(([fee_id, amount]) => ({ fee_id, amount })) }]),
  );
}

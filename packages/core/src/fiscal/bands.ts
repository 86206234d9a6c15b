import { computeInvoiceTotals, type InvoiceDiscount, type InvoiceFeeInput } from '../amounts/math';
import type { FiscalPaymentType } from './payment';
import type { BandTotal, FiscalDocument, FiscalDocumentKind, FiscalLine, TaxBand } from './types';

/**
 * Duka's taxes onto KRA eTIMS tax bands: A exempt, B 16%, C zero-rated, D non-VAT, E 8%.
 * A line with no tax is D (non-VAT); a 0% tax named "exempt" (any language: exempt, exonéré, msamaha) is A,
 * any other 0% tax C; 16% is B and 8% E. Anything else (another rate, two taxes on one line, a fixed tax)
 * has no band and is refused with a message saying what to change.
 */
export const BAND_RATES_BPS: Record<TaxBand, number> = { A: 0, B: 1600, C: 0, D: 0, E: 800 };

const EXEMPT = /exempt|exon[ée]r|msamaha/i;

export class FiscalBandError extends Error {
  override name = 'FiscalBandError';
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

/** The band of a line from the taxes on it (fees of kind 'tax'); null with a reason when none fits. */
export function taxBandOf(taxes: Array<Pick<InvoiceFeeInput, 'name' | 'calculation' | 'percentage_bps'>>): { band: TaxBand } | { band: null; reason: string } {
  if (taxes.length === 0) return { band: 'D' };
  if (taxes.length > 1) return { band: null, reason: 'has more than one tax; KRA takes one tax band per line' };
  const t = taxes[0];
  if (t.calculation !== 'percentage') return { band: null, reason: `has the fixed tax "${t.name}"; KRA takes VAT at 16%, 8% or 0% only` };
  if (t.percentage_bps === 1600) return { band: 'B' };
  if (t.percentage_bps === 800) return { band: 'E' };
  if (t.percentage_bps === 0) return { band: EXEMPT.test(t.name) ? 'A' : 'C' };
  return { band: null, reason: `has the tax "${t.name}" at ${t.percentage_bps / 100}%; KRA takes VAT at 16%, 8% or 0% only` };
}

export interface FiscalInvoiceInput {
  id: string;
  number: string;
  issue_date: string;
  currency: string;
  lines: Array<{ id: string; description: string; quantity: number; unit_price: number; fee_ids?: string[]; catalog_id?: string | null }>;
  fees?: InvoiceFeeInput[];
  fee_ids?: string[];
  discount?: InvoiceDiscount | null;
}

export interface FiscalDocumentOptions {
  kind: FiscalDocumentKind;
  fiscal_sequence: number;
  original_sequence?: number | null;
  reason_code?: string | null;
  buyer: { name: string; pin: string | null };
  /** How the document was paid when it was made (fiscalPaymentTypeOf). */
  payment_type?: FiscalPaymentType;
  /** Item classification and unit code per catalog item (from the catalog's code-list choices). */
  items?: Map<string, { item_class: string; unit_code: string; item_code?: string | null; packaging_unit?: string | null }>;
}

/**
 * The document a control unit signs, built from an invoice with Duka's own maths (so the bands add up to the
 * invoice's total to the minor unit). Throws FiscalBandError when a line's taxes have no KRA band.
 */
export function fiscalDocument(inv: FiscalInvoiceInput, opts: FiscalDocumentOptions): FiscalDocument {
  const fees = inv.fees ?? [];
  const totals = computeInvoiceTotals({ lines: inv.lines, fees, fee_ids: inv.fee_ids, discount: inv.discount });
  const feeById = new Map(fees.map((f) => [f.id, f]));
  const lines: FiscalLine[] = [];
  totals.lines.forEach((lt, i) => {
    const src = inv.lines[i];
    const applied = lt.fees.map((f) => feeById.get(f.fee_id)).filter((f): f is InvoiceFeeInput => !!f);
    const taxes = applied.filter((f) => f.kind === 'tax');
    const found = taxBandOf(taxes);
    if (!found.band) throw new FiscalBandError(i, `Line ${i + 1} (${src.description}) ${found.reason}.`);
    // A fee on this line subject to tax (t18 Z1) bears the line's tax: that tax is the line's too.
    const feeTaxes = totals.taxed_fees.filter((tf) => tf.line_id === lt.id).flatMap((tf) => tf.taxes);
    const exclusive = [...lt.fees, ...feeTaxes].reduce((s, f) => (feeById.get(f.fee_id)?.inclusive ? s : s + f.amount), 0);
    const tax = [...lt.fees, ...feeTaxes].reduce((s, f) => (feeById.get(f.fee_id)?.kind === 'tax' ? s + f.amount : s), 0);
    const taxable = lt.net + exclusive;
    // eTIMS counts prices with their tax (as VAT-inclusive prices): the price before the discount, less the discount
    // in the same terms, is the taxable amount (splyAmt − dcAmt = taxblAmt, prc × qty = splyAmt). A discount taken
    // off before a tax added on top is grossed up by that tax (KSh0.52 off 210 + 16% is KSh0.60 off 243.60).
    const discount = exclusive > 0 && lt.net > 0 ? Math.round((lt.discount * taxable) / lt.net) : lt.discount;
    const item = src.catalog_id ? opts.items?.get(src.catalog_id) : undefined;
    lines.push({
      seq: i + 1,
      name: src.description,
      quantity: src.quantity,
      unit_price: Math.round((taxable + discount) / src.quantity),
      item_class: item?.item_class ?? '',
      unit_code: item?.unit_code ?? '',
      ...(item ? { catalog_id: src.catalog_id, item_code: item.item_code ?? null, packaging_unit: item.packaging_unit ?? null } : {}),
      band: found.band,
      taxable,
      tax,
      discount,
    });
  });
  // Fixed invoice-level fees added on top (delivery, a surcharge) are a line of their own: non-VAT (band D), or, when
  // subject to tax (t18 Z1), in the band of the invoice's tax with that tax on it (KSh200 delivery + 16% is B).
  for (const id of inv.fee_ids ?? []) {
    const f = feeById.get(id);
    if (!f || f.calculation !== 'fixed' || f.inclusive) continue;
    const amount = totals.fees.find((t) => t.fee_id === id)?.amount ?? 0;
    if (!amount) continue;
    if (f.kind === 'tax') throw new FiscalBandError(-1, `The fixed tax "${f.name}" has no KRA band; KRA takes VAT at 16%, 8% or 0% only.`);
    const taxed = totals.taxed_fees.find((tf) => tf.fee_id === id && tf.line_id === null);
    if (taxed) {
      const onFee = taxed.taxes.map((x) => ({ ...x, fee: feeById.get(x.fee_id)! }));
      const found = taxBandOf(onFee.map((x) => x.fee));
      if (!found.band) throw new FiscalBandError(-1, `The fee "${f.name}" ${found.reason}.`);
      const gross = amount + onFee.reduce((s, x) => (x.fee.inclusive ? s : s + x.amount), 0);
      lines.push({
        seq: lines.length + 1,
        name: f.name,
        quantity: 1,
        unit_price: gross,
        item_class: '',
        unit_code: '',
        fee: true,
        band: found.band,
        taxable: gross,
        tax: onFee.reduce((s, x) => s + x.amount, 0),
        discount: 0,
      });
      continue;
    }
    lines.push({
      seq: lines.length + 1,
      name: f.name,
      quantity: 1,
      unit_price: amount,
      item_class: '',
      unit_code: '',
      fee: true,
      band: 'D',
      taxable: amount,
      tax: 0,
      discount: 0,
    });
  }
  const bands: BandTotal[] = (['A', 'B', 'C', 'D', 'E'] as const).map((band) => ({
    band,
    rate_bps: BAND_RATES_BPS[band],
    taxable: lines.filter((l) => l.band === band).reduce((s, l) => s + l.taxable, 0),
    tax: lines.filter((l) => l.band === band).reduce((s, l) => s + l.tax, 0),
  }));
  const total = lines.reduce((s, l) => s + l.taxable, 0);
  return {
    kind: opts.kind,
    document_id: inv.id,
    trader_number: inv.number,
    fiscal_sequence: opts.fiscal_sequence,
    original_sequence: opts.original_sequence ?? null,
    reason_code: opts.reason_code ?? null,
    issue_date: inv.issue_date,
    currency: inv.currency,
    buyer: opts.buyer,
    ...(opts.payment_type ? { payment_type: opts.payment_type } : {}),
    lines,
    bands,
    taxable_total: total,
    tax_total: lines.reduce((s, l) => s + l.tax, 0),
    total,
  };
}

/**
 * The VAT return for a period (issue 26), from the documents themselves so it matches them to the minor unit:
 * - output tax: each tax, by name and rate (Ghana's NHIL 2.5% and GETFund 2.5% are two rows, as its return lists them;
 *   exempt and zero-rated apart too) of the invoices issued in the period, less that of the credit notes
 *   issued in the period, with the taxable amount it was charged on (the lines' net, inclusive taxes taken out);
 * - input tax: the input tax of the expenses dated in the period;
 * - net payable: output tax less input tax (negative: a refund or a credit carried forward).
 * Fees and surcharges are not VAT; a fee subject to tax (delivery, t18 Z1) is a taxable supply: its value without the
 * tax counts in the taxable amount of each tax charged on it, and that tax in the output tax. One currency at a time. Worked out the same on the device
 * (offline) and on the server (GET /api/reports/vat).
 */
import { z } from 'zod';
import { formatMoney } from '../amounts/format';
import { computeInvoiceTotals, type InvoiceMathInput } from '../amounts/math';
import { BILLED_KINDS } from '../invoices/status';
import { currencyCodeSchema } from '../rules';
import { expenseCounts } from '../records/expense-pending';
import { type CsvTable, toMajor } from './csv';
import { addForeignDocument, addForeignExpense, foreignList, type ForeignVatExpense, type VatForeign, vatForeignSchema, type VatPart } from './vat-foreign';

export type { VatPart } from './vat-foreign';

export interface VatDocument extends InvoiceMathInput {
  id: string;
  kind?: string;
  status?: string;
  issue_date?: string;
  currency?: string;
  voided_at?: string | null;
  number?: string;
  /** A foreign-currency document (t19 N5): its rate into the business's currency; a credit note's, else its invoice's. */
  exchange_rate?: number | null;
  credited_invoice_id?: string | null;
}
export interface VatExpense {
  id?: string;
  date: string;
  currency: string;
  input_tax?: number | null;
  /** In another currency than the return's: its rate into the business's currency (the home return converts it). */
  exchange_rate?: number | null;
  vendor?: string;
  category?: string;
  /** Issue 29: an expense whose amount is still to be read from its photo is left out (expenseCounts). */
  amount_pending?: string | null;
}

export const vatRateSchema = z.object({
  name: z.string(),
  /** Basis points (1600 = 16%); null for a fixed-amount tax. */
  rate_bps: z.number().nullable(),
  /** What the tax was charged on, after credit notes (invoices less credit notes), minor units. */
  taxable: z.number(),
  /** The tax on the invoices, before credit notes. */
  output_tax: z.number(),
  /** The tax on the credit notes. */
  credited_tax: z.number(),
  /** output_tax − credited_tax. */
  net_tax: z.number(),
});
export type VatRate = z.infer<typeof vatRateSchema>;

export const vatReturnSchema = z.object({
  from: z.string(),
  to: z.string(),
  currency: z.string(),
  invoice_count: z.number(),
  credit_note_count: z.number(),
  expense_count: z.number(),
  rates: z.array(vatRateSchema),
  output_tax: z.number(),
  credited_tax: z.number(),
  net_output_tax: z.number(),
  input_tax: z.number(),
  net_payable: z.number(),
  /**
   * The home return only (t19 N5): the documents in other currencies, converted at their rates into the rows above,
   * with their own amounts per currency as detail. Empty for a return asked in another currency.
   */
  foreign: z.array(vatForeignSchema).default([]),
});
export type VatReturn = z.infer<typeof vatReturnSchema>;

export const vatQuerySchema = z.object({
  from: z.iso.date('Use a date like 2026-11-01'),
  to: z.iso.date('Use a date like 2026-11-30'),
  /** Left out: the business's own currency (its invoice settings, t18). */
  // Only a currency Duka supports, spelt as invoices store it (t20: "usd" was answered as USD with none of its invoices).
  currency: currencyCodeSchema.optional(),
});

/** A tax's name without the rate it may spell ("VAT 16%" → "VAT"): the rate has its own column. */
function vatTaxLabel(name: string): string {
  return name.replace(/\s*\(?\d+(?:[.,]\d+)?\s*%\)?/g, '').trim() || name.trim();
}

/**
 * The key of a return's row: one per tax, its name (without its rate, whatever its case) and its rate. Two taxes of one
 * rate stay apart (t17: Ghana's NHIL 2.5% and GETFund 2.5% were merged into one 2.5% row; its return lists them apart).
 */
export function vatRowKey(label: string, rate_bps: number | null): string {
  return `${label.toLocaleLowerCase('en')}|${rate_bps ?? 'fixed'}`;
}

/**
 * One document's part of the VAT return, per rate row and tax name (in the order first met on the document), unsigned:
 * `taxable`, the lines' net (inclusive taxes taken out) a percentage tax was charged on; `tax`, the tax. The server
 * stores it with each invoice, sale and credit note (invoices.vat_lines), so a return is summed in SQL (issue 27).
 */

export function vatBreakdown(doc: InvoiceMathInput): VatPart[] {
  const parts = new Map<string, VatPart>();
  const part = (name: string, rate_bps: number | null) => {
    const label = vatTaxLabel(name);
    const key = vatRowKey(label, rate_bps);
    let p = parts.get(`${key}\u0000${label}`);
    if (!p) parts.set(`${key}\u0000${label}`, (p = { key, label, rate_bps, taxable: 0, tax: 0 }));
    return p;
  };
  const totals = computeInvoiceTotals({ ...doc, payments: [], credited: 0 });
  const fees = new Map((doc.fees ?? []).map((f) => [f.id, f]));
  for (const line of totals.lines) {
    const inclusiveTax = line.fees.reduce((s, f) => s + (fees.get(f.fee_id)?.inclusive ? f.amount : 0), 0);
    const base = line.net - inclusiveTax;
    for (const lf of line.fees) {
      const fee = fees.get(lf.fee_id);
      if (!fee || fee.kind !== 'tax') continue;
      const rate_bps = fee.calculation === 'percentage' ? fee.percentage_bps : null;
      const p = part(fee.name, rate_bps);
      if (rate_bps !== null) p.taxable += base;
      p.tax += lf.amount;
    }
  }
  // A fee subject to tax (delivery, t18 Z1) is a taxable supply: what its tax was charged on, and the tax.
  const onLines = new Map<string, number>();
  for (const tf of totals.taxed_fees)
    for (const t of tf.taxes) {
      const tax = fees.get(t.fee_id);
      if (!tax) continue;
      const p = part(tax.name, tax.percentage_bps);
      p.taxable += tf.base;
      p.tax += t.amount;
      onLines.set(t.fee_id, (onLines.get(t.fee_id) ?? 0) + t.amount);
    }
  // Fixed taxes charged once per invoice are not on any line: count them with no taxable amount.
  for (const line of totals.lines) for (const lf of line.fees) onLines.set(lf.fee_id, (onLines.get(lf.fee_id) ?? 0) + lf.amount);
  for (const f of totals.fees) {
    if (f.kind !== 'tax') continue;
    const rest = f.amount - (onLines.get(f.fee_id) ?? 0);
    if (rest === 0) continue;
    part(f.name, f.percentage_bps).tax += rest;
  }
  return [...parts.values()];
}

/** Adds one document's part (signed: −1 for a credit note) to the return's rows (its row by vatRowKey: the first spelling of a name is kept). */
export function addVatPart(rates: Map<string, VatRate>, p: VatPart, sign: 1 | -1): void {
  let r = rates.get(p.key);
  if (!r) rates.set(p.key, (r = { name: p.label, rate_bps: p.rate_bps, taxable: 0, output_tax: 0, credited_tax: 0, net_tax: 0 }));
  r.taxable += sign * p.taxable;
  if (sign > 0) r.output_tax += p.tax;
  else r.credited_tax += p.tax;
}

/** The kinds of document a VAT return counts: invoices and counter sales, less credit notes (never quotes). */
export const VAT_KINDS: ReadonlySet<string> = new Set([...BILLED_KINDS, 'credit_note']);

const issued = (d: VatDocument) => d.status !== 'draft' && d.status !== 'void' && !d.voided_at;

/**
 * `home`: this is the business's own return (its currency): documents in other currencies are converted at their
 * exchange rates and counted too (t19 N5, vat-foreign.ts); a return asked in another currency counts that one only.
 */
export function vatReturn(
  documents: VatDocument[],
  expenses: VatExpense[],
  period: { from: string; to: string },
  currency: string,
  opts: { home?: boolean } = {},
): VatReturn {
  const inPeriod = (date: string | undefined) => !!date && date >= period.from && date <= period.to;
  const rates = new Map<string, VatRate>();
  const foreign = new Map<string, VatForeign>();
  const rateOf = new Map(documents.map((d) => [d.id, d.exchange_rate ?? null]));
  let invoice_count = 0;
  let credit_note_count = 0;
  for (const doc of documents) {
    const kind = doc.kind ?? 'invoice';
    // A counter sale (kind 'sale') is a tax invoice like any other (issue 28).
    if (!VAT_KINDS.has(kind) || !issued(doc) || !inPeriod(doc.issue_date) || !doc.currency) continue;
    if (doc.currency !== currency) {
      if (!opts.home) continue;
      const rate = doc.exchange_rate ?? (doc.credited_invoice_id ? rateOf.get(doc.credited_invoice_id) : null) ?? null;
      const parts = vatBreakdown(doc);
      const counted = addForeignDocument(foreign, { id: doc.id, number: doc.number ?? '', kind, currency: doc.currency, rate, parts }, currency, (p, sign) =>
        addVatPart(rates, p, sign),
      );
      if (counted && kind === 'credit_note') credit_note_count += 1;
      else if (counted) invoice_count += 1;
      continue;
    }
    const sign = kind === 'credit_note' ? -1 : 1;
    if (sign > 0) invoice_count += 1;
    else credit_note_count += 1;
    for (const p of vatBreakdown(doc)) addVatPart(rates, p, sign);
  }
  let input_tax = 0;
  let expense_count = 0;
  for (const e of expenses) {
    if (!inPeriod(e.date) || !expenseCounts(e)) continue;
    if (e.currency.toUpperCase() !== currency) {
      // The home return counts the input tax of an expense in another currency at its rate (none: named, not counted).
      if (!opts.home || !(e.input_tax && e.input_tax > 0)) continue;
      const home = addForeignExpense(foreign, foreignExpense(e), currency);
      if (home === null) continue;
      expense_count += 1;
      input_tax += home;
      continue;
    }
    expense_count += 1;
    input_tax += e.input_tax ?? 0;
  }
  return vatReturnOf(rates, {
    from: period.from,
    to: period.to,
    currency,
    invoice_count,
    credit_note_count,
    expense_count,
    input_tax,
    foreign: foreignList(foreign),
  });
}

/** An expense as the home return's foreign detail names it: by its vendor, else its category. */
export function foreignExpense(e: VatExpense): ForeignVatExpense {
  return {
    id: e.id ?? '',
    label: (e.vendor ?? '').trim() || (e.category ?? '').trim() || e.date,
    currency: e.currency.toUpperCase(),
    rate: e.exchange_rate ?? null,
    input_tax: e.input_tax ?? 0,
  };
}

/** What a currency's list of not converted items holds: documents, expenses, or both. */
function missingWhat(f: VatForeign): string {
  const expenses = f.missing_rate.some((d) => d.kind === 'expense');
  const documents = f.missing_rate.some((d) => d.kind !== 'expense');
  return expenses && documents ? 'documents and expenses' : expenses ? 'expenses' : 'documents';
}

/** The return from its rows (summed per tax and rate) and counts: rows by rate, highest first, then by name; totals and the net payable. */
export function vatReturnOf(
  rates: Map<string, VatRate>,
  f: {
    from: string;
    to: string;
    currency: string;
    invoice_count: number;
    credit_note_count: number;
    expense_count: number;
    input_tax: number;
    foreign?: VatForeign[];
  },
): VatReturn {
  const list = [...rates.values()]
    .map((r) => ({ ...r, net_tax: r.output_tax - r.credited_tax }))
    .sort((a, b) => (b.rate_bps ?? -1) - (a.rate_bps ?? -1) || a.name.localeCompare(b.name));
  const output_tax = list.reduce((s, r) => s + r.output_tax, 0);
  const credited_tax = list.reduce((s, r) => s + r.credited_tax, 0);
  return {
    from: f.from,
    to: f.to,
    currency: f.currency,
    invoice_count: f.invoice_count,
    credit_note_count: f.credit_note_count,
    expense_count: f.expense_count,
    rates: list,
    output_tax,
    credited_tax,
    net_output_tax: output_tax - credited_tax,
    input_tax: f.input_tax,
    net_payable: output_tax - credited_tax - f.input_tax,
    foreign: f.foreign ?? [],
  };
}

/** The VAT return as a CSV table: one row per tax and rate, then the totals (amounts in major units). */
export function vatReturnTable(v: VatReturn): CsvTable {
  const m = (n: number) => toMajor(n, v.currency);
  const fm = (n: number, c: string) => formatMoney(n, c, { display: 'code', minor: true, language: 'en' });
  return {
    // Each column's basis in its name: taxable and net are after credit notes, output tax on the invoices before.
    headers: ['tax', 'rate', 'taxable_after_credit_notes', 'output_tax_on_invoices', 'credit_notes_tax', 'net_output_tax'],
    rows: [
      ...v.rates.map((r) => [r.name, r.rate_bps === null ? '' : `${r.rate_bps / 100}%`, m(r.taxable), m(r.output_tax), m(r.credited_tax), m(r.net_tax)]),
      ['output tax', '', '', m(v.output_tax), m(v.credited_tax), m(v.net_output_tax)],
      // Foreign-currency documents (t19 N5): counted above at their rates; their own amounts, and any left out.
      ...(v.foreign ?? []).flatMap((f) => [
        ...(f.invoice_count + f.credit_note_count > 0
          ? [
              [
                `of which ${f.currency} documents (${fm(f.net_output_tax, f.currency)} net)`,
                '',
                '',
                fm(f.output_tax, f.currency),
                fm(f.credited_tax, f.currency),
                m(f.net_output_tax_home),
              ],
            ]
          : []),
        ...(f.missing_rate.length
          ? [[`${f.currency} ${missingWhat(f)} with no exchange rate (not counted): ${f.missing_rate.map((d) => d.number).join(' ')}`, '', '', '', '', '']]
          : []),
      ]),
      ['input tax (expenses)', '', '', '', '', m(v.input_tax)],
      ...(v.foreign ?? [])
        .filter((f) => (f.expense_count ?? 0) > 0)
        .map((f) => [`of which ${f.currency} expenses (${fm(f.input_tax ?? 0, f.currency)})`, '', '', '', '', m(f.input_tax_home ?? 0)]),
      ['net payable', '', '', '', '', m(v.net_payable)],
    ],
  };
}

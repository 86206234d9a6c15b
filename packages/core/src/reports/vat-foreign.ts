/**
 * Foreign-currency documents in the VAT return (t19 N5). A return is filed in the business's own currency: the VAT of
 * an invoice in another currency (a Nigerian business's USD invoice) is declared in naira at the rate of the invoice's
 * day. Each such invoice stores its rate (exchange_rate: units of the business's currency for one unit of the
 * invoice's); a credit note uses its own rate, else that of the invoice it credits. Its parts (taxable amount and tax,
 * per tax and rate) are converted at that rate, rounded per document, and counted in the home return's rows; the
 * foreign amounts are kept as detail, one entry per currency. A document with no rate is not counted: the return names
 * it, so the owner enters the rate on it instead of a figure being guessed.
 */
import { z } from 'zod';
import { minorDigits } from '../constants/currencies';

/** One tax's share of a document: its taxable amount and tax (a VAT return row's addend). */
export interface VatPart {
  key: string;
  label: string;
  rate_bps: number | null;
  taxable: number;
  tax: number;
}

export const vatForeignSchema = z.object({
  currency: z.string(),
  invoice_count: z.number(),
  credit_note_count: z.number(),
  /** In the foreign currency (its minor units): the tax on its invoices, on its credit notes, and the difference. */
  output_tax: z.number(),
  credited_tax: z.number(),
  net_output_tax: z.number(),
  /** net_output_tax converted at each document's rate, in the return's (home) currency, counted in its rows. */
  net_output_tax_home: z.number(),
  /** Documents of this currency with no exchange rate: left out of the return until one is entered (`kind` 'expense': an expense, `number` its vendor or category). */
  missing_rate: z.array(z.object({ id: z.string(), number: z.string(), kind: z.string() })),
  /** Its expenses with input tax counted in the return: how many, their input tax, and that converted at each one's rate. */
  expense_count: z.number().default(0),
  input_tax: z.number().default(0),
  input_tax_home: z.number().default(0),
});
export type VatForeign = z.infer<typeof vatForeignSchema>;

/** A foreign document's part, ready to convert: its kind, currency, number and rate (null: none stored). */
export interface ForeignVatDocument {
  id: string;
  number: string;
  kind: string;
  currency: string;
  rate: number | null;
  parts: VatPart[];
}

/**
 * `minor` of `from` (its minor units) in `to`'s minor units at `rate` (units of `to` for one of `from`), rounded half
 * away from zero. Exact for any size: the rate is taken to 6 decimals and multiplied as integers.
 */
export function convertMinor(minor: number, from: string, to: string, rate: number): number {
  const micro = BigInt(Math.round(rate * 1e6));
  const shift = minorDigits(to) - minorDigits(from);
  let num = BigInt(Math.round(minor)) * micro;
  let den = 1_000_000n;
  if (shift >= 0) num *= 10n ** BigInt(shift);
  else den *= 10n ** BigInt(-shift);
  const negative = num < 0n;
  const abs = negative ? -num : num;
  const q = (abs * 2n + den) / (den * 2n);
  return Number(negative ? -q : q);
}

/**
 * Adds one foreign document to the return: its parts converted into the home currency (through `add`, the return's own
 * row adder, signed −1 for a credit note) and its foreign amounts to the currency's detail. Returns whether it counted.
 */
export function addForeignDocument(foreign: Map<string, VatForeign>, doc: ForeignVatDocument, home: string, add: (p: VatPart, sign: 1 | -1) => void): boolean {
  const f = foreignOf(foreign, doc.currency);
  const credit = doc.kind === 'credit_note';
  if (doc.rate == null || !(doc.rate > 0)) {
    f.missing_rate.push({ id: doc.id, number: doc.number, kind: doc.kind });
    return false;
  }
  const sign = credit ? -1 : 1;
  if (credit) f.credit_note_count += 1;
  else f.invoice_count += 1;
  for (const p of doc.parts) {
    if (credit) f.credited_tax += p.tax;
    else f.output_tax += p.tax;
    f.net_output_tax += sign * p.tax;
    const rate = doc.rate;
    const converted = { ...p, taxable: convertMinor(p.taxable, doc.currency, home, rate), tax: convertMinor(p.tax, doc.currency, home, rate) };
    f.net_output_tax_home += sign * converted.tax;
    add(converted, sign);
  }
  return true;
}

function foreignOf(foreign: Map<string, VatForeign>, currency: string): VatForeign {
  let f = foreign.get(currency);
  if (!f)
    foreign.set(
      currency,
      (f = {
        currency,
        invoice_count: 0,
        credit_note_count: 0,
        output_tax: 0,
        credited_tax: 0,
        net_output_tax: 0,
        net_output_tax_home: 0,
        missing_rate: [],
        expense_count: 0,
        input_tax: 0,
        input_tax_home: 0,
      }),
    );
  return f;
}

/** An expense in another currency with input tax: `label` names it (its vendor, else its category); `rate` as a document's. */
export interface ForeignVatExpense {
  id: string;
  label: string;
  currency: string;
  rate: number | null;
  input_tax: number;
}

/**
 * Adds one foreign expense's input tax to the return's detail: converted at its rate into the home currency, which is
 * returned for the return's input tax; with no rate it is named in missing_rate (kind 'expense') and null is returned.
 */
export function addForeignExpense(foreign: Map<string, VatForeign>, e: ForeignVatExpense, home: string): number | null {
  const f = foreignOf(foreign, e.currency);
  if (e.rate == null || !(e.rate > 0)) {
    f.missing_rate.push({ id: e.id, number: e.label, kind: 'expense' });
    return null;
  }
  const converted = convertMinor(e.input_tax, e.currency, home, e.rate);
  f.expense_count += 1;
  f.input_tax += e.input_tax;
  f.input_tax_home += converted;
  return converted;
}

/** The detail list, by currency code. */
export function foreignList(foreign: Map<string, VatForeign>): VatForeign[] {
  return [...foreign.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}

/**
 * Input tax on an expense (issue 26): the VAT paid on a purchase, which a VAT return takes off the output tax.
 * Optional; given as a rate or as an amount, either inside the expense's amount (inclusive: the amount is what
 * was paid) or on top of it (the amount is before tax). Rounding half away from zero, as for invoices.
 */
import { divRound } from '../amounts/math';

export interface ExpenseTaxInput {
  amount: number;
  input_tax_rate_bps?: number | null;
  input_tax_amount?: number | null;
  input_tax_inclusive?: boolean | null;
}

export const EXPENSE_TAX_MESSAGES = {
  both: 'Give the input tax as a rate or as an amount, not both',
  tooLarge: 'The tax cannot be more than the amount it is part of',
} as const;

/** The input tax in minor units (0 when none is given). */
export function expenseInputTax(e: ExpenseTaxInput): number {
  const inclusive = e.input_tax_inclusive ?? true;
  if (e.input_tax_rate_bps != null && e.input_tax_rate_bps > 0) {
    const rate = BigInt(e.input_tax_rate_bps);
    return inclusive ? divRound(BigInt(e.amount) * rate, 10_000n + rate) : divRound(BigInt(e.amount) * rate, 10_000n);
  }
  return Math.max(0, e.input_tax_amount ?? 0);
}

/** What was paid in all: the amount, plus the tax when it came on top. */
export function expenseGross(e: ExpenseTaxInput): number {
  return (e.input_tax_inclusive ?? true) ? e.amount : e.amount + expenseInputTax(e);
}

/** Fields with a problem (empty when fine): a rate and an amount together, or an inclusive tax above the amount. */
export function expenseTaxErrors(e: ExpenseTaxInput): Record<string, string> {
  if (e.input_tax_rate_bps != null && e.input_tax_amount != null) return { input_tax_amount: EXPENSE_TAX_MESSAGES.both };
  if ((e.input_tax_inclusive ?? true) && (e.input_tax_amount ?? 0) > e.amount) return { input_tax_amount: EXPENSE_TAX_MESSAGES.tooLarge };
  return {};
}

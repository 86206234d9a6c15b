import { checkRule, invoiceLineSchema, type RuleResult } from '@duka/core';

/**
 * Why a typed quantity cannot be used, by core's line rule (more than 0, at most 3 decimals, within
 * INVOICE_LIMITS.maxQuantity, the same for stock received), or null when it can. 'invalid' is text that is
 * not a number at all. Never throws: a screen shows it as a field error (issue 28).
 */
export function quantityProblem(text: string): RuleResult | null {
  const t = text.trim().replace(',', '.');
  if (!/^-?\d*\.?\d+$|^-?\d+\.$/.test(t)) return { code: 'invalid', params: { field: 'quantity' } };
  const issue = checkRule(invoiceLineSchema.shape.quantity, Number(t));
  return issue && { code: issue.code, params: { ...issue.params, field: 'quantity' } };
}

/** The number a quantity problem-free text stands for ('1,5' → 1.5). */
export const quantityOf = (text: string): number => Number(text.trim().replace(',', '.'));

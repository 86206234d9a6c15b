import { type Language, readQuantityText, type RuleResult } from '@duka/core';

/**
 * Why a typed quantity cannot be used, by core's line rule (more than 0, at most 3 decimals, within
 * INVOICE_LIMITS.maxQuantity, the same for stock received), or null when it can. 'invalid' is text that is
 * not a number at all, or one that reads two ways in the screen's language (1,5 in English). Never throws:
 * a screen shows it as a field error (issue 28).
 */
export function quantityProblem(text: string, language: Language): RuleResult | null {
  const read = readQuantityText(text, language);
  return read.ok ? null : read.problem;
}

/** The number a problem-free quantity text stands for in the screen's language (fr '1,5' → 1.5; en '1,000' → 1000). */
export function quantityOf(text: string, language: Language): number {
  const read = readQuantityText(text, language);
  return read.ok ? read.quantity : Number.NaN;
}

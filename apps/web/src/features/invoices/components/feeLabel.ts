import { formatBps } from '@duka/core';

/**
 * 'VAT 16%': the fee's name with its rate, unless the name already says it — in any language's way of
 * writing it ('TVA 19.25%' on a French screen is not followed by '19,25 %' again: issue 23).
 */
export function feeLabel(name: string, bps: number | null): string {
  if (bps === null) return name;
  const pct = formatBps(bps);
  return namesRate(name, bps) ? name : `${name} ${pct}`;
}

function namesRate(name: string, bps: number): boolean {
  const [whole, frac] = String(bps / 100).split('.');
  const number = frac ? `${whole}[.,]${frac}0?` : `${whole}(?:[.,]0{1,2})?`;
  return new RegExp(`(?:^|[^\\d.,])${number}[\\s\\u00a0\\u202f]*%`).test(name);
}

/** 'Discount (10%)' for a percentage (t18 Z2: the customer checks the figure by hand), 'Discount' for an amount. */
export function discountLabel(label: string, discount: { type: string; value: number } | null | undefined): string {
  return discount?.type === 'percentage' ? `${label} (${formatBps(discount.value)})` : label;
}

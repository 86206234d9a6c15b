import { exchangeRateSchema } from '@duka/core';

/** '1530.25' or '1530,25' (no grouping) → 1530.25; null when not a rate core accepts (more than 0, at most 6 decimals). */
export function parseRate(text: string | undefined): number | null {
  const t = (text ?? '').trim();
  if (!/^\d+([.,]\d+)?$/.test(t)) return null;
  const n = Number(t.replace(',', '.'));
  return exchangeRateSchema.safeParse(n).success ? n : null;
}

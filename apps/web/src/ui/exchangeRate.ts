import { exchangeRateSchema } from '@duka/core';

/** '1530.25' or '1530,25' (no grouping) → 1530.25; null when not a rate core accepts (more than 0, at most 6 decimals). */
export function parseRate(text: string | undefined): number | null {
  const t = (text ?? '').trim();
  if (!/^\d+([.,]\d+)?$/.test(t)) return null;
  const n = Number(t.replace(',', '.'));
  return exchangeRateSchema.safeParse(n).success ? n : null;
}

/**
 * The rate last entered in `currency` (the record with the latest day first), as text for a rate field: the default of
 * a new invoice or expense in that currency. '' when none was ever entered.
 */
export function latestRate<T extends { currency: string; exchange_rate?: number | null }>(
  records: ReadonlyArray<T> | undefined,
  currency: string,
  dayOf: (r: T) => string,
): string {
  let best: T | null = null;
  for (const r of records ?? []) if (r.currency === currency && r.exchange_rate && (!best || dayOf(r) > dayOf(best))) best = r;
  return best?.exchange_rate ? String(best.exchange_rate) : '';
}

import { formatBps } from '@duka/core';

/** 'VAT 16%': the fee's name with its rate, unless the name already says it. */
export function feeLabel(name: string, bps: number | null): string {
  if (bps === null) return name;
  const pct = formatBps(bps);
  return name.includes(pct) ? name : `${name} ${pct}`;
}

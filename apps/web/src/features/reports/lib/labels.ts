import { localeOf } from '@duka/core';

/** "Mar 2026" for 2026-03. */
export function monthLabel(month: string): string {
  const d = new Date(`${month}-01T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? month : d.toLocaleDateString(localeOf(), { month: 'short', year: 'numeric', timeZone: 'UTC' });
}

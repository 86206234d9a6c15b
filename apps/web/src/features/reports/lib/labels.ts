import { formatMonth } from '@duka/core';

/** "Mar 2026" for 2026-03. */
export function monthLabel(month: string): string {
  return formatMonth(month, 'short');
}

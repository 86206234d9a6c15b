import { formatDate, type RecurringSendMode, sendsOccurrence } from '@duka/core';
import type { TFunction } from 'i18next';

/**
 * What the "Make an invoice today?" question says (issue 23): how many invoices saving makes today and, for a
 * schedule that sends, which one is sent and which are kept as drafts — one whose date has passed is never sent
 * (core sendsOccurrence, the server's rule).
 */
export function confirmText(t: TFunction, dates: string[], today: string, sendMode: RecurringSendMode): string {
  const first = formatDate(dates[0]!);
  const last = formatDate(dates[dates.length - 1]!);
  if (sendMode !== 'send') return t('confirmDraft', { count: dates.length, date: first, last });
  const sent = dates.filter((d) => sendsOccurrence(d, today));
  const past = dates.filter((d) => !sendsOccurrence(d, today));
  if (!past.length) return t('confirmSendToday', { date: formatDate(sent[0]!) });
  const pastFirst = formatDate(past[0]!);
  const pastLast = formatDate(past[past.length - 1]!);
  if (!sent.length) return t('confirmSendPast', { count: past.length, date: pastFirst, last: pastLast });
  return t('confirmSendMixed', { count: past.length, total: dates.length, today: formatDate(sent[0]!), date: pastFirst, last: pastLast });
}

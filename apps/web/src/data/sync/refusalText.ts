import './refusalStrings';
import { formatMoneyIn } from '@duka/core';
import { useCallback } from 'react';
import { activeLanguage, useStrings } from '../../i18n';
import type { QueuedMutation } from '../db';

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isSafeInteger(v) ? v : null);

/**
 * A refused change's reason in the screen's language (t22 T2): the server's sentences are English with English money
 * ("The new total FRw 11,800 is less than the FRw 59,000 already paid"). The refusals the app knows are worded here,
 * money in the screen's format; any other reason is shown as the server gave it.
 *
 * Known: an invoice edit whose total fell below what was already paid (core's paidAboveTotal: the server gives the
 * sentence as the reason and as the total_due field's, which no other refusal does). The paid amount is the server's
 * copy's when known.
 */
export function refusalText(
  m: Pick<QueuedMutation, 'collection' | 'error' | 'error_fields' | 'data' | 'server_copy'>,
  t: (key: string, values: Record<string, unknown>) => string,
  language = activeLanguage(),
  server: Record<string, unknown> | null | undefined = m.server_copy,
): string {
  const reason = m.error ?? '';
  if (m.collection === 'invoices' && reason && m.error_fields?.total_due === reason) {
    const total = num(m.data?.total_due);
    const currency = typeof m.data?.currency === 'string' ? m.data.currency : null;
    if (total !== null && currency) {
      const money = (n: number) => formatMoneyIn(n, currency, language);
      const paid = num(server?.amount_paid);
      if (paid !== null && paid > total) return t('paidAboveTotal', { total: money(total), paid: money(paid) });
      return t('paidAboveTotalUnknown', { total: money(total) });
    }
  }
  return reason;
}

/** refusalText with the screen's strings and language. */
export function useRefusalText(): (m: Parameters<typeof refusalText>[0], server?: Record<string, unknown> | null) => string {
  const { t } = useStrings('refusal');
  return useCallback(
    (m, server) => refusalText(m, t as (key: string, values: Record<string, unknown>) => string, activeLanguage(), server ?? m.server_copy),
    [t],
  );
}

import './refusalStrings';
import { formatDate, formatMoneyIn, type Language, REFUSAL_MONEY_PARAMS } from '@duka/core';
import { useCallback } from 'react';
import { activeLanguage, useStrings } from '../../i18n';
import type { QueuedMutation } from '../db';
import { REFUSAL_STRINGS } from './refusalStrings';

/** The params that are dates (YYYY-MM-DD), shown in the screen's date format. */
const DATE_PARAMS = new Set(['date', 'issue_date', 'today']);
const MONEY_PARAMS = new Set<string>(REFUSAL_MONEY_PARAMS);
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The key of REFUSAL_STRINGS a refusal is worded by, or null (unknown code: the server's sentence). */
function keyOf(reason: string | undefined, params: Record<string, string | number>): keyof typeof REFUSAL_STRINGS | null {
  if (!reason) return null;
  const key = reason === 'credit_note_rule' ? `credit_${String(params.rule ?? '')}` : reason;
  return Object.hasOwn(REFUSAL_STRINGS, key) ? (key as keyof typeof REFUSAL_STRINGS) : null;
}

/**
 * A refused change's reason in the screen's language (t22 T2): the server's sentences are English with English money
 * ("The new total FRw 11,800 is less than the FRw 59,000 already paid"). The server says which refusal it is by a code
 * (error.reason, core's REFUSAL_REASONS) with its values (error.params): a code the app knows is worded here, money and
 * dates in the screen's format; a code it does not know (a newer server), or none (an older one), is shown as the
 * server's sentence.
 */
export function refusalText(
  m: Pick<QueuedMutation, 'error' | 'error_reason' | 'error_params'>,
  t: (key: string, values: Record<string, unknown>) => string,
  language: Language = activeLanguage(),
): string {
  const params = m.error_params ?? {};
  const key = keyOf(m.error_reason, params);
  if (!key) return m.error ?? '';
  const currency = typeof params.currency === 'string' ? params.currency : null;
  const values: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(params)) {
    if (MONEY_PARAMS.has(k) && typeof v === 'number' && Number.isSafeInteger(v) && currency) values[k] = formatMoneyIn(v, currency, language);
    else if (DATE_PARAMS.has(k) && typeof v === 'string' && ISO_DATE.test(v)) values[k] = formatDate(v, language);
    else values[k] = v;
  }
  return t(key, values);
}

/** refusalText with the screen's strings and language. */
export function useRefusalText(): (m: Parameters<typeof refusalText>[0]) => string {
  const { t } = useStrings('refusal');
  return useCallback((m) => refusalText(m, t as (key: string, values: Record<string, unknown>) => string, activeLanguage()), [t]);
}

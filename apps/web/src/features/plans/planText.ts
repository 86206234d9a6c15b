import type { TFunction } from 'i18next';

/** core's plan titles (SPEC §9, kept in English) → their key under planTitle in the plans strings. */
const TITLE_KEYS: Record<string, string> = {
  Monthly: 'monthly',
  '6-month': 'sixMonth',
  Yearly: 'yearly',
  '1 Month': 'oneMonth',
  '6 Months': 'sixMonths',
  '12 Months': 'twelveMonths',
  Lifetime: 'lifetime',
};

/** A plan's title in the active language (English: SPEC's title as written); an unknown title is shown as it is. */
export function planTitle(t: TFunction, title: string): string {
  const key = Object.hasOwn(TITLE_KEYS, title) ? TITLE_KEYS[title] : undefined;
  return key ? t(`planTitle.${key}`) : title;
}

/** How long one paid period lasts, from its months ("1 month", "6 months"; "lifetime" for a one-time plan). */
export function planDuration(t: TFunction, plan: { periodMonths: number | null }): string {
  return plan.periodMonths === null ? t('lifetime') : t('duration', { count: plan.periodMonths });
}

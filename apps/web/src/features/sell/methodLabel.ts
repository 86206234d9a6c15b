import { mobileMoneyName } from '@duka/core';
import { getCurrentUser } from '../../data/user';

/**
 * A tender's name at the counter and on its receipt: the country's own mobile-money service where core names one
 * (M-Pesa for a Kenyan shop; a brand reads the same in every language), else the screen's words ("Mobile money").
 */
export function methodLabel(method: string, t: (k: string) => string, country: string | null | undefined = getCurrentUser()?.country): string {
  if (method === 'mobile_money') {
    const named = mobileMoneyName(country);
    if (named) return named;
  }
  return t(`methods.${method}`);
}

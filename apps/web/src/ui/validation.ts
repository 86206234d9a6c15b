import { countryDisplayName, MONEY_TOO_LARGE, TEXT_MESSAGES } from '@duka/core';
import { activeLanguage, i18next } from '../i18n';
import './strings';
import './validationStrings';

/** core's fixed messages → their key in the 'validation' strings. */
const FIXED: Record<string, string> = {
  'Not a valid e-mail address': 'email',
  'Amount must be more than 0': 'amountPositive',
  'Write something in the note': 'noteEmpty',
  'Must not be negative': 'notNegative',
  'At most 100%': 'maxPercent',
  [MONEY_TOO_LARGE]: 'moneyTooLarge',
  'Use a currency code like NGN': 'currencyCode',
  [TEXT_MESSAGES.control]: 'control',
  [TEXT_MESSAGES.lineBreak]: 'lineBreak',
  [TEXT_MESSAGES.surrogate]: 'surrogate',
  'This is not a phone number.': 'phone.notPhone',
  'Add the country code (like +234), or choose the country first.': 'phone.countryCode',
  'This is not a valid phone number.': 'phone.notValid',
};
const FIELDS: Record<string, string> = { Name: 'name', Category: 'category' };

/**
 * One of core's validation messages (English, the same text the server sends) in the active language; a message
 * this table does not know is shown as it came (English), never lost.
 */
export function coreMessage(message: string): string {
  const language = activeLanguage();
  if (language === 'en') return message;
  const t = i18next.getFixedT(language, 'validation');
  const or = i18next.getFixedT(language, 'ui')('or');
  const one = (m: string): string | null => {
    if (Object.hasOwn(FIXED, m)) return t(FIXED[m]);
    let match = /^(.+) is required$/.exec(m);
    if (match) return t('required', { field: Object.hasOwn(FIELDS, match[1]) ? t(`fields.${FIELDS[match[1]]}`) : match[1] });
    if ((match = /^At most (\d+) characters$/.exec(m))) return t('maxChars', { max: match[1] });
    if ((match = /^This is not a valid (.+) phone number\.$/.exec(m))) return t('phone.notValidIn', { country: countryDisplayName(match[1], language) });
    if ((match = /^(.+?) Type it like (.+)\.$/.exec(m))) {
      const why = one(match[1]);
      return why === null ? null : t('phone.typeLike', { why, example: match[2].replace(' or ', ` ${or} `) });
    }
    return null;
  };
  return one(message) ?? message;
}

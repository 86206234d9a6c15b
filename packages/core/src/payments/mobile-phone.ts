/**
 * A phone number as typed (spaces, +, dashes): at most 40 characters wherever one is kept or sent (a contact, the
 * business, a mobile-money payment). Here, beside the payer's number, so the pay page's phone field reads it without
 * core's rules group (zod).
 */
export const PHONE_MAX = 40;

/**
 * Mobile-money numbers (issue 25): what a customer types on the pay page (0772 123 456, +256 772 123456,
 * 256772123456, 00256…) read as a mobile number of the payer's country, in E.164 digits without the '+'
 * (256772123456), which each provider takes as is or as the national number. Null when it cannot be a
 * mobile-money number of that country (a landline, another country's number, too short).
 * A small table rather than libphonenumber, so the pay page's rail code stays light.
 */
export const MOBILE_MONEY_NUMBERS: Record<string, { dial: string; mobile: RegExp; example: string }> = {
  NG: { dial: '234', mobile: /^[789][01]\d{8}$/, example: '0803 123 4567' },
  KE: { dial: '254', mobile: /^[17]\d{8}$/, example: '0712 345 678' },
  GH: { dial: '233', mobile: /^[25]\d{8}$/, example: '024 123 4567' },
  UG: { dial: '256', mobile: /^7\d{8}$/, example: '0772 123 456' },
  RW: { dial: '250', mobile: /^7[2389]\d{7}$/, example: '078 123 4567' },
  ZM: { dial: '260', mobile: /^[79][5-7]\d{7}$/, example: '0961 234 567' },
  CM: { dial: '237', mobile: /^6\d{8}$/, example: '6 71 23 45 67' },
  TZ: { dial: '255', mobile: /^[67]\d{8}$/, example: '0712 345 678' },
  ZA: { dial: '27', mobile: /^[678]\d{8}$/, example: '071 123 4567' },
  ET: { dial: '251', mobile: /^[79]\d{8}$/, example: '0911 234 567' },
  ZW: { dial: '263', mobile: /^7[13478]\d{7}$/, example: '0771 234 567' },
};

/**
 * A number of the wallet's own network for the hint under its phone field (t19 G3: every network's form showed the
 * country's first example, "024…" under Telecel Cash, which the page then said "looks like MTN's"). By the wallet's
 * name as the pay page shows it; the country's example where a wallet has none here.
 */
const WALLET_EXAMPLES: Record<string, Record<string, string>> = {
  KE: { 'Airtel Money': '0733 123 456' },
  GH: { 'Telecel Cash': '020 123 4567', 'AirtelTigo Money': '027 123 4567' },
  UG: { 'Airtel Money': '0752 123 456' },
  RW: { 'Airtel Money': '073 123 4567' },
  ZM: { 'Airtel Money': '0971 234 567', 'Zamtel Kwacha': '0951 234 567' },
  CM: { 'Orange Money': '6 99 12 34 56' },
  TZ: { 'M-Pesa': '0754 123 456', 'Airtel Money': '0682 123 456', 'Mixx by Yas': '0652 123 456' },
  ZW: { OneMoney: '0712 345 678' },
};

/** The example number to show for `wallet` ("Telecel Cash") in `country`: its network's, else the country's. */
export function mobileMoneyExample(country: string, wallet?: string | null): string {
  const code = country.toUpperCase();
  return (wallet && WALLET_EXAMPLES[code]?.[wallet]) || MOBILE_MONEY_NUMBERS[code]?.example || '';
}

/** The customer's input as E.164 digits of a mobile number of `country` (ISO alpha-2), or null. */
export function mobileMoneyPhone(input: string, country: string): string | null {
  const plan = MOBILE_MONEY_NUMBERS[country.toUpperCase()];
  const raw = (input ?? '').trim();
  if (!plan || !raw || raw.length > 30 || /[^\d\s()+\-./]/.test(raw)) return null;
  let digits = raw.replace(/\D/g, '');
  const international = raw.startsWith('+') || raw.startsWith('00');
  if (raw.startsWith('00')) digits = digits.slice(2);
  let national: string;
  if (international || (digits.startsWith(plan.dial) && digits.length > plan.dial.length + 7)) {
    if (!digits.startsWith(plan.dial)) return null;
    national = digits.slice(plan.dial.length);
  } else national = digits;
  national = national.replace(/^0/, '');
  return plan.mobile.test(national) ? `${plan.dial}${national}` : null;
}

/** The national number (without the country code or a leading 0), as Airtel's API takes it with X-Country. */
export function nationalNumber(e164Digits: string, country: string): string {
  const plan = MOBILE_MONEY_NUMBERS[country.toUpperCase()];
  return plan && e164Digits.startsWith(plan.dial) ? e164Digits.slice(plan.dial.length) : e164Digits;
}

/**
 * The selectable currencies. SPEC §3's eleven first, in SPEC order ('Yuan' is a name, not an ISO code, as SPEC
 * spells it), then the currency of every supported country that SPEC's list lacks (issue 23: Cameroon, Rwanda,
 * Zambia, Tanzania, Ethiopia, Zimbabwe, and the West African CFA franc of their neighbours).
 *
 * `minor` is the ISO 4217 number of minor-unit digits: every amount in that currency is an integer count of
 * 10^-minor units (kobo for NGN, whole francs for XAF). `space`: English writes a space between the symbol and the
 * number (FCFA 12,500, TSh 5,000); SPEC's eleven keep the format they always had (₦5,000, KSh5,000).
 */
export const CURRENCIES = [
  { code: 'NGN', symbol: '₦', iso: 'NGN', name: 'Nigerian Naira', minor: 2 },
  { code: 'USD', symbol: '$', iso: 'USD', name: 'US Dollar', minor: 2 },
  { code: 'CAD', symbol: 'C$', iso: 'CAD', name: 'Canadian Dollar', minor: 2 },
  { code: 'Yuan', symbol: '¥', iso: 'CNY', name: 'Chinese Yuan', minor: 2 },
  { code: 'GBP', symbol: '£', iso: 'GBP', name: 'British Pound', minor: 2 },
  { code: 'EUR', symbol: '€', iso: 'EUR', name: 'Euro', minor: 2 },
  { code: 'AUD', symbol: 'A$', iso: 'AUD', name: 'Australian Dollar', minor: 2 },
  { code: 'KES', symbol: 'KSh', iso: 'KES', name: 'Kenyan Shilling', minor: 2 },
  { code: 'ZAR', symbol: 'R', iso: 'ZAR', name: 'South African Rand', minor: 2 },
  // As Ghanaians and the Bank of Ghana write it (Intl's en-GH too); ₵ alone is also the old colón sign (t19 G2).
  { code: 'GHS', symbol: 'GH₵', iso: 'GHS', name: 'Ghanaian Cedi', minor: 2 },
  { code: 'UGX', symbol: 'USh', iso: 'UGX', name: 'Ugandan Shilling', minor: 0 },
  { code: 'XAF', symbol: 'FCFA', iso: 'XAF', name: 'Central African CFA Franc', minor: 0, space: true },
  { code: 'XOF', symbol: 'F\u00a0CFA', iso: 'XOF', name: 'West African CFA Franc', minor: 0, space: true },
  { code: 'RWF', symbol: 'FRw', iso: 'RWF', name: 'Rwandan Franc', minor: 0, space: true },
  { code: 'ZMW', symbol: 'K', iso: 'ZMW', name: 'Zambian Kwacha', minor: 2 },
  { code: 'TZS', symbol: 'TSh', iso: 'TZS', name: 'Tanzanian Shilling', minor: 2, space: true },
  { code: 'ETB', symbol: 'Br', iso: 'ETB', name: 'Ethiopian Birr', minor: 2, space: true },
  { code: 'ZWG', symbol: 'ZiG', iso: 'ZWG', name: 'Zimbabwe Gold', minor: 2, space: true },
] as const;

/** SPEC §3's eleven, in SPEC order (the first entries of CURRENCIES). */
export const SPEC_CURRENCY_CODES = ['NGN', 'USD', 'CAD', 'Yuan', 'GBP', 'EUR', 'AUD', 'KES', 'ZAR', 'GHS', 'UGX'] as const;

export type CurrencyCode = (typeof CURRENCIES)[number]['code'];
export const CURRENCY_CODES = CURRENCIES.map((c) => c.code) as [CurrencyCode, ...CurrencyCode[]];
export const DEFAULT_CURRENCY: CurrencyCode = 'NGN';

function findCurrency(code: string) {
  return CURRENCIES.find((c) => c.code === code) ?? CURRENCIES.find((c) => c.iso === code.toUpperCase());
}

export function currencySymbol(code: string): string {
  return findCurrency(code)?.symbol ?? code;
}

/**
 * ISO 4217 minor-unit digits of a currency (by Duka code or ISO code): 2 for NGN, 0 for XAF, XOF, RWF, UGX.
 * A code outside the list asks the runtime (Intl), and 2 when it does not know it either.
 */
export function minorDigits(code: string): number {
  const ours = findCurrency(code);
  if (ours) return ours.minor;
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** True when English writes a space between the symbol and the amount (FCFA 12,500, not ₦12,500). */
export function symbolIsWord(code: string): boolean {
  const found = findCurrency(code);
  return !!found && 'space' in found && found.space === true;
}

/** Whether a value is one of the currencies Duka supports, spelt as Duka stores it ('USD', 'Yuan'; not 'usd'). */
export function isCurrencyCode(value: string): value is CurrencyCode {
  return (CURRENCY_CODES as readonly string[]).includes(value);
}

/**
 * Why a currency code is refused, in a sentence a person can act on, or null when it is one Duka supports
 * (t20 A5: "ABC", "BTC" and "usd" were taken, and a "usd" invoice could not be paid nor counted in a VAT return).
 */
export function currencyCodeProblem(value: string): string | null {
  if (isCurrencyCode(value)) return null;
  const same = findCurrency(value.trim());
  if (same) return `Write the currency as ${same.code}`;
  return `${value.trim() ? `"${value.trim().slice(0, 12)}" is not a currency Duka supports` : 'Choose a currency'}: use one of ${CURRENCY_CODES.join(', ')}`;
}

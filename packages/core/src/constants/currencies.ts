/** SPEC §3: the eleven selectable currencies, in SPEC order. 'Yuan' is a name, not an ISO code (as SPEC spells it). */
export const CURRENCIES = [
  { code: 'NGN', symbol: '₦', iso: 'NGN', name: 'Nigerian Naira' },
  { code: 'USD', symbol: '$', iso: 'USD', name: 'US Dollar' },
  { code: 'CAD', symbol: 'C$', iso: 'CAD', name: 'Canadian Dollar' },
  { code: 'Yuan', symbol: '¥', iso: 'CNY', name: 'Chinese Yuan' },
  { code: 'GBP', symbol: '£', iso: 'GBP', name: 'British Pound' },
  { code: 'EUR', symbol: '€', iso: 'EUR', name: 'Euro' },
  { code: 'AUD', symbol: 'A$', iso: 'AUD', name: 'Australian Dollar' },
  { code: 'KES', symbol: 'KSh', iso: 'KES', name: 'Kenyan Shilling' },
  { code: 'ZAR', symbol: 'R', iso: 'ZAR', name: 'South African Rand' },
  { code: 'GHS', symbol: '₵', iso: 'GHS', name: 'Ghanaian Cedi' },
  { code: 'UGX', symbol: 'USh', iso: 'UGX', name: 'Ugandan Shilling' },
] as const;

export type CurrencyCode = (typeof CURRENCIES)[number]['code'];
export const CURRENCY_CODES = CURRENCIES.map((c) => c.code) as [CurrencyCode, ...CurrencyCode[]];
export const DEFAULT_CURRENCY: CurrencyCode = 'NGN';

export function currencySymbol(code: string): string {
  return CURRENCIES.find((c) => c.code === code)?.symbol ?? code;
}

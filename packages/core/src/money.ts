import { minorDigits } from './constants/currencies';

/** Money is integer minor units (kobo, cents) everywhere; decimals appear only in display. */
export type Minor = number;

/** SPEC §5 parseMoney: keep digits, dots and commas; commas are stripped. Returns minor units or null. */
export function parseMoney(input: string, minorDigits = 2): Minor | null {
  const kept = input.replace(/[^\d.,]/g, '').replace(/,/g, '');
  if (kept === '' || kept === '.') return null;
  const parts = kept.split('.');
  if (parts.length > 2) return null;
  const whole = parts[0] === '' ? '0' : parts[0];
  const frac = (parts[1] ?? '').slice(0, minorDigits).padEnd(minorDigits, '0');
  const value = Number(whole) * 10 ** minorDigits + (minorDigits ? Number(frac) : 0);
  return Number.isSafeInteger(value) ? value : null;
}

/** Adds thousands separators to a typed amount, keeping what the user typed after the dot. */
export function formatMoneyInput(input: string): string {
  const kept = input.replace(/[^\d.,]/g, '').replace(/,/g, '');
  const [whole, ...rest] = kept.split('.');
  const grouped = (whole ?? '').replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return rest.length ? `${grouped}.${rest.join('')}` : grouped;
}

/**
 * Minor units → the English text of a money input (commas, the currency's decimals, no trailing .00): the form
 * in which editors keep a typed amount (parseMoney(text, minorDigits(currency)) reads it back).
 */
export function minorToInput(minor: Minor, currency = 'NGN'): string {
  const digits = minorDigits(currency);
  const scale = 10 ** digits;
  const whole = Math.trunc(minor / scale);
  const frac = Math.abs(minor % scale);
  const base = formatMoneyInput(String(Math.abs(whole)));
  return `${minor < 0 ? '-' : ''}${base}${frac ? `.${String(frac).padStart(digits, '0')}` : ''}`;
}

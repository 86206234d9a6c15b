import { z } from 'zod';

/** A KRA PIN: a letter, 9 digits, a letter (P051234567Q). Spaces are dropped and letters upper-cased first. */
export const KRA_PIN = /^[A-Z]\d{9}[A-Z]$/;

export function normaliseTaxPin(pin: string): string {
  return pin.replace(/\s+/g, '').toUpperCase();
}

export function isKraPin(pin: string): boolean {
  return KRA_PIN.test(normaliseTaxPin(pin));
}

export const TAX_PIN_MESSAGE = 'A KRA PIN is a letter, 9 digits and a letter, e.g. P051234567Q';

/**
 * A client's tax PIN: optional ('' or null clears it). For a Kenyan business it must be a KRA PIN; other
 * countries' tax numbers (TIN, NIF…) are kept as written, up to 30 characters.
 */
export function taxPinError(pin: string | null | undefined, country: string | null | undefined): string | null {
  if (!pin) return null;
  const p = normaliseTaxPin(pin);
  if (p.length > 30) return 'A tax number has at most 30 characters';
  if (!/^[A-Z0-9/-]+$/.test(p)) return 'A tax number has letters and digits only';
  if ((country ?? '').toLowerCase() === 'kenya' && !KRA_PIN.test(p)) return TAX_PIN_MESSAGE;
  return null;
}

/** The schema of a client's tax PIN field (format only; the Kenya rule is taxPinError with the business's country). */
export const taxPinSchema = z
  .string()
  .trim()
  .max(40)
  .transform(normaliseTaxPin)
  .refine((p) => p === '' || /^[A-Z0-9/-]{1,30}$/.test(p), 'A tax number has letters and digits only, at most 30')
  .nullable();

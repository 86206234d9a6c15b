import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { MPESA_UNIT } from './unit';

/**
 * A Kenyan mobile number as Daraja wants it (2547XXXXXXXX or 2541XXXXXXXX), from what a customer types:
 * 0712 345 678, 712345678, +254 712 345 678, 254712345678. Null when it is not a Kenyan mobile number.
 */
export function mpesaPhone(input: string): string | null {
  const text = input.trim();
  if (!text || text.length > 30) return null;
  const phone = parsePhoneNumberFromString(text, 'KE');
  if (!phone || phone.country !== 'KE' || !phone.isValid()) return null;
  const national = String(phone.nationalNumber);
  // M-Pesa lines are Safaricom mobiles: 7XXXXXXXX or 1XXXXXXXX.
  if (!/^[17]\d{8}$/.test(national)) return null;
  return `254${national}`;
}

export { MPESA_UNIT } from './unit';
export { discountRows, type RoundingDiscount, wholeShillingsDiscount } from './rounding';

/**
 * Daraja takes whole shillings only. Duka refuses an M-Pesa payment of a balance with cents rather than
 * rounding it (rounding up would overcharge, rounding down would leave cents owed): null then.
 */
export function mpesaShillings(minor: number): number | null {
  if (!Number.isSafeInteger(minor) || minor <= 0 || minor % MPESA_UNIT !== 0) return null;
  return minor / MPESA_UNIT;
}

/** Whole shillings (Daraja's amounts) → minor units; NaN for what is not a number. */
export function mpesaMinor(shillings: number): number {
  return Number.isFinite(shillings) ? Math.round(shillings * MPESA_UNIT) : NaN;
}

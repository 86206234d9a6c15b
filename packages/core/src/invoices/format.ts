import { currencySymbol } from '../constants/currencies';

/**
 * The one way money is shown (app, public page, PDF, WhatsApp text, e-mails). SPEC §9 shows 0 decimals,
 * which is kept for whole amounts; an amount with kobo or cents shows them (₦12,500.50), so what a
 * customer reads is what they pay and every sum adds up to the figures beside it (issue 14).
 * Minor units may be a number or a bigint (core money moves to bigint for large amounts).
 */
export interface MoneyDisplayOptions {
  /** 'symbol' (₦12,500) for screens; 'code' (NGN 12,500) where the glyph cannot be drawn (PDF fonts). */
  display?: 'symbol' | 'code';
}

const MINOR_DIGITS = 2;

export function formatMoney(minor: number | bigint, currency = 'NGN', options: MoneyDisplayOptions = {}): string {
  const value = typeof minor === 'bigint' ? minor : BigInt(Math.round(minor));
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const scale = 10n ** BigInt(MINOR_DIGITS);
  const whole = (abs / scale).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const frac = abs % scale;
  const digits = frac === 0n ? whole : `${whole}.${frac.toString().padStart(MINOR_DIGITS, '0')}`;
  const unit = options.display === 'code' ? `${currency} ` : currencySymbol(currency);
  return `${negative ? '-' : ''}${unit}${digits}`;
}

/**
 * Invoice money as text with the currency code ('NGN 1,612.50', 'NGN 2,000'): the PDF's standard fonts
 * cannot draw ₦ or ₵. Same rule as formatMoney.
 */
export function formatInvoiceMoney(minor: number | bigint, currency: string): string {
  return formatMoney(minor, currency, { display: 'code' });
}

/** Basis points as a percentage label: 750 → '7.5%'. */
export function formatBps(bps: number): string {
  return `${Number((bps / 100).toFixed(2))}%`;
}

/** A quantity for display: up to 3 decimals, no trailing zeros (1.500 → '1.5'). */
export function formatQuantity(quantity: number): string {
  return String(Number(quantity.toFixed(3)));
}

/**
 * Invoice money as text: the currency code, thousands separators and 2 decimals ('NGN 1,612.50').
 * Invoices show exact amounts (a 7.5% tax has kobo), and the code needs no special glyph (the PDF's
 * standard fonts cannot draw ₦ or ₵).
 */
export function formatInvoiceMoney(minor: number, currency: string): string {
  const abs = Math.abs(minor);
  const whole = Math.floor(abs / 100).toLocaleString('en-US');
  const frac = String(abs % 100).padStart(2, '0');
  return `${minor < 0 ? '-' : ''}${currency} ${whole}.${frac}`;
}

/** Basis points as a percentage label: 750 → '7.5%'. */
export function formatBps(bps: number): string {
  return `${Number((bps / 100).toFixed(2))}%`;
}

/** A quantity for display: up to 3 decimals, no trailing zeros (1.500 → '1.5'). */
export function formatQuantity(quantity: number): string {
  return String(Number(quantity.toFixed(3)));
}

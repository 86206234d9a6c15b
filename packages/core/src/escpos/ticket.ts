/**
 * The receipt ticket's model and what a screen needs of it (issue 28), apart from the ESC/POS encoder (receipt.ts,
 * encode.ts: code pages and glyphs): a screen that shows a receipt does not carry the printer's encoding with it.
 */
import { showsMinorUnits } from '../amounts/format';
import type { GrayImage } from './raster';

/** What a printed receipt shows (issue 28): business, items, totals, payments, change, the link as a QR code, a fiscal block. */
export interface ReceiptTicket {
  /** The business's logo in grey (printed dithered, as a raster image, above the name). */
  logo?: GrayImage | null;
  business: string;
  /** Address, phone, tax number… under the name. */
  header?: string[];
  /** e.g. "Receipt SAL-0001". */
  title: string;
  /** As it should read, e.g. "25 Nov 2026 14:05". */
  date: string;
  client?: string | null;
  currency: string;
  items: Array<{ description: string; quantity: number; unit_price: number; total: number }>;
  subtotal: number;
  discount: number;
  /** The whole-shillings rounding, apart from the discount (core's discountRows): its own line, "Rounding". */
  rounding?: number;
  taxes: Array<{ name: string; amount: number }>;
  total: number;
  /** Each payment with its label as it should read ("Cash", "Mobile money 7HG2…"). */
  payments: Array<{ label: string; amount: number }>;
  change: number;
  /** Words as the receipt's language has them. */
  labels: { subtotal: string; discount: string; total: string; change: string; rounding?: string };
  /** The invoice link, printed as a QR code. */
  link?: string | null;
  /** The fiscal block (e.g. KRA eTIMS lines) where the sale was fiscalised. */
  fiscal?: string[];
  footer?: string;
}

/**
 * Whether a ticket shown on a screen shows minor units on every amount (issue 23): once any of its amounts has them,
 * so a receipt never puts ₦9,001 beside ₦675.08 (the printed ticket always shows them: ticketAmount). `more`: other
 * amounts shown with it (e.g. the balance owed).
 */
export function ticketShowsMinor(t: Omit<ReceiptTicket, 'title' | 'labels' | 'business' | 'date'>, more: readonly number[] = []): boolean {
  return showsMinorUnits(
    [
      ...t.items.flatMap((i) => [i.unit_price, i.total]),
      t.subtotal,
      t.discount,
      t.rounding ?? 0,
      ...t.taxes.map((x) => x.amount),
      t.total,
      ...t.payments.map((p) => p.amount),
      t.change,
      ...more,
    ],
    t.currency,
  );
}

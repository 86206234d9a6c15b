import { type CustomerLanguage, formatMoneyIn, recordShowsMinor, whatsappDigits } from '@duka/core';
import type { Invoice } from './model';

/** Which WhatsApp text fits the invoice: what the client owes now, never more (issue 14). */
export function whatsappMessageKey(inv: Pick<Invoice, 'kind' | 'status' | 'amount_paid' | 'balance'>): string {
  if (inv.kind === 'quote') return 'whatsappQuote';
  if (inv.status === 'void') return 'whatsappVoid';
  if (inv.balance <= 0) return 'whatsappPaid';
  if (inv.amount_paid > 0) return 'whatsappPartPaid';
  return 'whatsappMessage';
}

/**
 * The WhatsApp text's string key and values: the total for a new invoice or quote, the balance due after a part
 * payment. Amounts in the language the client reads (issue 19).
 */
export function whatsappMessage(
  inv: Invoice,
  parts: { client: string; company: string; link: string },
  language: CustomerLanguage = 'en',
): { key: string; vars: Record<string, string> } {
  // The same minor-units rule as the invoice the link opens (issue 23).
  const minor = recordShowsMinor(inv);
  const money = (n: number) => formatMoneyIn(n, inv.currency, language, { minor });
  return {
    key: whatsappMessageKey(inv),
    vars: { ...parts, number: inv.number, total: money(inv.total_due), balance: money(inv.balance), paid: money(inv.amount_paid) },
  };
}

/**
 * The wa.me link: to the client's number in international form (read with the client's country, else
 * the business's), or WhatsApp's own contact picker when there is no number it can use.
 */
export function whatsappUrl(message: string, phone?: string | null, ...countries: Array<string | null | undefined>): string {
  return `https://wa.me/${whatsappDigits(phone, ...countries)}?text=${encodeURIComponent(message)}`;
}

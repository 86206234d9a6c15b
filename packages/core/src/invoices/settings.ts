import { DEFAULT_CURRENCY } from '../constants/currencies';
import { DEFAULT_NUMBER_PREFIX } from './numbering';

/** Invoice defaults from the user's invoice_settings (a JSON string or object, SPEC §3). */
export interface InvoiceDefaults {
  currency: string;
  invoice_prefix: string;
  quote_prefix: string;
  /** Quick sales at the counter have their own series (issue 28). */
  sale_prefix: string;
  /** Credit notes' own series (issue 26). */
  credit_note_prefix: string;
  /** Days from the issue date to the default due date. */
  due_days: number;
  /** Bank account, mobile-money number… shown on the invoice. */
  payment_instructions: string;
}

export const DEFAULT_DUE_DAYS = 14;

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() !== '' ? v : undefined;
}

/**
 * Reads invoice defaults, tolerant of missing or malformed settings. Keys: currency, invoice_prefix,
 * quote_prefix, due_days, payment_instructions, or bank_account /
 * mobile_money, mpesa_till, mpesa_paybill (+ mpesa_account) which are joined into the instructions.
 */
export function invoiceDefaults(settings: unknown): InvoiceDefaults {
  let s: Record<string, unknown> = {};
  if (typeof settings === 'string') {
    try {
      const parsed: unknown = JSON.parse(settings);
      if (parsed && typeof parsed === 'object') s = parsed as Record<string, unknown>;
    } catch {
      s = {};
    }
  } else if (settings && typeof settings === 'object') s = settings as Record<string, unknown>;
  const due = Number(s.due_days);
  // The owner's manual M-Pesa details (printed whether or not the M-Pesa STK Push is configured).
  const till = str(s.mpesa_till);
  const paybill = str(s.mpesa_paybill);
  const mpesa = [
    till && `M-Pesa Buy Goods till: ${till.trim()}`,
    paybill && `M-Pesa Paybill: ${paybill.trim()}${str(s.mpesa_account) ? `, account: ${String(s.mpesa_account).trim()}` : ''}`,
  ];
  const extra = [str(s.bank_account), str(s.mobile_money), ...mpesa].filter(Boolean).join('\n');
  return {
    currency: str(s.currency) ?? DEFAULT_CURRENCY,
    invoice_prefix: str(s.invoice_prefix) ?? DEFAULT_NUMBER_PREFIX.invoice,
    quote_prefix: str(s.quote_prefix) ?? DEFAULT_NUMBER_PREFIX.quote,
    sale_prefix: str(s.sale_prefix) ?? DEFAULT_NUMBER_PREFIX.sale,
    credit_note_prefix: str(s.credit_note_prefix) ?? DEFAULT_NUMBER_PREFIX.credit_note,
    due_days: Number.isInteger(due) && due >= 0 && due <= 3650 ? due : DEFAULT_DUE_DAYS,
    payment_instructions: str(s.payment_instructions) ?? extra,
  };
}

/** The number prefix of a kind's series. */
export function numberPrefixFor(
  defaults: Pick<InvoiceDefaults, 'invoice_prefix' | 'quote_prefix' | 'sale_prefix' | 'credit_note_prefix'>,
  kind: string,
): string {
  if (kind === 'credit_note') return defaults.credit_note_prefix;
  return kind === 'quote' ? defaults.quote_prefix : kind === 'sale' ? defaults.sale_prefix : defaults.invoice_prefix;
}

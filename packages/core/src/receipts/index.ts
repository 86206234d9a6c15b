/**
 * Receipts (issue 18): every payment on an invoice, online or recorded by hand, has one. The number comes from
 * the payment's own id, so the device (offline) and the server give the same receipt the same number without
 * asking anyone, and it never changes when another payment is added or removed.
 */
import { documentShowsMinor, showsMinorUnits } from '../amounts/format';
import { computeInvoiceTotals, type InvoiceMathInput } from '../amounts/math';
import type { InvoicePayment } from '../invoices/schemas';
import { paidWithBrand } from '../language/documents';

export const RECEIPT_METHOD_LABELS: Record<string, string> = {
  cash: 'Cash',
  bank_transfer: 'Bank transfer',
  mobile_money: 'Mobile money',
  card: 'Card',
  mpesa: 'M-Pesa',
  other: 'Other',
  withholding: 'Tax withheld',
};

export interface Receipt {
  number: string;
  payment_id: string;
  invoice_id: string;
  invoice_number: string;
  date: string;
  method: string;
  /** The mobile-money wallet paid with, when known (MTN MoMo): named instead of 'Mobile money' (t18 C2). */
  wallet?: string;
  method_label: string;
  reference: string;
  amount: number;
  currency: string;
  invoice_total: number;
  /** What the invoice's credit notes issued up to this payment's day took off (issue 26): invoice_total − credited −
   * paid_to_date = balance_left, as the receipt prints it. */
  credited: number;
  /** Real money paid on this invoice up to and including this payment (a test receipt: its own amount too). */
  paid_to_date: number;
  /** What was still owed right after this payment, less the credit notes issued up to its date (never below 0). */
  balance_left: number;
  /** A test payment (TEST MODE, no real money): stamped TEST wherever the receipt is shown. */
  test: boolean;
  /** Its invoice prints minor units (core documentShowsMinor; t20: the invoice e-mail said KES 3,733.00 and its receipt
   * KES 2,733): the receipt then prints them too. Absent when the receipt was made without the invoice's lines. */
  shows_minor?: boolean;
}

/** ' (TEST)' after the method of a test payment: the stamp every receipt, e-mail and PDF shows. */
export const testStamp = (r: { test?: boolean }): string => (r.test ? ' (TEST)' : '');

/** RCT- and the first 10 hex digits of the payment id, upper case (e.g. RCT-3F2A9C01B7). */
export function receiptNumber(paymentId: string): string {
  return `RCT-${paymentId.replace(/-/g, '').slice(0, 10).toUpperCase()}`;
}

type ReceiptInvoice = {
  id: string;
  number: string;
  currency: string;
  total_due: number;
  payments: Array<Pick<InvoicePayment, 'id' | 'amount' | 'date' | 'method' | 'reference' | 'test' | 'wallet'>>;
} & Partial<InvoiceMathInput>;

/**
 * A credit note of the invoice as its receipts read it (issue 26): what it took off and the day it was issued
 * (its issue_date). Live ones only: a void credit note took nothing off.
 */
export interface ReceiptCredit {
  issue_date: string;
  total_due: number;
}

/**
 * What the credit notes issued up to `date` (that day included) took off. A receipt shows the balance as at its
 * payment: a credit note issued later does not change an older receipt printed again. Payments carry a day, not a
 * time, so a credit note of the same day counts (the usual case: credited, then the rest paid).
 */
export function creditedAsAt(credits: readonly ReceiptCredit[], date: string): number {
  return credits.reduce((s, c) => (c.issue_date <= date ? s + c.total_due : s), 0);
}

/**
 * The receipts of an invoice in the order the money came in (date, then the order recorded). `credits`: the
 * invoice's live credit notes, each taken off the balance of the receipts from its day on.
 */
export function receiptsOf(inv: ReceiptInvoice, credits: readonly ReceiptCredit[]): Receipt[] {
  const ordered = inv.payments.map((p, i) => ({ p, i })).sort((a, b) => (a.p.date === b.p.date ? a.i - b.i : a.p.date < b.p.date ? -1 : 1));
  // Real money only (issue 22): a test payment never counts on a real receipt; a test receipt (stamped TEST)
  // shows what the TEST MODE journey has left after it (core testModeBalance, issue 25): the real payments and the
  // test payments before it and its own, as the owner's invoice and the pay page read it.
  let paid = 0;
  let tested = 0;
  // The invoice's own rule for minor units (its lines, fees, totals, payments), when its lines are at hand.
  const invoiceMinor = inv.lines ? documentShowsMinor({ ...inv, lines: inv.lines }, computeInvoiceTotals(inv as InvoiceMathInput)) : undefined;
  const out: Receipt[] = [];
  for (const { p } of ordered) {
    const credited = creditedAsAt(credits, p.date);
    if (p.test === true) tested += p.amount;
    else paid += p.amount;
    // A refund paid out (t21 R1) lowers what was paid to date: it is no receipt of money received.
    if ((p as { refund?: boolean }).refund) continue;
    const toDate = p.test === true ? paid + tested : paid;
    out.push({
      number: receiptNumber(p.id),
      payment_id: p.id,
      invoice_id: inv.id,
      invoice_number: inv.number,
      date: p.date,
      method: p.method,
      ...(p.wallet ? { wallet: p.wallet } : {}),
      method_label: `${paidWithBrand(p) ?? RECEIPT_METHOD_LABELS[p.method] ?? p.method}${testStamp(p)}`,
      reference: p.reference ?? '',
      amount: p.amount,
      currency: inv.currency,
      invoice_total: inv.total_due,
      credited,
      paid_to_date: toDate,
      balance_left: Math.max(0, inv.total_due - credited - toDate),
      test: p.test === true,
      ...(invoiceMinor !== undefined ? { shows_minor: invoiceMinor } : {}),
    });
  }
  return out;
}

export function receiptFor(inv: ReceiptInvoice, paymentId: string, credits: readonly ReceiptCredit[]): Receipt | null {
  return receiptsOf(inv, credits).find((r) => r.payment_id === paymentId) ?? null;
}

/**
 * A receipt (PDF, e-mail, WhatsApp, SMS) shows minor units on every amount once one of its amounts has them
 * (issue 23): ₦2,512.88 paid, ₦30,992.12 left, never ₦33,505 beside them; and whenever its invoice shows them (t20:
 * KES 3,733.00 on the invoice e-mail, KES 2,733.00 paid on its receipt, not KES 2,733).
 */
export function receiptShowsMinor(
  r: Pick<Receipt, 'amount' | 'invoice_total' | 'paid_to_date' | 'balance_left' | 'currency' | 'shows_minor'> & { credited?: number },
): boolean {
  return r.shows_minor === true || showsMinorUnits([r.amount, r.invoice_total, r.credited ?? 0, r.paid_to_date, r.balance_left], r.currency);
}

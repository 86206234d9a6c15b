/** How an invoice's payment was made (its `method`). Here, below invoices/ and fiscal/, so both read one list. */
// 'withholding': the part of an invoice the client paid to the tax authority for the business (withholding tax: a
// Nigerian, Kenyan or Ghanaian company client deducts 2–10 % and gives a certificate); it settles the invoice like a
// payment, but is no money received.
export const INVOICE_PAYMENT_METHODS = ['cash', 'bank_transfer', 'mobile_money', 'card', 'other', 'withholding'] as const;
export type InvoicePaymentMethod = (typeof INVOICE_PAYMENT_METHODS)[number];

/** What of an invoice's payments is tax its client withheld (TEST MODE payments left out): settled, but no money paid. */
export function withheldOf(payments: ReadonlyArray<{ amount: number; method?: string; test?: boolean }> | null | undefined): number {
  return (payments ?? []).reduce((sum, p) => (p.method === 'withholding' && !p.test ? sum + p.amount : sum), 0);
}

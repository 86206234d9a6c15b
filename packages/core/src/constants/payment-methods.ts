/** How an invoice's payment was made (its `method`). Here, below invoices/ and fiscal/, so both read one list. */
export const INVOICE_PAYMENT_METHODS = ['cash', 'bank_transfer', 'mobile_money', 'card', 'other'] as const;
export type InvoicePaymentMethod = (typeof INVOICE_PAYMENT_METHODS)[number];

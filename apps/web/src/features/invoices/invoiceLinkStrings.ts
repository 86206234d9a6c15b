import { registerStrings } from '../../i18n';

/**
 * English strings of the public invoice page, thank-you and the public 404 (namespace 'invoiceLink'): what a
 * customer opening an invoice link downloads, apart from the owner's invoice screens (namespace 'invoices').
 */
export const INVOICE_LINK_STRINGS = {
  balance: 'Balance',
  total: 'Total',
  status: {
    all: 'All',
    draft: 'Draft',
    ready: 'Ready',
    sent: 'Sent',
    partially_paid: 'Partially paid',
    paid: 'Paid',
    overdue: 'Overdue',
    void: 'Void',
    accepted: 'Accepted',
    converted: 'Converted',
  },
  issueDate: 'Issue date',
  dueDate: 'Due date',
  description: 'Description',
  quantity: 'Qty',
  lineTotal: 'Amount',
  inclusive: 'inclusive',
  discount: 'Discount',
  notes: 'Notes',
  terms: 'Terms',
  paymentInstructions: 'Payment instructions',
  subtotal: 'Subtotal',
  taxTotal: 'Total tax',
  feeTotal: 'Total fees',
  totalDue: 'Total due',
  amountPaid: 'Paid',
  download: 'Download PDF',
  publicTitle: 'Invoice {{number}}',
  publicTaxId: 'Tax ID: {{value}}',
  publicRegistration: 'Reg. no.: {{value}}',
  publicTitle_quote: 'Quote {{number}}',
  publicLanguage: 'Language',
  billTo: 'Bill to',
  pay: 'Pay {{balance}}',
  nothingOwed: 'This invoice is fully paid. Thank you!',
  publicNotFound: 'This invoice link is not valid.',
  publicLoading: 'Loading',
  publicDismiss: 'Dismiss',
  pageNotFound: 'Page not found',
  openDuka: 'Open Duka',
  publicVoid: 'This invoice was cancelled.',
  publicVoid_quote: 'This quote was cancelled.',
  thankYouTitle: 'Thank you!',
  thankYouBody: 'Your payment went through. The invoice shows it as soon as the card provider confirms it, usually within a minute.',
  backToInvoice: 'Back to the invoice',
} as const;

registerStrings('invoiceLink', INVOICE_LINK_STRINGS);

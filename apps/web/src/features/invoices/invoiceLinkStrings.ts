import { registerStrings } from '../../i18n/lite';

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
    credited: 'Credited',
    overdue: 'Overdue',
    void: 'Void',
    accepted: 'Accepted',
    converted: 'Converted',
  },
  validUntil: 'Valid until',
  issueDate: 'Issue date',
  dueDate: 'Due date',
  description: 'Description',
  quantity: 'Qty',
  lineTotal: 'Amount',
  inclusive: 'included',
  taxApplies: 'VAT applies',
  discount: 'Discount',
  rounding: 'Rounding',
  notes: 'Notes',
  terms: 'Terms',
  paymentInstructions: 'Payment instructions',
  subtotal: 'Subtotal',
  taxTotal: 'Total tax',
  feeTotal: 'Total fees',
  totalDue: 'Total due',
  withheld: 'Tax withheld',
  amountPaid: 'Paid',
  /** A refund paid out to the client once a credit note left one due (t21 R1). */
  refunded: 'Refunded to you',
  // What the invoice's credit notes took off (issue 26): total − credited − paid = balance.
  credited: 'Credited',
  download: 'Download PDF',
  publicTitle: 'Invoice {{number}}',
  publicTaxId: 'Tax ID: {{value}}',
  /** A tax invoice's supplier number (South Africa, VAT Act s 20(4); as on its PDF). */
  publicVatNumber: 'VAT reg. no.: {{value}}',
  publicRegistration: 'Reg. no.: {{value}}',
  publicTitle_tax: 'Tax invoice {{number}}',
  publicTitle_quote: 'Quote {{number}}',
  publicTitle_sale: 'Sale {{number}}',
  publicTitle_credit_note: 'Credit note {{number}}',
  publicLanguage: 'Language',
  billTo: 'Bill to',
  /** A quote bills nobody yet: it is prepared for the client (as on its PDF). */
  billTo_quote: 'Prepared for',
  /** The status chip of a quote's public page (a quote, not an invoice: fr « Envoyé », « Refusé »). */
  quoteStatus: { ready: 'Ready', sent: 'Sent', accepted: 'Accepted', declined: 'Declined', void: 'Cancelled' },
  pay: 'Pay {{balance}}',
  /** The card button says it is the card (t16): the rail buttons beside it also start with 'Pay {balance}'. */
  payByCard: 'Pay {{balance}} by card',
  payByCardNoAmount: 'Pay by card',
  /** Beside the status when test payments were made (TEST MODE, issue 22): what the tag 'Paid (TEST)' means. */
  testPaidNote: 'A test payment (TEST MODE): no money was received.',
  /** What TEST MODE payments took and left (issue 25), worded as on the invoice PDF. */
  testModePaid: 'Paid in TEST MODE (no real money)',
  testModeBalance: 'Balance after TEST MODE',
  nothingOwed: 'This invoice is fully paid. Thank you!',
  // Credit notes took back more than was unpaid (issue 26 F2): never "paid, thank you".
  nothingOwedCredited: 'This invoice was credited in full: nothing is owed.',
  refundDueToYou: 'A refund of {{amount}} is due to you.',
  refundDueOwner: 'Refund due {{amount}}',
  publicNotFound: 'This invoice link is not valid.',
  publicNotSent: 'This invoice has not been sent yet. Ask the business to send it to you.',
  publicLoading: 'Loading',
  publicDismiss: 'Dismiss',
  pageNotFound: 'Page not found',
  openDuka: 'Open Duka',
  publicVoid: 'This invoice was cancelled.',
  publicVoid_quote: 'This quote was cancelled.',
  thankYouTitle: 'Thank you!',
  thankYouBody: 'Your payment went through. The invoice shows it as soon as the card provider confirms it, usually within a minute.',
  backToInvoice: 'Back to the invoice',
  // A rail's button (issue 25; its form, in the 'rails' strings, loads when tapped).
  railPayWith: 'Pay {{amount}} with {{rail}}',
  railPayWithNoAmount: 'Pay with {{rail}}',
  /** The amount box asks more than TEST payments left (issue 25): the TEST MODE ways wait until it asks at most that. */
  testLeftHint: '{{test}} can take at most {{amount}}, what TEST payments left.',
  testLeftUse: 'Pay {{amount}} instead',
  /** The thank-you page after a TEST MODE payment: no money moved (t16). */
  thankYouBodyTest: 'This was a test payment (TEST MODE): no real money moved. The invoice shows it as paid in TEST MODE.',
  /** …after a part (t20 H1): partly paid, and what is left. */
  thankYouBodyTestPart: 'This was a test payment (TEST MODE): no real money moved. The invoice shows it as partly paid in TEST MODE: {{left}} is left to pay.',
  /** …while the invoice is still being read. */
  thankYouBodyTestShort: 'This was a test payment (TEST MODE): no real money moved.',
  /** A payment's receipt PDF (t18 E2): on the paid or part-paid pay page and the thank-you page. */
  downloadReceipt: 'Download receipt {{number}} ({{amount}})',
  railTestMode: 'TEST MODE',
} as const;

registerStrings('invoiceLink', INVOICE_LINK_STRINGS);

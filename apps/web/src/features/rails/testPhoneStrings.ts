import { registerStrings } from '../../i18n/lite';

/** English strings of test phone (TEST MODE), Duka's stand-in for the customer's phone (namespace 'testPhone', issue 25). */
export const TEST_PHONE_STRINGS = {
  phoneTitle: 'Test phone',
  phoneBanner: 'TEST MODE — no real money moves. This page stands in for the customer’s phone.',
  checkoutTitle: 'Test checkout',
  checkoutBanner: 'TEST MODE — no real money moves. This page stands in for {{rail}}’s checkout.',
  phonePrompt: '{{business}} asks you to pay {{amount}} with {{rail}} for invoice {{number}}.',
  phoneNumber: 'Phone: {{phone}}',
  approve: 'Approve',
  decline: 'Decline',
  letTimeOut: 'Let it time out',
  answered: {
    approved: 'You approved the payment. The invoice page shows it as paid.',
    /** Approved, but it was a part (t20 H1): the invoice is partly paid. */
    approvedPart: 'You approved the payment. The invoice page shows it as partly paid: {{left}} is left to pay.',
    declined: 'You declined the payment.',
    timed_out: 'The prompt timed out.',
  },
  voucherTitle: 'Your voucher code',
  voucherBody: '{{rail}} asks for a voucher before the payment prompt. Type this code on the invoice page; the prompt then comes to this phone.',
  backToInvoice: 'Back to the invoice',
  notFound: 'This test prompt was not found.',
} as const;

registerStrings('testPhone', TEST_PHONE_STRINGS);

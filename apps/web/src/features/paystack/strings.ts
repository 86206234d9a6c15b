import { registerStrings } from '../../i18n/lite';

/** English strings of the Paystack checkout on the public invoice page (namespace 'paystack'). */
export const PAYSTACK_STRINGS = {
  payNow: 'Pay now',
  opening: 'Opening the checkout…',
  invoiceAmount: 'Invoice amount',
  processingFee: 'Processing fee',
  youPay: 'You pay',
  channelsLabel: 'Pay by',
  channel: { card: 'Card', bank_transfer: 'Bank transfer', ussd: 'USSD', mobile_money: 'Mobile money' },
  checkoutTitle: 'Pay {{business}}',
  checkoutFor: 'Invoice {{number}}',
  testMode: 'TEST MODE: no real money moves. Use card 4242 4242 4242 4242 or 4084 0840 8408 4081, or choose another way to pay.',
  howToPay: 'How do you want to pay?',
  cardNumber: 'Card number',
  exp: 'Expiry (MM/YY)',
  cvc: 'CVC',
  nameOnCard: 'Name on card',
  transferHint: 'Transfer {{amount}} to the account shown by your bank app, then confirm.',
  ussdHint: 'Dial the USSD code from your bank for {{amount}}, then confirm.',
  momoHint: 'Approve {{amount}} on your mobile money wallet, then confirm.',
  pay: 'Pay {{amount}}',
  confirmPaid: 'I have paid {{amount}}',
  alreadyPaid: 'This checkout was already paid.',
  closed: 'This checkout is closed. Open the invoice link again.',
  cancel: 'Cancel and go back to the invoice',
  checking: 'Checking your payment with Paystack…',
  pendingTitle: 'Payment not confirmed yet',
  pendingBody: 'We have not received your payment yet. If you paid, it can take a minute: check again.',
  checkAgain: 'Check again',
  failedTitle: 'Payment failed',
  backToInvoice: 'Back to the invoice',
  settingsTitle: 'Online payments (Paystack)',
  settingsIntro: 'Naira invoices get a button naming the amount (“Pay ₦10,000”) that opens the Paystack checkout with the ways you allow.',
  customerPaysFee: 'The customer pays the processing fee',
  customerPaysFeeHint:
    'Shown as its own line before paying. Paystack charges 1.5% + ₦100 (no ₦100 under ₦2,500), at most ₦2,000: on {{example}} the customer adds {{fee}}.',
} as const;

registerStrings('paystack', PAYSTACK_STRINGS);

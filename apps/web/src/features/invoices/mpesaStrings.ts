import { registerStrings } from '../../i18n/lite';

/** English strings of "Pay with M-Pesa" on the public invoice page (namespace 'mpesa'). */
export const MPESA_STRINGS = {
  payAmount: 'Pay {{amount}} with M-Pesa',
  phoneLabel: 'M-Pesa phone number',
  phoneHint: 'For example 0712 345 678. You will get a prompt on this phone to enter your M-Pesa PIN.',
  send: 'Send the prompt to my phone',
  checkPhone: 'Check your phone',
  checkPhoneBody: 'Enter your M-Pesa PIN on the prompt to pay {{amount}}. This page updates by itself.',
  waiting: 'Waiting for M-Pesa',
  paid: 'Paid. Thank you!',
  cancelled: 'You cancelled the M-Pesa prompt.',
  timedOut: 'The M-Pesa prompt timed out. Make sure your phone is on and unlocked, then try again.',
  failed: 'M-Pesa could not take the payment: {{message}}',
  stillWaiting: 'We have not heard back from M-Pesa yet. If you paid, this page will show it soon; otherwise try again.',
  tryAgain: 'Try again',
  cancel: 'Cancel',
} as const;

registerStrings('mpesa', MPESA_STRINGS);

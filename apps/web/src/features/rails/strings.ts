import { registerStrings } from '../../i18n/lite';

/** English strings of the mobile-money and hosted rails on the public invoice page (namespace 'rails', issue 25). */
export const RAIL_STRINGS = {
  payWith: 'Pay {{amount}} with {{rail}}',
  testMode: 'TEST MODE',
  goToCheckout: 'Continue to {{rail}}',
  confirming: 'Checking your payment with {{rail}}…',
  waiting: 'Waiting for {{rail}}',
  left: 'Still to pay: {{left}}.',
  promptWaiting: 'A prompt already waits on {{phone}}: answer it, or wait until it expires.',
  promptWaitingOther:
    'A payment prompt for this invoice already waits on the phone that asked for it. Wait until it is answered or expires (about 2 minutes), then try again.',
  receipt: 'Paid {{amount}} with {{rail}}. Transaction id: {{id}}',
  cancelled: 'The {{rail}} payment was declined.',
  cancelledOnCheckout: 'The {{rail}} payment was cancelled. You can try again.',
  timedOut: 'The {{rail}} prompt timed out. Make sure your phone is on and unlocked, then try again.',
  /** A hosted checkout (card, bank transfer, USSD) left unfinished: no phone prompt is involved (t19 N1). */
  timedOutCheckout: 'The {{rail}} checkout was not finished in time, so nothing was paid. You can try again.',
  failed: '{{rail}} could not take the payment: {{message}}',
  stillWaiting: 'We have not heard back from {{rail}} yet. If you paid, this page will show it soon; otherwise try again.',
  tryAgain: 'Try again',
  /** Paid in full: on to the thank-you page. */
  done: 'Done',
  cancel: 'Cancel',
} as const;

registerStrings('rails', RAIL_STRINGS);

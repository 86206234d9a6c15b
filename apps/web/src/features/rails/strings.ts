import { registerStrings } from '../../i18n';

/** English strings of the mobile-money and hosted rails on the public invoice page (namespace 'rails', issue 25). */
export const RAIL_STRINGS = {
  payWith: 'Pay {{amount}} with {{rail}}',
  testMode: 'TEST MODE',
  phoneLabel: '{{rail}} phone number',
  phoneHint: 'For example {{example}}. You will get a prompt on this phone to approve the payment.',
  phoneInvalid: 'Enter your {{rail}} number ({{country}}), for example {{example}}',
  networkLabel: 'Network',
  networkPick: 'Choose your network',
  send: 'Send the prompt to my phone',
  goToCheckout: 'Continue to {{rail}}',
  checkPhone: 'Check your phone',
  checkPhoneBody: 'Approve the {{rail}} prompt on your phone to pay {{amount}}. This page updates by itself.',
  openTestPhone: 'Open the test phone (TEST MODE)',
  waiting: 'Waiting for {{rail}}',
  paid: 'Paid. Thank you!',
  receipt: 'Paid {{amount}} with {{rail}}. Transaction id: {{id}}',
  cancelled: 'The {{rail}} payment was declined.',
  timedOut: 'The {{rail}} prompt timed out. Make sure your phone is on and unlocked, then try again.',
  failed: '{{rail}} could not take the payment: {{message}}',
  stillWaiting: 'We have not heard back from {{rail}} yet. If you paid, this page will show it soon; otherwise try again.',
  tryAgain: 'Try again',
  cancel: 'Cancel',
  // The test phone (TEST MODE)
  phoneTitle: 'Test phone',
  phoneBanner: 'TEST MODE — no real money moves. This page stands in for the customer’s phone.',
  phonePrompt: '{{business}} asks you to pay {{amount}} with {{rail}} for invoice {{number}}.',
  phoneNumber: 'Phone: {{phone}}',
  approve: 'Approve',
  decline: 'Decline',
  letTimeOut: 'Let it time out',
  answered: {
    approved: 'You approved the payment. The invoice page shows it as paid.',
    declined: 'You declined the payment.',
    timed_out: 'The prompt timed out.',
  },
  backToInvoice: 'Back to the invoice',
  settingsLabel: 'Ways to pay on the invoice page',
  settingsHint: 'Customers see these on your invoice link. Those not set up on this server run in TEST MODE.',
  settingsNone: 'Choose at least one way to pay.',
  card: 'Card',
  notFound: 'This test prompt was not found.',
} as const;

registerStrings('rails', RAIL_STRINGS);

import { registerStrings } from '../i18n/lite';

/**
 * English strings every page uses, the public pay page included (errors, close, back). The signed-in app's own ('ui'
 * namespace too) are in appStrings.ts, so the pay page does not load them (issue 25: 120 KB gz).
 */
export const UI_STRINGS = {
  errors: {
    offline: 'You appear to be offline. Connect to the internet and try again.',
    timeout: 'The server took too long to answer. Please try again.',
    generic: 'Something went wrong on our side. Please try again.',
    /** The daily sending quota (issue 22): error.fields.quota names which one ran out. */
    quota: {
      mail_account: "Your account has sent today's most e-mails. Try again tomorrow; paid plans send more.",
      mail_recipient: 'This address has had the most e-mails we send to one address in a day. Try again tomorrow.',
      sms_account: "Your account has sent today's most SMS. Try again tomorrow; paid plans send more.",
      sms_recipient: 'This number has had the most SMS we send to one number in a day. Try again tomorrow.',
      mpesa_invoice: 'This invoice has had too many M-Pesa prompts. Please try again {{wait}}, or pay another way.',
      mpesa_phone: 'This phone number has had too many M-Pesa prompts. Please try again {{wait}}, or pay another way.',
      rail_invoice: 'This invoice has had too many payment requests. Please try again {{wait}}, or pay another way.',
      rail_phone: 'This phone number has had too many payment prompts. Please try again {{wait}}, or pay another way.',
    },
    /** The wait the server gives (429 fields.retry_after, t18 U1): 'Please try again in 12 minutes'. */
    wait: {
      minutes_one: 'in a minute',
      minutes_other: 'in {{count}} minutes',
      hours_one: 'in an hour',
      hours_other: 'in {{count}} hours',
      unknown: 'in a few minutes',
    },
  },
  close: 'Close',
  back: 'Back',
  loading: 'Loading',
  /** Between two ways of typing a phone number: '0712 123 456 or +254 712 123 456'. */
  or: 'or',
};

registerStrings('ui', UI_STRINGS);

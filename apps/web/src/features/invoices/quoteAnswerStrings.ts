import { registerStrings } from '../../i18n/lite';

/**
 * English strings of the customer's answer to a quote on its public page (namespace 'quoteAnswer', issue 23 item 11):
 * they load with that answer (QuoteAnswer), never with an invoice's pay page (issue 25: pay page JS).
 */
export const QUOTE_ANSWER_STRINGS = {
  accept: 'Accept quote',
  decline: 'Decline',
  declineTitle: 'Decline this quote?',
  declineReason: 'Reason (optional)',
  declineHint: 'Tell the business why, so they can make a better offer.',
  declineSend: 'Decline quote',
  cancel: 'Cancel',
  accepted: 'You accepted this quote. The business has been told and it is now an invoice.',
  viewInvoice: 'View the invoice',
  declined: 'You declined this quote. The business has been told.',
  declinedReason: 'Your reason: {{reason}}',
} as const;

registerStrings('quoteAnswer', QUOTE_ANSWER_STRINGS);

import { registerStrings } from '../../i18n';

/** English strings of credit notes (namespace 'credit', issue 26). */
export const CREDIT_STRINGS = {
  action: 'Credit note',
  kind: 'Credit note',
  title: 'Credit note for {{number}}',
  intro: 'Choose what to credit and say why. The credit note lowers what {{client}} owes.',
  each: '{{price}} each',
  quantity: 'Quantity to credit',
  upTo: 'Up to {{max}}',
  all: 'Credit the whole invoice',
  reason: 'Reason',
  reasonPlaceholder: 'e.g. goods returned, price agreed lower',
  total: 'Credit note total',
  remaining: 'Still creditable on this invoice: {{amount}}',
  issue: 'Issue credit note',
  issued: 'Credit note {{number}} issued',
  creditsInvoice: 'Credits invoice {{number}}',
  reasonShown: 'Reason: {{reason}}',
  listTitle: 'Credit notes',
  totalCredited: 'Total credited',
  fullyCredited: 'This invoice is fully credited.',
  cancel: 'Cancel',
  notFound: 'This invoice was not found on this device.',
  rules: {
    notInvoice: 'Only an invoice can be credited.',
    voidInvoice: 'This invoice is void: there is nothing to credit.',
    notSent: 'Send the invoice first: a draft or a ready invoice can still be edited instead.',
    reasonRequired: 'Give the reason for the credit note.',
    reasonTooLong: 'Keep the reason within 500 characters.',
    noLines: 'Choose at least one line and a quantity to credit.',
    unknownLine: 'This line is not on the invoice.',
    badQuantity: 'The quantity must be more than 0, with at most 3 decimals.',
    tooMuch: 'More than remains to credit on this line.',
    overTotal: 'The credit note would take more than remains creditable on the invoice.',
    nothingLeft: 'This invoice is fully credited already.',
    immutable: 'A credit note cannot be changed once issued.',
    noPayments: 'A credit note takes no payments.',
  },
} as const;

registerStrings('credit', CREDIT_STRINGS);

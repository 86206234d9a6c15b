import { registerStrings } from '../../i18n';

/** English strings of an invoice change the server refused (namespace 'refused', t19 N6). */
export const REFUSED_STRINGS = {
  title: 'Your change was not saved',
  body: '{{reason}}',
  shown: 'Shown below: the invoice as it is saved.',
  notShown: 'Shown below: your change, which is not saved (connect to see the saved invoice).',
  review: 'Review',
  creditedLocked: 'This invoice has credit notes: its lines, taxes and discount cannot change. Issue another credit note instead.',
  discard: 'Discard',
} as const;

registerStrings('refused', REFUSED_STRINGS);

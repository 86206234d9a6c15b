import { registerStrings } from '../../i18n';

/** English strings of the invoice's earlier values kept by the server (namespace 'invoiceConflict', t20 U3). */
export const INVOICE_CONFLICT_STRINGS = {
  title: 'Edited on another device',
  body: 'A later save replaced some of this invoice’s values: an edit made on another device at the same time, or a change after a payment. The latest save was kept; the values it replaced are below so nothing is lost.',
  line: '{{quantity}} × {{description}} at {{price}}',
  lines: 'Lines',
  client: 'Client',
  otherClient: 'Another client',
  discount: 'Discount',
  total: 'Total',
  notes: 'Notes',
  terms: 'Terms',
  instructions: 'Payment instructions',
  issueDate: 'Date',
  dueDate: 'Due date',
  none: 'None',
  askTitle: 'Changed on another device while you were editing',
  askBody:
    'This invoice was saved on another device after you opened it. Its other changes are kept with yours; these were changed on both: choose which to keep.',
  askBody_quote:
    'This quote was saved on another device after you opened it. Its other changes are kept with yours; these were changed on both: choose which to keep.',
  theirs: 'On the other device',
  yours: 'Yours',
  removed: 'Removed',
  keepTheirs: 'Keep the other device’s',
  useMine: 'Use mine',
  merged: 'Saved, with the changes made on another device meanwhile',
  fees: 'Taxes and fees',
  currency: 'Currency',
  partPayments: 'Part payments',
  partOn: 'On',
  partOff: 'Off',
  partDefault: 'As in your settings',
  rate: 'Exchange rate',
} as const;

registerStrings('invoiceConflict', INVOICE_CONFLICT_STRINGS);

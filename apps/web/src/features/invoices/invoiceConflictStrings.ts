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
} as const;

registerStrings('invoiceConflict', INVOICE_CONFLICT_STRINGS);

import { registerStrings } from '../../i18n';

/** English strings of the owner's part-payment settings (namespace 'partpay', issue 23 item 10). */
export const PART_PAY_STRINGS = {
  title: 'Part payments',
  allow: 'Customers may pay part of an invoice online',
  allowHint: 'The pay page then has an amount field, from the minimum below up to the balance. Each invoice can say otherwise.',
  min: 'Least amount of a part payment',
  minHint: 'Never less than {{floor}} (smaller payments cost more in fees than they bring). The whole balance can always be paid.',
  invoiceLabel: 'Part payments online',
  invoiceDefaultOn: 'As in invoice settings (allowed)',
  invoiceDefaultOff: 'As in invoice settings (not allowed)',
  invoiceOn: 'Allowed for this invoice',
  invoiceOff: 'Not allowed for this invoice',
} as const;

registerStrings('partpay', PART_PAY_STRINGS);

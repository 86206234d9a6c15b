import { registerStrings } from '../../i18n';

/** English strings of the end-of-day cash-up (namespace 'cashUp', t21 P4). */
export const CASH_UP_STRINGS = {
  open: 'End of day',
  title: 'End of day',
  day: 'Day',
  intro: 'What to count the till against, from this device’s records (works offline).',
  empty: 'No sales, payments or refunds on {{date}}.',
  backToSell: 'Back to selling',
  sales_one: '{{count}} sale',
  sales_other: '{{count}} sales',
  salesTotal: 'Sales made',
  received: 'Money received',
  refunds: 'Refunds given',
  net: 'Net taken',
  payments_one: '{{count}} payment',
  payments_other: '{{count}} payments',
  refundCount_one: '{{count}} refund',
  refundCount_other: '{{count}} refunds',
  cashExpected: 'Cash expected in the drawer',
  cashHint: 'Cash received less cash refunded, on top of the float the drawer started the day with.',
  methods: { cash: 'Cash', bank_transfer: 'Bank transfer', mobile_money: 'Mobile money', card: 'Card', other: 'Other' },
  print: 'Print',
  printedTitle: 'Cash-up {{date}}',
};

registerStrings('cashUp', CASH_UP_STRINGS);

import { registerStrings } from '../../i18n';

/** English strings of the VAT return page (namespace 'vat', issue 26). */
export const VAT_STRINGS = {
  link: 'VAT return',
  title: 'VAT return',
  intro: 'Output tax on the invoices issued in the period, less credit notes, less the input tax on your expenses.',
  from: 'From',
  to: 'To',
  currency: 'Currency',
  period: 'Period',
  tax: 'Tax',
  rate: 'Rate',
  // Each column says its basis (issue 26): the taxable amount and the net are after credit notes, the output tax before.
  taxable: 'Taxable, after credit notes',
  outputTax: 'Output tax on invoices',
  creditNotes: 'Less tax on credit notes',
  net: 'Net output tax',
  basis: 'Taxable and net output tax are after credit notes; output tax on invoices is before them.',
  totalOutput: 'Output tax less credit notes',
  inputTax: 'Input tax (expenses)',
  netPayable: 'Net VAT payable',
  netRefund: 'Net VAT to reclaim',
  counts: '{{invoices}}, {{credits}}, {{expenses}}',
  countInvoices_one: '{{count}} invoice',
  countInvoices_other: '{{count}} invoices',
  countCredits_one: '{{count}} credit note',
  countCredits_other: '{{count}} credit notes',
  countExpenses_one: '{{count}} expense',
  countExpenses_other: '{{count}} expenses',
  // The period in the app's date format (1 Nov 26 – 26 Nov 26), as everywhere else (issue 23).
  periodLine: '{{from}} – {{to}}',
  /** After the period's days, for an Ethiopian business: the Ethiopian month it files (VAT Proclamation 1341/2024). */
  ethiopianMonth: 'Ethiopian month {{month}}',
  none: 'No tax charged in this period.',
  csv: 'CSV',
  pdf: 'PDF',
  badPeriod: 'Choose a start date on or before the end date.',
  // t19 N5: invoices in other currencies, counted at each one's exchange rate.
  foreignCounted_one: '{{count}} document in {{currency}}: VAT {{tax}}, counted above as {{home}} at its exchange rate.',
  foreignCounted_other: '{{count}} documents in {{currency}}: VAT {{tax}}, counted above as {{home}} at each one’s exchange rate.',
  foreignExpenses_one: '{{count}} expense in {{currency}}: input tax {{tax}}, counted above as {{home}} at its exchange rate.',
  foreignExpenses_other: '{{count}} expenses in {{currency}}: input tax {{tax}}, counted above as {{home}} at each one’s exchange rate.',
  foreignMissing_one: '{{count}} document in {{currency}} has no exchange rate and is not counted: open it and enter the rate of its day.',
  foreignMissing_other: '{{count}} documents in {{currency}} have no exchange rate and are not counted: open each and enter the rate of its day.',
} as const;

registerStrings('vat', VAT_STRINGS);

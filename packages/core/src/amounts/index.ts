// Amounts: the invoice maths (integer minor units, one rounding rule) and the one way money is shown. Below every
// feature folder (invoices, orders, fiscal, records, reports, stock, language, plans read them; they read none of those).
export * from './math';
export * from './format';

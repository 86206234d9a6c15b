// @duka/core: the shared domain. Each feature adds one export line here.
export * from './money';
export * from './constants/currencies';
export * from './constants/countries';
export * from './constants/dates';
export * from './constants/timings';
export * from './accounts';
export * from './records';
export * from './ai';
export * from './invoices';
export * from './recurring';
export * from './receipts';
export * from './statements';
export * from './reminders';
export * from './reports';
export * from './plans';
export * from './mpesa';
export * from './payments';

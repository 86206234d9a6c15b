// Invoices and quotes: maths (integer minor units, one rounding rule), statuses, numbering, schemas.
export * from './math';
export * from './stored-totals';
export * from './status';
export * from './numbering';
export * from './format';
export * from './settings';
export * from './schemas';
export * from './record';
export * from './today';
export * from './commands';
export * from './write';
export * from './checks';
export * from './credit-notes';

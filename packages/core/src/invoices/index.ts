// Invoices and quotes (their maths and money formats are in ../amounts): statuses, numbering, schemas.
export * from './stored-totals';
export * from './status';
export * from './real-money';
export * from './numbering';
export * from './settings';
export * from './schemas';
export * from './record';
export * from './today';
export * from './commands';
export * from './write';
export * from './checks';
export * from './credit-notes';
export * from './void-rules';

// Every table of the app. Each module keeps its tables in its own file here; add the export below.
export * from './users';
export * from './records';
export * from './sync';
export * from './ai';
export * from './invoices';
export * from './recurring';
export * from './receipts';
export * from './reminders';
export * from './announcements';
export * from './affiliates';
export * from './billing';
export * from './limits';
export * from './admin';
export * from './fiscal';
export * from './till';

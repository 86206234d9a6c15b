// The one contract between the web app and the server: request/answer schemas and the route map.
export * from './errors';
export * from './affiliates';
export * from './content';
export * from './payments';
export * from './invoices';
export * from './routes';
export * from './routes-records';
export * from './routes-system';
export * from './open';
export * from './messages';

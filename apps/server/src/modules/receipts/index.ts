// The public entry of the receipts module: other modules and the app import only what is exported here
// (ESLint refuses imports of another module's files; tests may also use its test-utils).
export { receiptsRoutes } from './routes';
export { receiptEmailText } from './service';

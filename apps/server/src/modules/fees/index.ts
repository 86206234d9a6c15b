// The public entry of the fees module: other modules and the app import only what is exported here
// (ESLint refuses imports of another module's files; tests may also use its test-utils).
export { feesRoutes } from './routes';
export { invoiceFeeOf } from './snapshot';

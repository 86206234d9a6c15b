// The public entry of the payments module: other modules and the app import only what is exported here
// (ESLint refuses imports of another module's files; tests may also use its test-utils).
export { paymentsRoutes, type BillingEvents } from './routes';
export {
  billingProvider,
  getPayments,
  invoiceProvider,
  type BillingEvent,
  type PaymentEvent,
  type PaymentProvider,
  type ProviderSubscription,
} from './providers';
export { paystackSignature } from './paystack';
export { signTestEvent, TEST_SIGNATURE_HEADER, type TestBillingEventBody, type TestEventBody } from './test-provider';
export { offeredRails } from './rails/service';
export { paynowHash } from './rails/paynow';

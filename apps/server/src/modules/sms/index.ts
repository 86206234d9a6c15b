// The public entry of the sms module: other modules and the app import only what is exported here
// (ESLint refuses imports of another module's files; tests may also use its test-utils).
export { getSms, latestSms, smsNumber, type SmsNumber } from './service';

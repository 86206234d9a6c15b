// The public entry of the mail module: other modules and the app import only what is exported here
// (ESLint refuses imports of another module's files; tests may also use its test-utils).
export { mailRoutes } from './routes';
export { createOutboxMailer, getMailer, latestMail } from './service';
export { startOperatorSocket } from './operator-socket';

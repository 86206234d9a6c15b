// The public entry of the accounts module: other modules and the app import only what is exported here
// (ESLint refuses imports of another module's files; tests may also use its test-utils).
export { accountsRoutes } from './routes';
export { findUserById, toApiUser, type UserRow } from './user';

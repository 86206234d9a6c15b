// The public entry of the contacts module: other modules and the app import only what is exported here
// (ESLint refuses imports of another module's files; tests may also use its test-utils).
export { contactsRoutes } from './routes';
export { assertContact, permalinkHolders, preloadContacts, preloadItemContacts } from './adapter';

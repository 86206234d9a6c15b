// The public entry of the ai-writer module: other modules and the app import only what is exported here
// (ESLint refuses imports of another module's files; tests may also use its test-utils).
export { aiWriterRoutes } from './routes';
export { isBlockedAddress } from '../../lib/net/ip-policy';

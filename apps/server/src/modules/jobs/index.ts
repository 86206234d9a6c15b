// The public entry of the jobs module: other modules and the app import only what is exported here
// (ESLint refuses imports of another module's files; tests may also use its test-utils).
export { jobsRoutes } from './routes';
export { jobsOf, queueLag, type QueueLag } from './queue';

// The public entry of the metrics module: other modules and the app import only what is exported here.
export { metricsRoutes } from './routes';

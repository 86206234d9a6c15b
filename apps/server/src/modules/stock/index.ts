// The public entry of the stock module (issue 28): other modules and the app import only what is exported here.
export { stockRoutes } from './routes';

export { ocrRoutes } from './routes';

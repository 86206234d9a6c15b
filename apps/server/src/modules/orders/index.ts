export { ordersRoutes } from './routes';
export { readByModel, receiptContextOf } from './receipt-read';

// The public entry of the invoices module: other modules and the app import only what is exported here
// (ESLint refuses imports of another module's files; tests may also use its test-utils).
export { invoicesRoutes, PUBLIC_PDF_LIMIT } from './routes';
export {
  findByPublicId,
  getInvoice,
  invoiceEmailSubject,
  invoiceEmailText,
  loadParties,
  markSent,
  publicLink,
  timeZoneOf,
  toApi,
  writeInvoice,
} from './service';
export { invoicePdf, logoPng } from './pdf';
export { currentInvoice, publicIdLookup } from './adapter';
export { numberHolders, seriesMaxSql } from './numbers';
export { liveCreditNotesOf } from './credit-notes';
export { vatLinesOf } from './vat-lines';

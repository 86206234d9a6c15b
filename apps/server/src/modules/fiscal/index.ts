// The public entry of the fiscal module (issue 26): other modules and the app import only what is exported here.
export { fiscalRoutes, FISCAL_SUBMIT_JOB, FISCAL_SWEEP_JOB } from './routes';
export { queueCreditNote } from './adapter';
export { processDue, type ProcessResult } from './service';
export { fiscalResultOf, fiscalView, pdfFiscalOf, publicFiscalOf } from './views';
export { fiscalModeOf } from './units';

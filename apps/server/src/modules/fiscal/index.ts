// The public entry of the fiscal module (issue 26): other modules and the app import only what is exported here.
export { fiscalRoutes, FISCAL_SUBMIT_JOB, FISCAL_SWEEP_JOB } from './routes';
export { fiscalResultOf, fiscalView, pdfFiscalOf, processDue, publicFiscalOf, queueCreditNote, type ProcessResult } from './service';
export { fiscalModeOf } from './units';

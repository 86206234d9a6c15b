import { registerStrings } from '../../i18n';

/** English strings of the fiscal state on the owner's invoice view (issue 26, namespace 'fiscal'). */
export const FISCAL_STRINGS = {
  awaiting: 'Awaiting KRA',
  awaitingBody: 'Not yet a tax invoice. Duka sends it to KRA by itself; you can share it meanwhile.',
  awaitingRetry: 'KRA did not answer last time ({{message}}). Duka tries again by itself.',
  fiscalised: 'Fiscalised with KRA',
  refused: 'KRA refused this invoice',
  whatToFix: 'What to fix: {{fix}}',
  sendAgain: 'Send to KRA again',
  sentAgain: 'Sent to KRA again',
  testMode: 'TEST — NOT A TAX INVOICE',
  testModeBody: 'No eTIMS settings yet: Duka signs in TEST MODE. Add your KRA eTIMS settings to issue tax invoices.',
  controlUnit: 'Control unit',
  fiscalNumber: 'Fiscal number',
  receipt: 'Receipt',
  internalData: 'Internal data',
  signature: 'Signature',
  dateTime: 'Date and time',
} as const;

registerStrings('fiscal', FISCAL_STRINGS);

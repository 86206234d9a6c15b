import type { CustomerLanguage } from '../language';
import { type DocumentKey, documentText } from '../language/documents';

/** What documents and the owner's view say about fiscalisation (issue 26), in the client's or owner's language. */
export interface FiscalStrings {
  heading: string;
  /** The heading on a credit note (receipt type NC). */
  creditHeading: string;
  testBanner: string;
  awaiting: string;
  awaitingNote: string;
  fiscalised: string;
  refused: string;
  controlUnit: string;
  fiscalNumber: string;
  receipt: string;
  internalData: string;
  signature: string;
  dateTime: string;
  buyerPin: string;
  /** A credit note: the fiscal number of the sale it reverses. */
  creditsFiscalNumber: string;
  whatToFix: string;
  sendAgain: string;
}

/** Which document key holds each text (core's customer-document strings, language/strings*.ts). */
const KEYS: Record<keyof FiscalStrings, DocumentKey> = {
  heading: 'fiscalHeading',
  creditHeading: 'fiscalCreditHeading',
  testBanner: 'fiscalTestBanner',
  awaiting: 'fiscalAwaiting',
  awaitingNote: 'fiscalAwaitingNote',
  fiscalised: 'fiscalFiscalised',
  refused: 'fiscalRefused',
  controlUnit: 'fiscalControlUnit',
  fiscalNumber: 'fiscalNumber',
  receipt: 'fiscalReceipt',
  internalData: 'fiscalInternalData',
  signature: 'fiscalSignature',
  dateTime: 'fiscalDateTime',
  buyerPin: 'fiscalBuyerPin',
  creditsFiscalNumber: 'fiscalCreditsFiscalNumber',
  whatToFix: 'fiscalWhatToFix',
  sendAgain: 'fiscalSendAgain',
};

/** In TEST MODE nothing goes to KRA: these words say it was a test signature instead (like "Paid (TEST)"). */
const TEST_KEYS: Partial<Record<keyof FiscalStrings, DocumentKey>> = {
  heading: 'fiscalTestHeading',
  creditHeading: 'fiscalTestCreditHeading',
  fiscalised: 'fiscalTestFiscalised',
  refused: 'fiscalTestRefused',
  awaiting: 'fiscalTestAwaiting',
  awaitingNote: 'fiscalTestAwaitingNote',
  sendAgain: 'fiscalTestSendAgain',
};

/**
 * The fiscal block's words in a language (English for any other), read through the documents' i18next strings.
 * `test`: signed by Duka's TEST MODE unit, not KRA, so no word claims it went to KRA.
 */
export function fiscalStrings(language: CustomerLanguage | string | null | undefined, test = false): FiscalStrings {
  const lang: CustomerLanguage = language === 'fr' || language === 'sw' ? language : 'en';
  const keys = test ? { ...KEYS, ...TEST_KEYS } : KEYS;
  return Object.fromEntries(Object.entries(keys).map(([name, key]) => [name, documentText(lang, key)])) as unknown as FiscalStrings;
}

/** The control unit's date and time as printed: dd/mm/yyyy hh:mm:ss in the unit's zone (Kenya: UTC+3). */
export function fiscalDateTimeText(iso: string, utcOffsetMinutes = 180): string {
  const d = new Date(new Date(iso).getTime() + utcOffsetMinutes * 60_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCDate())}/${p(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}`;
}

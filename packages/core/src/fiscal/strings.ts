import type { CustomerLanguage } from '../language';

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

const en: FiscalStrings = {
  heading: 'Tax invoice (KRA eTIMS)',
  creditHeading: 'Credit note (KRA eTIMS)',
  testBanner: 'TEST — NOT A TAX INVOICE',
  awaiting: 'Awaiting KRA',
  awaitingNote: 'Not yet a tax invoice: it is sent to KRA as soon as the shop is online.',
  fiscalised: 'Fiscalised with KRA',
  refused: 'KRA refused this invoice',
  controlUnit: 'Control unit',
  fiscalNumber: 'Fiscal number',
  receipt: 'Receipt',
  internalData: 'Internal data',
  signature: 'Signature',
  dateTime: 'Date and time',
  buyerPin: "Buyer's PIN",
  creditsFiscalNumber: 'Reverses fiscal number',
  whatToFix: 'What to fix',
  sendAgain: 'Send to KRA again',
};

const fr: FiscalStrings = {
  heading: 'Facture fiscale (KRA eTIMS)',
  creditHeading: 'Avoir (KRA eTIMS)',
  testBanner: 'TEST — PAS UNE FACTURE FISCALE',
  awaiting: 'En attente de la KRA',
  awaitingNote: 'Pas encore une facture fiscale : elle part à la KRA dès que la boutique est en ligne.',
  fiscalised: 'Enregistrée auprès de la KRA',
  refused: 'La KRA a refusé cette facture',
  controlUnit: 'Unité de contrôle',
  fiscalNumber: 'Numéro fiscal',
  receipt: 'Reçu',
  internalData: 'Données internes',
  signature: 'Signature',
  dateTime: 'Date et heure',
  buyerPin: "PIN de l'acheteur",
  creditsFiscalNumber: 'Annule le numéro fiscal',
  whatToFix: 'À corriger',
  sendAgain: 'Renvoyer à la KRA',
};

const sw: FiscalStrings = {
  heading: 'Ankara ya kodi (KRA eTIMS)',
  creditHeading: 'Hati ya mkopo (KRA eTIMS)',
  testBanner: 'MAJARIBIO — SI ANKARA YA KODI',
  awaiting: 'Inasubiri KRA',
  awaitingNote: 'Bado si ankara ya kodi: itatumwa KRA mara duka likiwa mtandaoni.',
  fiscalised: 'Imesajiliwa na KRA',
  refused: 'KRA imekataa ankara hii',
  controlUnit: 'Kifaa cha udhibiti',
  fiscalNumber: 'Namba ya kodi',
  receipt: 'Risiti',
  internalData: 'Data ya ndani',
  signature: 'Sahihi',
  dateTime: 'Tarehe na saa',
  buyerPin: 'PIN ya mnunuzi',
  creditsFiscalNumber: 'Inarekebisha namba ya kodi',
  whatToFix: 'Cha kurekebisha',
  sendAgain: 'Tuma KRA tena',
};

export function fiscalStrings(language: CustomerLanguage | string | null | undefined): FiscalStrings {
  return language === 'fr' ? fr : language === 'sw' ? sw : en;
}

/** The control unit's date and time as printed: dd/mm/yyyy hh:mm:ss in the unit's zone (Kenya: UTC+3). */
export function fiscalDateTimeText(iso: string, utcOffsetMinutes = 180): string {
  const d = new Date(new Date(iso).getTime() + utcOffsetMinutes * 60_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCDate())}/${p(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}`;
}

/**
 * Everything a customer reads, in the client's language (issue 19), translated the one way the app translates:
 * i18next (texts.ts), with the English in strings.ts and French and Swahili in strings.fr.ts / strings.sw.ts (namespace
 * 'documents'). The device (PDFs and reminder texts made offline) and the server (e-mails, pay page) both read them
 * here, through an i18next instance of their own: a document follows its client's language, not the screen's.
 */
import type { Language as CustomerLanguage } from '../constants/languages';
import { type DocumentStrings, documentsStrings as en } from './strings';
import fr from './strings.fr';
import { textsOf } from './texts';
import sw from './strings.sw';

export type { DocumentStrings } from './strings';
export type DocumentKey = keyof DocumentStrings;

export const DOCUMENTS_NAMESPACE = 'documents';
export const DOCUMENT_STRINGS: Record<CustomerLanguage, DocumentStrings> = { en, fr, sw };

/** Made on first use, so a bundle that only formats money does not start i18next. */
const documents = textsOf(DOCUMENTS_NAMESPACE, DOCUMENT_STRINGS);

/** One customer-facing text in a language, its {{placeholders}} filled: documentText('fr', 'hello', { client: 'Ada' }). */
export function documentText(language: CustomerLanguage, key: DocumentKey, values: Record<string, string | number> = {}): string {
  return documents.text(language, key, values);
}

/** 'Total: 5 000 XAF' — a label and its value; French sets a no-break space before the colon ('Total : …', t18 C1). */
export function labelled(language: CustomerLanguage, label: string, value: string): string {
  return `${label}${language === 'fr' ? '\u00a0:' : ':'} ${value}`;
}

/** The customer-facing words in a language (the labels; a text with placeholders goes through documentText). */
export function documentStrings(language: CustomerLanguage): DocumentStrings {
  return DOCUMENT_STRINGS[language];
}

/** A payment method's name in a language (the method's own code when it has none). */
export function methodLabelIn(method: string, language: CustomerLanguage): string {
  const key = `method_${method}`;
  return key in en ? documentText(language, key as DocumentKey) : method;
}

/**
 * The brand a payment is named by instead of its method (t18 C2; t19 N2): the mobile-money wallet the customer paid
 * with ('MTN MoMo', 'Orange Money'), or the provider's checkout when it did not say how ('other': 'Flutterwave', never
 * a guessed 'Card'). Brand names read the same in every language. Null: name the method.
 */
export function paidWithBrand(p: { method: string; wallet?: string | null }): string | null {
  return (p.method === 'mobile_money' || p.method === 'other') && p.wallet ? p.wallet : null;
}

/** How a payment was made as a receipt names it: its brand when known (paidWithBrand), else the method's name in the language. */
export function paymentMethodIn(p: { method: string; wallet?: string | null }, language: CustomerLanguage): string {
  return paidWithBrand(p) ?? methodLabelIn(p.method, language);
}

/** An invoice status's name in a language. */
export function statusLabelIn(status: string, language: CustomerLanguage): string {
  const key = `status_${status}`;
  return key in en ? documentText(language, key as DocumentKey) : status;
}

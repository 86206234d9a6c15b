/**
 * Everything a customer reads, in the client's language (issue 19), translated the one way the app translates:
 * i18next, with the English in strings.ts and French and Swahili in strings.fr.ts / strings.sw.ts (namespace
 * 'documents'). The device (PDFs and reminder texts made offline) and the server (e-mails, pay page) both read them
 * here, through an i18next instance of their own: a document follows its client's language, not the screen's.
 */
import { createInstance, type i18n } from 'i18next';
import type { CustomerLanguage } from './index';
import { type DocumentStrings, documentsStrings as en } from './strings';
import fr from './strings.fr';
import sw from './strings.sw';

export type { DocumentStrings } from './strings';
export type DocumentKey = keyof DocumentStrings;

export const DOCUMENTS_NAMESPACE = 'documents';
export const DOCUMENT_STRINGS: Record<CustomerLanguage, DocumentStrings> = { en, fr, sw };

let documents: i18n | undefined;
/** Made on first use, so a bundle that only formats money does not start i18next. */
function documentsI18n(): i18n {
  if (!documents) {
    documents = createInstance();
    void documents.init({
      lng: 'en',
      fallbackLng: 'en',
      ns: [DOCUMENTS_NAMESPACE],
      defaultNS: DOCUMENTS_NAMESPACE,
      resources: Object.fromEntries(Object.entries(DOCUMENT_STRINGS).map(([language, strings]) => [language, { [DOCUMENTS_NAMESPACE]: strings }])),
      // Texts go into PDFs, e-mails and SMS; the HTML that shows them escapes them itself.
      interpolation: { escapeValue: false },
      keySeparator: false,
      nsSeparator: false,
      initAsync: false,
    });
  }
  return documents;
}

/** One customer-facing text in a language, its {{placeholders}} filled: documentText('fr', 'hello', { client: 'Ada' }). */
export function documentText(language: CustomerLanguage, key: DocumentKey, values: Record<string, string | number> = {}): string {
  return documentsI18n().t(key, { lng: language, replace: values });
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

/** An invoice status's name in a language. */
export function statusLabelIn(status: string, language: CustomerLanguage): string {
  const key = `status_${status}`;
  return key in en ? documentText(language, key as DocumentKey) : status;
}

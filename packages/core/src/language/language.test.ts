import { describe, expect, it } from 'vitest';
import { formatDate } from '../constants/dates';
import { formatInvoiceMoney, formatMoney } from '../amounts/format';
import {
  CUSTOMER_LANGUAGES,
  clientLanguage,
  clientLanguageSchema,
  currencyNameIn,
  CUSTOMER_LANGUAGE_INVALID,
  DOCUMENT_STRINGS,
  documentText,
  formatDateIn,
  formatInvoiceMoneyIn,
  formatMessageMoneyIn,
  formatMoneyIn,
  methodLabelIn,
  statusLabelIn,
} from './index';

const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('currency names in each language (issue 19)', () => {
  it("keeps core's English names and asks the runtime for the others", () => {
    expect(currencyNameIn('KES', 'en')).toBe('Kenyan Shilling');
    expect(currencyNameIn('Yuan', 'en')).toBe('Chinese Yuan');
    expect(currencyNameIn('KES', 'fr')).toBe('Shilling kényan');
    expect(currencyNameIn('KES', 'sw')).toBe('Shilingi ya Kenya');
    expect(currencyNameIn('USD', 'fr')).toBe('Dollar des États-Unis');
    expect(currencyNameIn('Yuan', 'sw')).toMatch(/^Yuan/);
    expect(currencyNameIn('XYZ', 'fr')).toBe('XYZ');
  });
});

describe('customer document strings', () => {
  it('every language has every key, no empty text, and the same placeholders as English', () => {
    const en = DOCUMENT_STRINGS.en;
    for (const language of CUSTOMER_LANGUAGES) {
      const table = DOCUMENT_STRINGS[language];
      expect(Object.keys(table).sort(), language).toEqual(Object.keys(en).sort());
      for (const key of Object.keys(en) as Array<keyof typeof en>) {
        expect(table[key].trim(), `${language}.${key}`).not.toBe('');
        expect(placeholders(table[key]), `${language}.${key}`).toEqual(placeholders(en[key]));
      }
    }
  });

  it('French and Swahili are translated, not copies of English', () => {
    for (const language of ['fr', 'sw'] as const) {
      const same = (Object.keys(DOCUMENT_STRINGS.en) as Array<keyof typeof DOCUMENT_STRINGS.en>).filter(
        (k) => DOCUMENT_STRINGS[language][k] === DOCUMENT_STRINGS.en[k],
      );
      // Only words that are the same in both languages may match English.
      const allowed = ['total', 'description', 'notes', 'clientFallback', 'date', 'client', 'method_mobile_money', 'method_mpesa', 'fiscalSignature'];
      expect(
        same.filter((k) => !allowed.includes(k)),
        language,
      ).toEqual([]);
    }
    expect(DOCUMENT_STRINGS.fr.invoiceTitle).toBe('FACTURE');
    expect(DOCUMENT_STRINGS.sw.invoiceTitle).toBe('ANKARA');
  });

  it('labels of methods and statuses per language', () => {
    expect(methodLabelIn('cash', 'fr')).toBe('Espèces');
    expect(methodLabelIn('bank_transfer', 'sw')).toBe('Uhamisho wa benki');
    expect(methodLabelIn('barter', 'sw')).toBe('barter');
    expect(statusLabelIn('overdue', 'fr')).toBe('En retard');
    expect(statusLabelIn('paid', 'sw')).toBe('Imelipwa');
  });

  it('are i18next strings: placeholders filled in the language asked, whatever else is running', () => {
    expect(documentText('fr', 'invoiceEmailSubject', { number: 'INV-1', business: 'Ada' })).toBe('Facture INV-1 de Ada');
    expect(documentText('en', 'pageOf', { page: 1, pages: 3 })).toBe('page 1 of 3');
    expect(documentText('sw', 'invoiceTitle')).toBe('ANKARA');
    // A value is never read as markup or as an i18next option.
    expect(documentText('en', 'hello', { client: '<b>Ada & Co</b>' })).toBe('Hello <b>Ada & Co</b>,');
    expect(documentText('en', 'hello', { client: 'Ada', lng: 'fr' })).toBe('Hello Ada,');
    // One left out stays visible rather than vanishing.
    expect(documentText('en', 'pageOf', { page: 1 })).toBe('page 1 of {{pages}}');
  });
});

describe('client language', () => {
  it("is the client's own, else the owner's, else English", () => {
    expect(clientLanguage('fr', 'sw')).toBe('fr');
    expect(clientLanguage(null, 'sw')).toBe('sw');
    expect(clientLanguage(undefined, 'xx')).toBe('en');
    expect(clientLanguage('de', 'fr')).toBe('fr');
  });

  it('accepts en/fr/sw or null and refuses anything else with a clear message', () => {
    expect(clientLanguageSchema.parse(null)).toBeNull();
    expect(clientLanguageSchema.parse('sw')).toBe('sw');
    const bad = clientLanguageSchema.safeParse('de');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].message).toBe(CUSTOMER_LANGUAGE_INVALID);
  });
});

describe('dates and money in the client language', () => {
  it('English is exactly the app format', () => {
    for (const d of ['2026-03-05', '2026-12-31', '2027-01-01']) expect(formatDateIn(d, 'en')).toBe(formatDate(d));
    for (const n of [0, 1_250_000, 1_250_050, -300]) {
      expect(formatMoneyIn(n, 'NGN', 'en')).toBe(formatMoney(n, 'NGN'));
      expect(formatInvoiceMoneyIn(n, 'KES', 'en')).toBe(formatInvoiceMoney(n, 'KES'));
    }
  });

  it('dates are day, short month, two-digit year in French and Swahili', () => {
    expect(formatDateIn('2026-03-05', 'fr')).toBe('5 mars 26');
    expect(formatDateIn('2026-08-05', 'fr')).toBe('5 août 26');
    expect(formatDateIn('2026-03-05', 'sw')).toBe('5 Mac 26');
    expect(formatDateIn('2026-08-31', 'sw')).toBe('31 Ago 26');
    expect(formatDateIn('not a date', 'fr')).toBe('');
  });

  it('money keeps 0 decimals for whole amounts and shows kobo/cents when there are some', () => {
    const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
    expect(plain(formatMoneyIn(1_250_000, 'NGN', 'fr'))).toBe('12 500 ₦');
    expect(plain(formatInvoiceMoneyIn(1_250_050, 'EUR', 'fr'))).toBe('12 500,50 EUR');
    // The CFA franc has no minor unit (ISO 4217): amounts are whole francs (issue 23).
    expect(plain(formatInvoiceMoneyIn(12_500, 'XAF', 'fr'))).toBe('12 500 XAF');
    expect(plain(formatMoneyIn(1_250_000, 'KES', 'sw'))).toBe('KSh 12,500');
    expect(plain(formatInvoiceMoneyIn(1_250_050, 'KES', 'sw'))).toBe('KES 12,500.50');
    expect(plain(formatMoneyIn(-5_000, 'KES', 'sw'))).toBe('-KSh 50');
    // bigint amounts beyond 2^53 stay exact
    expect(plain(formatInvoiceMoneyIn(12_345_678_901_234_567_89n, 'KES', 'sw'))).toBe('KES 12,345,678,901,234,567.89');
  });
});

describe('formatMessageMoneyIn (client mails and messages, t21)', () => {
  it('writes the symbol as the app does; an SMS keeps the code where the symbol is not GSM-7', () => {
    expect(formatMessageMoneyIn(2_687_500, 'NGN', 'en')).toBe('₦26,875');
    expect(formatMessageMoneyIn(2_687_500, 'NGN', 'en', { minor: true })).toBe('₦26,875.00');
    expect(formatMessageMoneyIn(2_687_500, 'NGN', 'en', { sms: true })).toBe('NGN 26,875');
    expect(formatMessageMoneyIn(150_000, 'GHS', 'en', { sms: true })).toBe('GHS 1,500');
    expect(formatMessageMoneyIn(150_000, 'GHS', 'en')).toBe('GH₵1,500');
    expect(formatMessageMoneyIn(400_000, 'KES', 'en', { sms: true })).toBe('KSh4,000');
    expect(formatMessageMoneyIn(150_000, 'ZMW', 'en', { sms: true })).toBe('K1,500');
    expect(formatMessageMoneyIn(12_505, 'XAF', 'fr', { sms: true }).replace(/\s/g, ' ')).toBe('12 505 FCFA');
  });
});

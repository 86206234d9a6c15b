import { describe, expect, it } from 'vitest';
import { formatBps, formatMoney, formatNumber, formatQuantity } from '../amounts/format';
import { formatDate } from './dates';
import { languageSchema } from '../accounts';
import { defaultLanguage, languageForCountry } from './countries';
import { getDisplayLanguage, languageFromBrowser, setDisplayLanguage } from './languages';

const NNBSP = '\u202f';

describe('languages', () => {
  it('accepts en, fr and sw and says what is allowed otherwise', () => {
    expect(languageSchema.parse('fr')).toBe('fr');
    const bad = languageSchema.safeParse('de');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].message).toMatch(/'en'.*'fr'.*'sw'/);
  });

  it("takes the country's language: Cameroon and Rwanda French, Kenya and Tanzania Kiswahili, Uganda English", () => {
    expect(languageForCountry('Cameron')).toBe('fr');
    expect(languageForCountry('Cameroon')).toBe('fr');
    expect(languageForCountry('Rwanda')).toBe('fr');
    expect(languageForCountry('Kenya')).toBe('sw');
    expect(languageForCountry('Tanzania')).toBe('sw');
    expect(languageForCountry('Uganda')).toBeUndefined();
    expect(defaultLanguage({ browser: [], country: 'Uganda' })).toBe('en');
    expect(languageForCountry('Nigeria')).toBeUndefined();
    expect(languageForCountry('')).toBeUndefined();
  });

  it('reads the browser first, then the country, then English', () => {
    expect(languageFromBrowser(['fr-CM', 'en'])).toBe('fr');
    expect(languageFromBrowser(['ha-NG', 'sw_KE'])).toBe('sw');
    expect(languageFromBrowser(['de-DE'])).toBeUndefined();
    expect(defaultLanguage({ browser: ['en-US'], country: 'Kenya' })).toBe('en');
    expect(defaultLanguage({ browser: ['yo'], country: 'Kenya' })).toBe('sw');
    expect(defaultLanguage({ browser: [], country: 'Ghana' })).toBe('en');
    expect(defaultLanguage({ chosen: 'fr', browser: ['sw'], country: 'Kenya' })).toBe('fr');
    expect(defaultLanguage({ chosen: 'xx', browser: ['sw'] })).toBe('sw');
  });
});

describe('formatting in a language', () => {
  it('keeps English exactly as SPEC writes it', () => {
    expect(formatMoney(1_250_000, 'NGN', { language: 'en' })).toBe('₦12,500');
    expect(formatMoney(1_250_050, 'NGN', { language: 'en' })).toBe('₦12,500.50');
    expect(formatMoney(-150, 'KES', { language: 'en', display: 'code' })).toBe('-KES 1.50');
    expect(formatDate('2026-03-05', 'en')).toBe('5 Mar 26');
    expect(formatBps(750, 'en')).toBe('7.5%');
    expect(formatQuantity(1.5, 'en')).toBe('1.5');
    expect(formatNumber(12345, 'en')).toBe('12,345');
  });

  it('writes French money, dates and numbers the French way', () => {
    expect(formatMoney(1_250_000, 'NGN', { language: 'fr' })).toBe(`12${NNBSP}500\u00a0₦`);
    expect(formatMoney(1_250_050, 'KES', { language: 'fr' })).toBe(`12${NNBSP}500,50\u00a0KSh`);
    expect(formatMoney(-1_250_050, 'NGN', { language: 'fr', display: 'code' })).toBe(`-12${NNBSP}500,50\u00a0NGN`);
    expect(formatMoney(-5, 'NGN', { language: 'fr' })).toBe('-0,05\u00a0₦');
    expect(formatDate('2026-03-05', 'fr')).toBe('5 mars 26');
    expect(formatBps(750, 'fr')).toBe('7,5\u00a0%');
    expect(formatQuantity(1.5, 'fr')).toBe('1,5');
    expect(formatNumber(12345, 'fr')).toBe(`12${NNBSP}345`);
  });

  it('writes Kiswahili money and dates, exact for amounts beyond 2^53', () => {
    expect(formatMoney(1_250_000, 'KES', { language: 'sw' })).toBe('KSh\u00a012,500');
    expect(formatDate('2026-03-05', 'sw')).toBe('5 Mac 26');
    expect(formatMoney(123456789012345678901n, 'KES', { language: 'sw' })).toBe('KSh\u00a01,234,567,890,123,456,789.01');
    expect(formatMoney(123456789012345678901n, 'UGX', { language: 'sw' })).toBe('USh\u00a0123,456,789,012,345,678,901');
  });

  it('uses the display language when none is named (the web sets it to the screen language)', () => {
    expect(getDisplayLanguage()).toBe('en');
    setDisplayLanguage('fr');
    try {
      expect(formatDate('2026-07-05')).toBe('5 juil. 26');
      expect(formatMoney(100, 'NGN')).toBe('1\u00a0₦');
    } finally {
      setDisplayLanguage('en');
    }
    expect(formatDate('2026-07-05')).toBe('5 Jul 26');
  });
});

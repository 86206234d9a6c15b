import { describe, expect, it } from 'vitest';
import {
  businessTimeZone,
  COUNTRIES,
  countriesIn,
  countryDisplayName,
  countryFromTimeZone,
  deviceTimeZone,
  filterCountries,
  findCountry,
  SUPPORTED_COUNTRIES,
} from './countries';
import { setDisplayLanguage } from './languages';

describe('countries (SPEC §1)', () => {
  it('the picker list shows every supported country under SPEC’s name, Cameron included', () => {
    for (const s of SUPPORTED_COUNTRIES) expect(COUNTRIES.find((c) => c.code === s.code)?.name).toBe(s.name);
    expect(COUNTRIES.map((c) => c.name)).toContain('Cameron');
    expect(COUNTRIES.map((c) => c.name)).not.toContain('Cameroon');
    expect(COUNTRIES.slice(0, 2).map((c) => c.code)).toEqual(['US', 'IL']);
    expect(COUNTRIES.length).toBeGreaterThan(230);
  });

  it('finds Cameron by SPEC’s spelling, the usual one and its code', () => {
    for (const q of ['Cameron', 'cameroon', 'CM']) expect(findCountry(q)).toMatchObject({ name: 'Cameron', code: 'CM', currency_code: 'XAF' });
  });
});

describe('businessTimeZone', () => {
  it('gives the one zone of a country, by name or code, and UTC when a country has several or none', () => {
    expect(businessTimeZone('Nigeria')).toBe('Africa/Lagos');
    expect(businessTimeZone('KE')).toBe('Africa/Nairobi');
    expect(businessTimeZone('Cameron')).toBe('Africa/Douala');
    expect(businessTimeZone('Ghana')).toBe('Africa/Accra');
    expect(businessTimeZone('United States')).toBe('UTC');
    expect(businessTimeZone('Atlantis')).toBe('UTC');
    expect(businessTimeZone('')).toBe('UTC');
  });
});

describe('country names in the screen language (issue 19)', () => {
  it('English keeps SPEC’s names exactly, Cameron included', () => {
    expect(countryDisplayName('Cameron', 'en')).toBe('Cameron');
    expect(countryDisplayName('CM', 'en')).toBe('Cameron');
    expect(countryDisplayName('Kenya', 'en')).toBe('Kenya');
    for (const s of SUPPORTED_COUNTRIES) expect(countryDisplayName(s.code, 'en')).toBe(s.name);
  });

  it('French and Swahili name a country from its ISO code through Intl', () => {
    expect(countryDisplayName('Cameron', 'fr')).toBe('Cameroun');
    expect(countryDisplayName('Kenya', 'fr')).toBe('Kenya');
    expect(countryDisplayName('South Africa', 'fr')).toBe('Afrique du Sud');
    const sw = new Intl.DisplayNames(['sw'], { type: 'region' });
    expect(countryDisplayName('Cameron', 'sw')).toBe(sw.of('CM'));
    expect(countryDisplayName('Cameron', 'sw')).toBe('Kameruni');
    expect(countryDisplayName('South Africa', 'sw')).toBe(sw.of('ZA'));
    expect(countryDisplayName('South Africa', 'sw')).not.toBe('South Africa');
    expect(countryDisplayName(findCountry('Ethiopia'), 'sw')).toBe(sw.of('ET'));
  });

  it('the display language is the default, and text that is no country stays as typed', () => {
    try {
      setDisplayLanguage('fr');
      expect(countryDisplayName('Cameron')).toBe('Cameroun');
      expect(countryDisplayName('Lagos mainland')).toBe('Lagos mainland');
      expect(countryDisplayName('')).toBe('');
      expect(countryDisplayName(null)).toBe('');
    } finally {
      setDisplayLanguage('en');
    }
    expect(countryDisplayName('Cameron')).toBe('Cameron');
  });

  it('lists the picker in the language: US and Israel first, the rest in that language’s order, names kept in English', () => {
    const fr = countriesIn('fr');
    expect(fr).toHaveLength(COUNTRIES.length);
    expect(fr.slice(0, 2).map((c) => c.code)).toEqual(['US', 'IL']);
    expect(fr[0].label).toBe('États-Unis');
    const cm = fr.find((c) => c.code === 'CM')!;
    expect(cm).toMatchObject({ name: 'Cameron', label: 'Cameroun' });
    const rest = fr.slice(2).map((c) => c.label);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'fr')));
    expect(countriesIn('en').map((c) => c.label)).toEqual(COUNTRIES.map((c) => c.name));
  });

  it('search finds a country by its translated name or by SPEC’s English name, ignoring case and accents', () => {
    const fr = countriesIn('fr');
    expect(filterCountries(fr, 'cameroun').map((c) => c.code)).toEqual(['CM']);
    expect(filterCountries(fr, 'CAMERON').map((c) => c.code)).toEqual(['CM']);
    expect(filterCountries(fr, 'afrique du sud').map((c) => c.code)).toEqual(['ZA']);
    expect(filterCountries(fr, 'south africa').map((c) => c.code)).toEqual(['ZA']);
    expect(filterCountries(fr, 'cote d').map((c) => c.code)).toContain('CI');
    const sw = countriesIn('sw');
    expect(filterCountries(sw, 'kameruni').map((c) => c.code)).toEqual(['CM']);
    expect(filterCountries(sw, 'cameron').map((c) => c.code)).toEqual(['CM']);
    expect(filterCountries(sw, '')).toHaveLength(COUNTRIES.length);
  });
});

describe('countryFromTimeZone (sign-up guess)', () => {
  it('names each of the eleven countries from its own zone', () => {
    expect(countryFromTimeZone('Africa/Nairobi')?.name).toBe('Kenya');
    expect(countryFromTimeZone('Africa/Lagos')?.name).toBe('Nigeria');
    expect(countryFromTimeZone('Africa/Douala')?.code).toBe('CM');
    const zones = ['Africa/Lagos', 'Africa/Nairobi', 'Africa/Accra', 'Africa/Kampala', 'Africa/Kigali', 'Africa/Lusaka'];
    zones.push('Africa/Douala', 'Africa/Dar_es_Salaam', 'Africa/Johannesburg', 'Africa/Addis_Ababa', 'Africa/Harare');
    const guessed = zones.map((z) => countryFromTimeZone(z)?.code);
    for (const c of [...SUPPORTED_COUNTRIES.map((s) => s.code), 'NG']) expect(guessed).toContain(c);
  });
  it('guesses nothing elsewhere', () => {
    for (const z of ['UTC', 'Europe/London', 'America/New_York', '', null, undefined]) expect(countryFromTimeZone(z)).toBeUndefined();
  });
});

describe('deviceTimeZone', () => {
  it('is the zone the runtime reports, undefined when it reports none', () => {
    expect(deviceTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    const real = Intl.DateTimeFormat;
    try {
      (Intl as { DateTimeFormat: unknown }).DateTimeFormat = () => ({ resolvedOptions: () => ({ timeZone: '' }) });
      expect(deviceTimeZone()).toBeUndefined();
      (Intl as { DateTimeFormat: unknown }).DateTimeFormat = () => {
        throw new Error('no Intl');
      };
      expect(deviceTimeZone()).toBeUndefined();
    } finally {
      (Intl as { DateTimeFormat: unknown }).DateTimeFormat = real;
    }
  });
});

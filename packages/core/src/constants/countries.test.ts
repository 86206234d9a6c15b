import { describe, expect, it } from 'vitest';
import { businessTimeZone, COUNTRIES, findCountry, SUPPORTED_COUNTRIES } from './countries';

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

import { describe, expect, it } from 'vitest';
import { COUNTRIES, findCountry, SUPPORTED_COUNTRIES } from './countries';

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

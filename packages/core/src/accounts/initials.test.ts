import { describe, expect, it } from 'vitest';
import { COMPANY_INITIALS_LENGTH, companyInitials } from './initials';

describe('companyInitials (SPEC §9: 2 letters)', () => {
  it.each([
    ['Ada Stores', 'AS'],
    ['ada stores and sons', 'AS'],
    ['Duka', 'DU'],
    ['  Bello   &  Sons ', 'BS'],
    ["O'Neil Trading", 'OT'],
    ['Émile Ventures', 'ÉV'],
    ['7Up Bottling', '7B'],
    ['X', 'X'],
    ['', ''],
    ['  & - ', ''],
    [null, ''],
  ])('%j → %j', (name, expected) => {
    expect(companyInitials(name)).toBe(expected);
  });

  it('is never longer than two letters', () => {
    expect(COMPANY_INITIALS_LENGTH).toBe(2);
    for (const name of ['Very Long Company Name Limited', 'Supercalifragilistic', 'Ọjà Àgbà Ventures'])
      expect(Array.from(companyInitials(name))).toHaveLength(2);
  });
});

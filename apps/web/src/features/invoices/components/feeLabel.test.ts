import { setDisplayLanguage } from '@duka/core';
import { afterEach, describe, expect, it } from 'vitest';
import { feeLabel } from './feeLabel';

afterEach(() => setDisplayLanguage('en'));

describe('feeLabel', () => {
  it('adds the rate in the screen language when the name lacks it', () => {
    expect(feeLabel('VAT', 1600)).toBe('VAT 16%');
    setDisplayLanguage('fr');
    expect(feeLabel('TVA', 1925).replace(/[\u00a0\u202f]/g, ' ')).toBe('TVA 19,25 %');
  });

  it('does not repeat a rate the name already has, however it is written (issue 23)', () => {
    setDisplayLanguage('fr');
    expect(feeLabel('TVA 19.25%', 1925)).toBe('TVA 19.25%');
    expect(feeLabel('TVA 19,25 %', 1925)).toBe('TVA 19,25 %');
    expect(feeLabel('VAT 16%', 1600)).toBe('VAT 16%');
    setDisplayLanguage('en');
    expect(feeLabel('VAT 7.5%', 750)).toBe('VAT 7.5%');
    expect(feeLabel('VAT 7,50 %', 750)).toBe('VAT 7,50 %');
  });

  it('still adds the rate when the name has another number', () => {
    expect(feeLabel('Levy 2%', 1600)).toBe('Levy 2% 16%');
    expect(feeLabel('Levy 116%', 1600)).toBe('Levy 116% 16%');
  });
});

import { describe, expect, it } from 'vitest';
import type { Language } from './constants/languages';
import { regroupMoneyText, typedMoneyText } from './moneyText';

/** Types `keys` one by one into a money input: what it shows (regrouped) and what the person typed. */
function typeKeys(keys: string, language: Language): { shown: string; typed: string } {
  let shown = '';
  let typed = '';
  for (const key of keys) {
    const next = shown + key;
    typed = typedMoneyText(shown, typed, next);
    shown = regroupMoneyText(next, language, shown);
  }
  return { shown, typed };
}

// Issue 23 (verify27): the refusal of "12 500,50" on an English screen quoted "12,500,50", which nobody typed.
describe('typedMoneyText: what was typed, apart from what the input shows', () => {
  it('keeps a typed space that the input shows as a comma', () => {
    expect(typeKeys('12 500,50', 'en')).toEqual({ shown: '12,500,50', typed: '12 500,50' });
    expect(typeKeys('12 500,50', 'sw').typed).toBe('12 500,50');
    expect(typeKeys('12500,50', 'en').typed).toBe('12500,50');
  });
  it('is what the input holds after a deletion, a paste over or an edit in the middle', () => {
    expect(typedMoneyText('12,500,50', '12 500,50', '12,500,5')).toBe('12,500,5');
    expect(typedMoneyText('12,500', '12500', '9')).toBe('9');
    expect(typedMoneyText('12,500', '12500', '12,8500')).toBe('12,8500');
    expect(typedMoneyText('', '', '12 500,50')).toBe('12 500,50');
  });
});

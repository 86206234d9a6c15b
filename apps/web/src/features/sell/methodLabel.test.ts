import { describe, expect, it } from 'vitest';
import { methodLabel } from './methodLabel';

const words: Record<string, string> = { 'methods.mobile_money': 'Pesa kwa simu', 'methods.cash': 'Taslimu' };
const t = (k: string) => words[k] ?? k;

describe('a tender named at the counter and on its receipt', () => {
  it("is M-Pesa for a Kenyan shop's mobile money, in any language", () => {
    expect(methodLabel('mobile_money', t, 'Kenya')).toBe('M-Pesa');
  });
  it("keeps the screen's words elsewhere, with no country, and for the other tenders", () => {
    expect(methodLabel('mobile_money', t, 'Ghana')).toBe('Pesa kwa simu');
    expect(methodLabel('mobile_money', t, null)).toBe('Pesa kwa simu');
    expect(methodLabel('cash', t, 'Kenya')).toBe('Taslimu');
  });
  it("reads the signed-in owner's country when none is given", () => {
    localStorage.setItem('user', JSON.stringify({ id: 'u', username: 'wanjiru', country: 'Kenya' }));
    expect(methodLabel('mobile_money', t)).toBe('M-Pesa');
    localStorage.setItem('user', JSON.stringify({ id: 'u', username: 'ada', country: 'Nigeria' }));
    expect(methodLabel('mobile_money', t)).toBe('Pesa kwa simu');
    localStorage.removeItem('user');
  });
});

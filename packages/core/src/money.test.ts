import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMoneyInput, parseMoney } from './money';

describe('parseMoney', () => {
  it('strips commas and keeps digits and dots', () => {
    expect(parseMoney('1,234.50')).toBe(123450);
    expect(parseMoney('₦ 2,000')).toBe(200000);
    expect(parseMoney('abc')).toBeNull();
  });
  it('round-trips any whole amount through the input formatter', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 1e12 }), (n) => parseMoney(formatMoneyInput(String(n))) === n * 100));
  });
});

describe('formatMoneyInput', () => {
  it('adds thousands separators', () => {
    expect(formatMoneyInput('1234567.5')).toBe('1,234,567.5');
    expect(formatMoneyInput('12,34')).toBe('1,234');
  });
});

import { describe, expect, it } from 'vitest';
import { bpsToPercent, percentToBps } from './components/FeeForm';

describe('fee percentages are stored in basis points', () => {
  it('converts typed percentages', () => {
    expect(percentToBps('7.5')).toBe(750);
    expect(percentToBps('16')).toBe(1600);
    expect(percentToBps('19.25 %')).toBe(1925);
    expect(percentToBps('2,5')).toBe(250);
    expect(percentToBps('0')).toBe(0);
    expect(percentToBps('1000')).toBe(100_000);
    expect(percentToBps('1000.01')).toBeNull();
    expect(percentToBps('abc')).toBeNull();
    expect(percentToBps('')).toBeNull();
    expect(percentToBps('-5')).toBeNull();
    expect(bpsToPercent(750)).toBe('7.5');
  });
});

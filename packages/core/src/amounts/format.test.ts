import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatInvoiceMoney, formatMoney } from './format';

describe('formatMoney (issue 14: what the customer sees is what they pay)', () => {
  it('keeps 0 decimals for whole amounts (SPEC §9)', () => {
    expect(formatMoney(2_500_100, 'NGN')).toBe('₦25,001');
    expect(formatMoney(0, 'KES')).toBe('KSh0');
    expect(formatMoney(100_000_000, 'USD')).toBe('$1,000,000');
  });
  it('shows the minor units of an amount with a fraction, never rounded', () => {
    expect(formatMoney(1_250_050, 'NGN')).toBe('₦12,500.50');
    expect(formatMoney(2_031_472, 'NGN')).toBe('₦20,314.72');
    expect(formatMoney(5, 'GHS')).toBe('GH₵0.05');
    expect(formatMoney(-1_250_050, 'NGN')).toBe('-₦12,500.50');
  });
  it('takes bigint minor units', () => expect(formatMoney(1_234_567_890_123_467n, 'NGN')).toBe('₦12,345,678,901,234.67'));
  it('writes the code instead of the symbol for the PDF', () => {
    expect(formatInvoiceMoney(161_250, 'NGN')).toBe('NGN 1,612.50');
    expect(formatInvoiceMoney(200_000, 'NGN')).toBe('NGN 2,000');
  });
  it('reads back to the same minor units (nothing is lost in display)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (n) => {
        const shown = formatMoney(n, 'NGN').replace(/[₦,]/g, '');
        return Math.round(Number(shown) * 100) === n;
      }),
    );
  });
});

describe('the sign of money (issue 23)', () => {
  it('is one hyphen-minus in every language and never on a zero', () => {
    for (const language of ['en', 'fr', 'sw'] as const) {
      const credited = formatMoney(-290_000, 'KES', { language });
      expect(credited.startsWith('-'), credited).toBe(true);
      expect(credited).not.toContain('\u2212');
      for (const zero of [0, -0, -0.4, 0n]) expect(formatMoney(zero, 'KES', { language, minor: true })).not.toMatch(/[-\u2212]/);
    }
    expect(formatMoney(-0, 'KES', { minor: true, language: 'en' })).toBe('KSh0.00');
    expect(formatMoney(-290_000, 'KES', { language: 'en' })).toBe('-KSh2,900');
  });
});

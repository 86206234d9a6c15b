import { describe, expect, it } from 'vitest';
import { MPESA_UNIT, mpesaMinor, mpesaShillings } from '../mpesa';
import { formatPlanMoney } from './catalog';

/** Issue 23: prices and amounts follow the currency's ISO minor units (XAF, RWF, UGX have none), not a fixed 2. */
describe('currency minor units in prices and payments', () => {
  it('plan prices round to whole units of the currency, never by 100 minor units where there are no decimals', () => {
    expect(formatPlanMoney(212_550, 'NGN', 'en')).toBe('₦2,126');
    expect(formatPlanMoney(1_99, 'USD', 'en')).toBe('$1.99');
    // 2,125 FCFA is 2,125 minor units: nothing to round away.
    expect(formatPlanMoney(2_125, 'XAF', 'en')).toBe('FCFA 2,125');
    expect(formatPlanMoney(2_125, 'RWF', 'en')).toBe('FRw 2,125');
    expect(formatPlanMoney(2_125, 'UGX', 'en')).toBe('USh2,125');
  });

  it('M-Pesa amounts use the shilling table (KES: 2 digits)', () => {
    expect(MPESA_UNIT).toBe(100);
    expect(mpesaShillings(150_000)).toBe(1_500);
    expect(mpesaShillings(150_050)).toBeNull();
    expect(mpesaMinor(1_500)).toBe(150_000);
    expect(mpesaMinor(Number.NaN)).toBeNaN();
  });
});

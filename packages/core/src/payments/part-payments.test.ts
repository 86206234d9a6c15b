import { describe, expect, it } from 'vitest';
import { partPayFloor, partPayProblem, partPayRule, usesNairaCheckout } from './index';

describe('the naira checkout settings (issue 23)', () => {
  it('concern a naira or Nigerian business only', () => {
    expect(usesNairaCheckout({ currency: 'NGN', country: { iso_code: 'NG' } })).toBe(true);
    expect(usesNairaCheckout({ currency: 'NGN', country: { iso_code: 'GH' } })).toBe(true);
    expect(usesNairaCheckout({ currency: 'USD', country: { iso_code: 'NG' } })).toBe(true);
    expect(usesNairaCheckout({ currency: 'KES', country: { iso_code: 'KE' } })).toBe(false);
    expect(usesNairaCheckout({ currency: 'KES' })).toBe(false);
  });
});

describe('part payments (issue 23 item 10)', () => {
  it("follows the invoice's own say, else the business's", () => {
    expect(partPayRule({}, { part_payments: null })).toEqual({ allowed: false, min: 1 });
    expect(partPayRule({ part_payments: true, part_payment_min: 50_000 }, { part_payments: null })).toEqual({ allowed: true, min: 50_000 });
    expect(partPayRule({ part_payments: true }, { part_payments: false }).allowed).toBe(false);
    expect(partPayRule({ part_payments: false }, { part_payments: true }).allowed).toBe(true);
  });

  it('takes the balance always, a part only when allowed, between the minimum and the balance', () => {
    const on = { allowed: true, min: 50_000 };
    const off = { allowed: false, min: 1 };
    expect(partPayProblem(376_250, 376_250, off)).toBeNull();
    expect(partPayProblem(100_000, 376_250, off)).toBe('not_allowed');
    expect(partPayProblem(100_000, 376_250, on)).toBeNull();
    expect(partPayProblem(49_999, 376_250, on)).toBe('below_min');
    expect(partPayProblem(376_251, 376_250, on)).toBe('above_balance');
    expect(partPayProblem(20_000, 20_000, on)).toBeNull();
    expect(partPayProblem(1.5, 376_250, on)).toBe('not_whole');
    expect(partPayProblem(100_050, 376_250, on, 100)).toBe('not_whole');
    expect(partPayProblem(100_000, 376_250, on, 100)).toBeNull();
  });
});

describe('the least part payment per currency (t19 N3: ₦0.01 was allowed)', () => {
  it('is never below the currency floor, in its minor units, whatever the business set', () => {
    expect(partPayRule({ part_payments: true }, { part_payments: null, currency: 'NGN' })).toEqual({ allowed: true, min: 10_000 });
    expect(partPayRule({ part_payments: true, part_payment_min: 1 }, { currency: 'NGN' }).min).toBe(10_000);
    expect(partPayRule({ part_payments: true, part_payment_min: 50_000 }, { currency: 'NGN' }).min).toBe(50_000);
    expect(partPayFloor('KES')).toBe(1_000); // KSh10.00
    expect(partPayFloor('UGX')).toBe(1_000); // USh1,000: no minor units
    expect(partPayFloor('RWF')).toBe(100);
    expect(partPayFloor('USD')).toBe(100);
    expect(partPayFloor('XYZ')).toBe(1);
    // A part of ₦0.01 is refused; the whole balance, however small, never is.
    const rule = partPayRule({ part_payments: true }, { currency: 'NGN' });
    expect(partPayProblem(1, 1_075_000, rule)).toBe('below_min');
    expect(partPayProblem(5_000, 5_000, rule)).toBeNull();
  });
});

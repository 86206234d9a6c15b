import { describe, expect, it } from 'vitest';
import { onlinePaySettings, PAY_CHANNELS, paystackFee, paystackFeeForCustomer } from '.';

describe('paystackFee', () => {
  it('is 1.5% below ₦2,500 (no ₦100)', () => {
    expect(paystackFee(100_000)).toBe(1_500); // ₦1,000 → ₦15
    expect(paystackFee(249_999)).toBe(3_750); // 3749.985 rounds up to the kobo
  });
  it('adds ₦100 from ₦2,500', () => {
    expect(paystackFee(250_000)).toBe(3_750 + 10_000);
    expect(paystackFee(1_000_000)).toBe(15_000 + 10_000); // ₦10,000 → ₦250
  });
  it('is capped at ₦2,000', () => {
    expect(paystackFee(12_666_700)).toBe(200_000);
    expect(paystackFee(100_000_000)).toBe(200_000);
    expect(paystackFee(12_000_000)).toBe(190_000);
  });
  it('is nothing for nothing or nonsense', () => {
    expect(paystackFee(0)).toBe(0);
    expect(paystackFee(-5)).toBe(0);
    expect(paystackFee(1.5)).toBe(0);
  });
});

describe('paystackFeeForCustomer', () => {
  const check = (amount: number) => {
    const fee = paystackFeeForCustomer(amount);
    const charge = amount + fee;
    // The owner receives at least the invoice amount, and one kobo less would not do.
    expect(charge - paystackFee(charge)).toBeGreaterThanOrEqual(amount);
    let smaller = false;
    for (let c = amount; c < charge && !smaller; c++) smaller = c - paystackFee(c) >= amount;
    expect(smaller).toBe(false);
    return fee;
  };
  it('covers small amounts with the percentage only', () => {
    expect(check(100_000)).toBe(1_523); // ₦1,000 → ₦15.23
  });
  it('adds the ₦100 once the charge reaches ₦2,500', () => {
    expect(check(500_000)).toBe(17_767); // ₦5,000 → ₦177.67
    // Just under the threshold stays under it; just above must jump past the ₦100.
    expect(check(246_000)).toBeLessThan(5_000);
    expect(check(247_000)).toBeGreaterThan(10_000);
  });
  it('is at most ₦2,000 for large amounts', () => {
    expect(check(50_000_000)).toBe(200_000);
    expect(check(12_000_000)).toBeLessThanOrEqual(200_000);
  });
  it('is exact across a sweep of amounts', () => {
    for (let a = 1; a < 20_000_000; a = Math.ceil(a * 1.37) + 7) check(a);
  });
  it('is nothing for nothing', () => {
    expect(paystackFeeForCustomer(0)).toBe(0);
    expect(paystackFeeForCustomer(-1)).toBe(0);
  });
});

describe('onlinePaySettings', () => {
  it('defaults to every channel and the owner bearing the fee', () => {
    expect(onlinePaySettings(undefined)).toEqual({ pay_channels: [...PAY_CHANNELS], customer_pays_fee: false });
    expect(onlinePaySettings({ pay_channels: [] })).toEqual({ pay_channels: [...PAY_CHANNELS], customer_pays_fee: false });
  });
  it('keeps known channels in a fixed order', () => {
    expect(onlinePaySettings({ pay_channels: ['ussd', 'card', 'nonsense'], customer_pays_fee: true })).toEqual({
      pay_channels: ['card', 'ussd'],
      customer_pays_fee: true,
    });
  });
});

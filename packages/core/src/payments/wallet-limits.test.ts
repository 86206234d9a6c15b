import { describe, expect, it } from 'vitest';
import { minorDigits } from '../constants/currencies';
import { walletMax, walletTakes, walletUnit } from './wallet-limits';

describe('what a mobile-money wallet takes in one payment (t20 K2, T1)', () => {
  it('M-Pesa and Airtel Kenya: at most KSh250,000, whole shillings', () => {
    expect(walletMax('mpesa', 'KES')).toBe(25_000_000);
    expect(walletMax('airtel_money', 'KES')).toBe(25_000_000);
    expect(walletTakes('mpesa', 'KES', 25_000_000)).toBe(true);
    expect(walletTakes('mpesa', 'KES', 25_000_100)).toBe(false);
    expect(walletTakes('mpesa', 'KES', 50_050)).toBe(false);
  });

  it('MTN MoMo and Airtel Money Uganda: at most USh5,000,000; the card form has no such limit', () => {
    expect(walletMax('mtn_momo', 'UGX')).toBe(5_000_000);
    expect(walletMax('flutterwave', 'UGX')).toBe(5_000_000);
    expect(walletTakes('airtel_money', 'UGX', 364_197_501)).toBe(false);
    expect(walletMax('card', 'UGX')).toBeNull();
    expect(walletTakes('card', 'UGX', 364_197_501)).toBe(true);
  });

  it('Tanzanian wallets take whole shillings like Kenyan ones; currencies without a minor unit need no rule', () => {
    expect(walletUnit('TZS')).toBe(100);
    expect(walletUnit('KES')).toBe(100);
    expect(walletTakes('flutterwave', 'TZS', 620_459)).toBe(false);
    expect(walletTakes('flutterwave', 'TZS', 620_400)).toBe(true);
    for (const code of ['UGX', 'RWF', 'XAF']) {
      expect(minorDigits(code)).toBe(0);
      expect(walletUnit(code)).toBe(1);
    }
  });
});

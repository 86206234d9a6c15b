import { describe, expect, it } from 'vitest';
import { composePayment, parsePayment } from './payment';

describe('payment instructions text', () => {
  it('round-trips bank account, mobile money and notes', () => {
    const parts = { bank: 'GTBank 0123456789, Ada Ltd', mobile: 'M-Pesa 0712 345 678', notes: 'Pay within 14 days.\nQuote the invoice number.' };
    const text = composePayment(parts);
    expect(text).toBe('Bank account: GTBank 0123456789, Ada Ltd\nMobile money: M-Pesa 0712 345 678\nPay within 14 days.\nQuote the invoice number.');
    expect(parsePayment(text)).toEqual(parts);
  });

  it('leaves out empty parts and keeps free text written elsewhere as notes', () => {
    expect(composePayment({ bank: ' ', mobile: '0803', notes: '' })).toBe('Mobile money: 0803');
    expect(parsePayment('Pay cash at the shop')).toEqual({ bank: '', mobile: '', notes: 'Pay cash at the shop' });
    expect(parsePayment(undefined)).toEqual({ bank: '', mobile: '', notes: '' });
  });
});

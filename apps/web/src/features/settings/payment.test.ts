import { invoiceDefaults } from '@duka/core';
import { describe, expect, it } from 'vitest';
import { composePayment, parsePayment } from './payment';

const none = { bank: '', mobile: '', till: '', paybill: '', account: '', notes: '' };

describe('payment instructions text', () => {
  it('round-trips bank account, mobile money and notes', () => {
    const parts = { ...none, bank: 'GTBank 0123456789, Ada Ltd', mobile: 'M-Pesa 0712 345 678', notes: 'Pay within 14 days.\nQuote the invoice number.' };
    const text = composePayment(parts);
    expect(text).toBe('Bank account: GTBank 0123456789, Ada Ltd\nMobile money: M-Pesa 0712 345 678\nPay within 14 days.\nQuote the invoice number.');
    expect(parsePayment(text)).toEqual(parts);
  });

  it('round-trips the M-Pesa till and paybill in the words core uses for them', () => {
    const parts = { ...none, bank: 'KCB 1234', till: '123456', paybill: '400200', account: 'DUKA' };
    const text = composePayment(parts);
    expect(text).toBe('Bank account: KCB 1234\nM-Pesa Buy Goods till: 123456\nM-Pesa Paybill: 400200, account: DUKA');
    expect(parsePayment(text)).toEqual(parts);
    expect(
      invoiceDefaults({ bank_account: 'Bank account: KCB 1234', mpesa_till: '123456', mpesa_paybill: '400200', mpesa_account: 'DUKA' }).payment_instructions,
    ).toBe(text);
    expect(parsePayment(composePayment({ ...none, paybill: '400200' }))).toEqual({ ...none, paybill: '400200' });
  });

  it('leaves out empty parts and keeps free text written elsewhere as notes', () => {
    expect(composePayment({ ...none, bank: ' ', mobile: '0803' })).toBe('Mobile money: 0803');
    expect(parsePayment('Pay cash at the shop')).toEqual({ ...none, notes: 'Pay cash at the shop' });
    expect(parsePayment(undefined)).toEqual(none);
  });
});

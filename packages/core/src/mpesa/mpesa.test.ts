import { describe, expect, it } from 'vitest';
import { mpesaPhone, mpesaShillings } from './index';

describe('mpesaPhone', () => {
  it('accepts Kenyan local and international forms', () => {
    for (const s of ['0712 345 678', '0712345678', '712345678', '+254 712 345 678', '254712345678', '+254-712-345678'])
      expect(mpesaPhone(s)).toBe('254712345678');
    expect(mpesaPhone('0110 123456')).toBe('254110123456');
  });
  it('refuses numbers that are not Kenyan mobiles', () => {
    for (const s of ['', 'abc', '+234 803 123 4567', '020 2222222', '0712', '07123456789012']) expect(mpesaPhone(s)).toBeNull();
  });
});

describe('mpesaShillings', () => {
  it('takes whole shillings only', () => {
    expect(mpesaShillings(150_000)).toBe(1500);
    expect(mpesaShillings(150_050)).toBeNull();
    expect(mpesaShillings(0)).toBeNull();
  });
});

describe('manual M-Pesa details', () => {
  it('print in the payment instructions', async () => {
    const { invoiceDefaults } = await import('../invoices/settings');
    expect(invoiceDefaults({ mpesa_till: '123456' }).payment_instructions).toBe('M-Pesa Buy Goods till: 123456');
    expect(invoiceDefaults({ bank_account: 'KCB 1234', mpesa_paybill: '400200', mpesa_account: 'DUKA' }).payment_instructions).toBe(
      'KCB 1234\nM-Pesa Paybill: 400200, account: DUKA',
    );
    expect(invoiceDefaults({ payment_instructions: 'Cash only', mpesa_till: '1' }).payment_instructions).toBe('Cash only');
  });
});

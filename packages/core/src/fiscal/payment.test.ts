import { describe, expect, it } from 'vitest';
import { ETIMS_PAYMENT_TYPE_CODES, ETIMS_PAYMENT_TYPE_LIST, etimsPaymentTypeCode, FISCAL_PAYMENT_TYPES, fiscalPaymentTypeOf } from './payment';

describe('fiscal payment type (eTIMS pmtTyCd)', () => {
  it('is credit when nothing real was paid, cash/credit when part paid, else the method that carried most', () => {
    expect(fiscalPaymentTypeOf(1000, [])).toBe('credit');
    expect(fiscalPaymentTypeOf(1000, [{ amount: 1000, method: 'card', test: true }])).toBe('credit');
    expect(fiscalPaymentTypeOf(1000, [{ amount: 400, method: 'mobile_money' }])).toBe('cash_credit');
    expect(fiscalPaymentTypeOf(1000, [{ amount: 1000, method: 'mobile_money' }])).toBe('mobile_money');
    expect(
      fiscalPaymentTypeOf(1000, [
        { amount: 300, method: 'cash' },
        { amount: 300, method: 'card' },
        { amount: 400, method: 'cash' },
      ]),
    ).toBe('cash');
    // A tie: the first recorded.
    expect(
      fiscalPaymentTypeOf(1000, [
        { amount: 500, method: 'bank_transfer' },
        { amount: 500, method: 'card' },
      ]),
    ).toBe('bank_transfer');
    // A real payment with a TEST one beside it: only the real money counts.
    expect(
      fiscalPaymentTypeOf(1000, [
        { amount: 1000, method: 'card', test: true },
        { amount: 1000, method: 'cash' },
      ]),
    ).toBe('cash');
  });

  it('maps every type onto KRA code list 07, and a document without one onto cash as before', () => {
    const codes = ETIMS_PAYMENT_TYPE_LIST.map((c) => c.code);
    expect(codes).toEqual(['01', '02', '03', '04', '05', '06', '07']);
    for (const t of FISCAL_PAYMENT_TYPES) expect(codes).toContain(ETIMS_PAYMENT_TYPE_CODES[t]);
    expect([etimsPaymentTypeCode('mobile_money'), etimsPaymentTypeCode('card'), etimsPaymentTypeCode('credit'), etimsPaymentTypeCode(undefined)]).toEqual([
      '06',
      '05',
      '02',
      '01',
    ]);
  });
});

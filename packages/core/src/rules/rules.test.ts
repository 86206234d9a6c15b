import { describe, expect, it } from 'vitest';
import { invoiceDiscountSchema, invoiceFeeSchema, invoiceLineSchema } from '../invoices/schemas';
import { MAX_INVOICE_AMOUNT } from '../amounts/math';
import { catalogFields, expenseFields, feeFields } from '../records/schemas';
import { invoiceSettingsSchema } from '../accounts';
import { bpsToPercentText, isPercentBps, isTimeZone, MAX_MONEY, MAX_PERCENT_BPS, parsePercentBps } from '.';

const fee = { name: 'VAT', kind: 'tax', calculation: 'percentage', amount: 0, inclusive: false, default_on: false } as const;

describe('one limit per field on device and server', () => {
  it('a percentage is 0 to 100% everywhere: the Fees tab record, the invoice snapshot, the discount, the typed text', () => {
    expect(MAX_PERCENT_BPS).toBe(10_000);
    for (const bps of [0, 750, 10_000]) {
      expect(feeFields.safeParse({ ...fee, percentage_bps: bps }).success).toBe(true);
      expect(invoiceFeeSchema.safeParse({ id: 'f', ...fee, percentage_bps: bps }).success).toBe(true);
      expect(invoiceDiscountSchema.safeParse({ type: 'percentage', value: bps }).success).toBe(true);
      expect(isPercentBps(bps)).toBe(true);
    }
    for (const bps of [10_001, 100_000, -1, 7.5]) {
      expect(feeFields.safeParse({ ...fee, percentage_bps: bps }).success).toBe(false);
      expect(invoiceFeeSchema.safeParse({ id: 'f', ...fee, percentage_bps: bps }).success).toBe(false);
      expect(invoiceDiscountSchema.safeParse({ type: 'percentage', value: bps }).success).toBe(false);
      expect(isPercentBps(bps)).toBe(false);
    }
  });

  it('parses typed percentages with integer maths', () => {
    expect(parsePercentBps('7.5')).toBe(750);
    expect(parsePercentBps('7,5 %')).toBe(750);
    expect(parsePercentBps('0.07')).toBe(7);
    expect(parsePercentBps('16.1')).toBe(1610);
    expect(parsePercentBps('100')).toBe(10_000);
    expect(parsePercentBps('100.01')).toBeNull();
    expect(parsePercentBps('1000')).toBeNull();
    expect(parsePercentBps('7.555')).toBeNull();
    expect(parsePercentBps('abc')).toBeNull();
    expect(parsePercentBps('')).toBeNull();
    for (let bps = 0; bps <= 10_000; bps += 7) expect(parsePercentBps(bpsToPercentText(bps))).toBe(bps);
    expect(bpsToPercentText(750)).toBe('7.5');
    expect(bpsToPercentText(1925)).toBe('19.25');
  });

  it('money has one ceiling for prices, fees, expenses and invoice amounts', () => {
    expect(MAX_INVOICE_AMOUNT).toBe(MAX_MONEY);
    const expense = { amount: MAX_MONEY + 1 };
    expect(expenseFields.shape.amount.safeParse(expense.amount).success).toBe(false);
    expect(expenseFields.shape.amount.safeParse(MAX_MONEY).success).toBe(true);
    expect(catalogFields.shape.unit_price.safeParse(MAX_MONEY + 1).success).toBe(false);
    expect(feeFields.shape.amount.safeParse(MAX_MONEY + 1).success).toBe(false);
    expect(invoiceLineSchema.safeParse({ id: '6f1c3a1e-8a3b-4c55-9b0a-2f1e2d3c4b5a', description: 'x', quantity: 1, unit_price: MAX_MONEY + 1 }).success).toBe(
      false,
    );
  });

  it('the time zone setting is an IANA zone', () => {
    expect(isTimeZone('Africa/Lagos')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    // Asked again (answers are remembered): the same answers.
    expect([isTimeZone('Africa/Lagos'), isTimeZone('Mars/Olympus'), isTimeZone(42)]).toEqual([true, false, false]);
    expect(invoiceSettingsSchema.shape.time_zone.safeParse('Africa/Nairobi').success).toBe(true);
    expect(invoiceSettingsSchema.shape.time_zone.safeParse('Nairobi').success).toBe(false);
  });
});

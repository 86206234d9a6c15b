import { describe, expect, it } from 'vitest';
import { invoiceConsistencyErrors, invoiceCreateSchema, invoicePaymentSchema, paymentInputSchema } from './schemas';

const id = '6f1c3a1e-8a3b-4c55-9b0a-2f1e2d3c4b5a';
const line = { id, description: 'Rice', quantity: 1.5, unit_price: 1000, fee_ids: [] };

describe('invoice schemas', () => {
  it('accepts a minimal invoice and fills defaults', () => {
    const v = invoiceCreateSchema.parse({ contact_id: id, lines: [line] });
    expect(v).toMatchObject({ kind: 'invoice', status: 'draft', fees: [], fee_ids: [], discount: null, notes: '' });
  });
  it('refuses a quantity with 4 decimals', () => {
    expect(invoiceCreateSchema.safeParse({ contact_id: id, lines: [{ ...line, quantity: 1.0001 }] }).success).toBe(false);
  });
  it('refuses a fractional or negative price', () => {
    expect(invoiceCreateSchema.safeParse({ contact_id: id, lines: [{ ...line, unit_price: 10.5 }] }).success).toBe(false);
    expect(invoiceCreateSchema.safeParse({ contact_id: id, lines: [{ ...line, unit_price: -1 }] }).success).toBe(false);
  });
  it('refuses a percentage discount above 100%', () => {
    expect(invoiceCreateSchema.safeParse({ contact_id: id, discount: { type: 'percentage', value: 10_001 } }).success).toBe(false);
  });
  it('refuses a payment of 0 or an unknown method', () => {
    expect(paymentInputSchema.safeParse({ amount: 0, method: 'cash', date: '2026-11-22' }).success).toBe(false);
    expect(paymentInputSchema.safeParse({ amount: 5, method: 'cheque', date: '2026-11-22' }).success).toBe(false);
    expect(paymentInputSchema.parse({ amount: 5, method: 'card', date: '2026-11-22' }).reference).toBe('');
  });
  it('flags a due date before the issue date and fees the invoice does not carry', () => {
    const errors = invoiceConsistencyErrors({ issue_date: '2026-11-22', due_date: '2026-11-01', lines: [{ id, fee_ids: ['x'] }], fees: [], fee_ids: ['y'] });
    expect(Object.keys(errors).sort()).toEqual(['due_date', 'fee_ids.0', 'lines.0.fee_ids.0']);
  });
});

describe('cash handed over at the counter (issue 28)', () => {
  const base = { id: '11111111-1111-4111-8111-111111111111', amount: 1_612_500, method: 'cash' as const, date: '2026-11-26' };
  it('is kept with a cash payment of at most that much', () => {
    expect(invoicePaymentSchema.parse({ ...base, tendered: 2_000_000 }).tendered).toBe(2_000_000);
    expect(invoicePaymentSchema.parse(base).tendered).toBeUndefined();
  });
  it('is refused below the amount or on another method', () => {
    expect(invoicePaymentSchema.safeParse({ ...base, tendered: 1_000 }).success).toBe(false);
    expect(invoicePaymentSchema.safeParse({ ...base, method: 'mobile_money', tendered: 2_000_000 }).success).toBe(false);
  });
});

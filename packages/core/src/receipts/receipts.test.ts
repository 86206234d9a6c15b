import { describe, expect, it } from 'vitest';
import { receiptFor, receiptNumber, receiptsOf } from './index';

const inv = {
  id: '11111111-1111-4111-8111-111111111111',
  number: 'INV-0007',
  currency: 'NGN',
  total_due: 100_000,
  payments: [
    { id: 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee', amount: 30_000, date: '2026-03-05', method: 'bank_transfer' as const, reference: 'TRF-1' },
    { id: '0f0f0f0f-1111-4222-8333-444444444444', amount: 50_000, date: '2026-03-01', method: 'cash' as const, reference: '' },
    { id: '99999999-8888-4777-8666-555555555555', amount: 40_000, date: '2026-03-05', method: 'card' as const, reference: 'pi_1' },
  ],
};

describe('receipts', () => {
  it('numbers each receipt from its payment id, stable whatever else changes', () => {
    expect(receiptNumber('aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee')).toBe('RCT-AAAAAAAABB');
    const before = receiptFor(inv, inv.payments[0].id)?.number;
    const after = receiptFor({ ...inv, payments: inv.payments.slice(0, 1) }, inv.payments[0].id)?.number;
    expect(before).toBe(after);
  });

  it('gives the balance left after each payment, in the order the money came in, never below 0', () => {
    const r = receiptsOf(inv);
    expect(r.map((x) => [x.date, x.amount, x.paid_to_date, x.balance_left, x.method_label])).toEqual([
      ['2026-03-01', 50_000, 50_000, 50_000, 'Cash'],
      ['2026-03-05', 30_000, 80_000, 20_000, 'Bank transfer'],
      ['2026-03-05', 40_000, 120_000, 0, 'Card'],
    ]);
    expect(receiptFor(inv, 'nope')).toBeNull();
  });

  it('takes what credit notes took off from the balance left too (issue 26, D4)', () => {
    const r = receiptsOf({ ...inv, credited_total: 25_000 });
    expect(r.map((x) => [x.invoice_total, x.paid_to_date, x.balance_left])).toEqual([
      [100_000, 50_000, 25_000],
      [100_000, 80_000, 0],
      [100_000, 120_000, 0],
    ]);
  });
});

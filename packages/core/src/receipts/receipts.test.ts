import { describe, expect, it } from 'vitest';
import { paymentMethodIn } from '../language/documents';
import { creditedAsAt, receiptFor, receiptNumber, receiptsOf } from './index';

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
  it('name the wallet paid with in every language, else the method in the language (t18 C2)', () => {
    const momo = {
      id: '12345678-1111-4222-8333-444444444444',
      amount: 29_813,
      date: '2026-11-27',
      method: 'mobile_money' as const,
      reference: 'TESTB66F955CCC',
      test: true,
      wallet: 'MTN MoMo',
    };
    const [r] = receiptsOf({ ...inv, currency: 'XAF', payments: [momo] }, []);
    expect(r).toMatchObject({ wallet: 'MTN MoMo', method_label: 'MTN MoMo (TEST)' });
    expect(paymentMethodIn(r, 'fr')).toBe('MTN MoMo');
    expect(paymentMethodIn(r, 'sw')).toBe('MTN MoMo');
    // Without a known wallet: the method in the client's language, no English left in French.
    const { wallet: _w, ...plain } = momo;
    const [p] = receiptsOf({ ...inv, payments: [plain] }, []);
    expect(p.method_label).toBe('Mobile money (TEST)');
    expect(paymentMethodIn(p, 'fr')).toBe('Paiement mobile');
    expect(paymentMethodIn(p, 'sw')).toBe('Pesa kwa simu');
    // A wallet is a mobile-money name only: a card stays Card.
    expect(paymentMethodIn({ method: 'card', wallet: 'MTN MoMo' }, 'en')).toBe('Card');
  });

  it('numbers each receipt from its payment id, stable whatever else changes', () => {
    expect(receiptNumber('aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee')).toBe('RCT-AAAAAAAABB');
    const before = receiptFor(inv, inv.payments[0].id, [])?.number;
    const after = receiptFor({ ...inv, payments: inv.payments.slice(0, 1) }, inv.payments[0].id, [])?.number;
    expect(before).toBe(after);
  });

  it('gives the balance left after each payment, in the order the money came in, never below 0', () => {
    const r = receiptsOf(inv, []);
    expect(r.map((x) => [x.date, x.amount, x.paid_to_date, x.balance_left, x.method_label])).toEqual([
      ['2026-03-01', 50_000, 50_000, 50_000, 'Cash'],
      ['2026-03-05', 30_000, 80_000, 20_000, 'Bank transfer'],
      ['2026-03-05', 40_000, 120_000, 0, 'Card'],
    ]);
    expect(receiptFor(inv, 'nope', [])).toBeNull();
  });

  it('takes what credit notes took off from the balance left too (issue 26, D4)', () => {
    const r = receiptsOf(inv, [{ issue_date: '2026-03-01', total_due: 25_000 }]);
    expect(r.map((x) => [x.invoice_total, x.paid_to_date, x.balance_left])).toEqual([
      [100_000, 50_000, 25_000],
      [100_000, 80_000, 0],
      [100_000, 120_000, 0],
    ]);
  });

  it('shows the balance as at its payment: a credit note issued later does not change an older receipt (issue 26)', () => {
    // 1 Mar: 50,000 paid; 3 Mar: a credit note of 10,000; 5 Mar: 30,000 and 40,000 paid; 9 Mar: a credit note of 5,000.
    const credits = [
      { issue_date: '2026-03-09', total_due: 5_000 },
      { issue_date: '2026-03-03', total_due: 10_000 },
    ];
    expect(receiptsOf(inv, credits).map((x) => [x.date, x.balance_left])).toEqual([
      ['2026-03-01', 50_000],
      ['2026-03-05', 10_000],
      ['2026-03-05', 0],
    ]);
    // A credit note of the payment's own day counts (credited, then the rest paid the same day).
    expect(receiptFor(inv, inv.payments[1].id, [{ issue_date: '2026-03-01', total_due: 20_000 }])?.balance_left).toBe(30_000);
    expect(creditedAsAt(credits, '2026-03-02')).toBe(0);
    expect(creditedAsAt(credits, '2026-03-09')).toBe(15_000);
    // Each receipt carries what was credited as at its payment: total − credited − paid to date = balance left (this
    // fixture is overpaid by its last payment: never below 0).
    const all = receiptsOf(inv, credits);
    expect(all.map((x) => x.credited)).toEqual([0, 10_000, 10_000]);
    for (const x of all) expect(Math.max(0, x.invoice_total - x.credited - x.paid_to_date)).toBe(x.balance_left);
  });
});

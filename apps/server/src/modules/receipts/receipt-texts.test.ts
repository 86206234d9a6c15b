import { receiptsOf } from '@duka/core';
import { describe, expect, it } from 'vitest';
import { receiptEmailText } from './service';

/** Issue 23 item 16: a receipt's e-mail shows minor units on every amount exactly when the receipt does. */
describe('minor units in the receipt e-mail', () => {
  it('receipt e-mail: ₦2,512.88 paid, ₦30,992.12 left (the app’s symbol; t21); a whole receipt stays whole (en, fr)', () => {
    const payment = { id: 'abcdef01-2345-4678-89ab-cdef01234567', amount: 251_288, method: 'cash' as const, date: '2026-11-23', reference: '' };
    const [r] = receiptsOf({ id: 'i', number: 'INV-0023', currency: 'NGN', total_due: 3_350_500, payments: [payment] }, []);
    expect(receiptEmailText(r!, 'Ada Tailoring', 'Chidi', 'https://x/l')).toContain('₦30,992.12');
    const [whole] = receiptsOf({ id: 'i', number: 'INV-0023', currency: 'NGN', total_due: 3_350_500, payments: [{ ...payment, amount: 350_500 }] }, []);
    const text = receiptEmailText(whole!, 'Ada Tailoring', 'Chidi', 'https://x/l');
    expect(text).toContain('₦3,505\n');
    expect(text).not.toContain('.00');
    const fr = receiptEmailText(r!, 'Ada Tailoring', 'Chidi', 'https://x/l', 'fr').replace(/\s/g, ' ');
    expect(fr).toContain('2 512,88 ₦');
    // The date as the invoice e-mail writes its due date (t19: "Date: 2026-11-23" in English only).
    expect(text).toContain('\nDate: 23 Nov 26\n');
  });

  it('after a credit note the e-mail gives the sum: total, credited, paid to date, balance left (issue 26); none without one', () => {
    const payment = { id: 'abcdef01-2345-4678-89ab-cdef01234567', amount: 100_000, method: 'cash' as const, date: '2026-11-23', reference: '' };
    const inv = { id: 'i', number: 'INV-0023', currency: 'KES', total_due: 376_250, payments: [payment] };
    const [r] = receiptsOf(inv, [{ issue_date: '2026-11-23', total_due: 161_250 }]);
    const text = receiptEmailText(r!, 'Duka Hardware', 'Otieno', 'https://x/l');
    expect(text).toContain('Invoice total: KSh3,762.50\nCredited: -KSh1,612.50\nPaid to date: KSh1,000.00\nBalance left: KSh1,150.00');
    const [plain] = receiptsOf(inv, []);
    expect(receiptEmailText(plain!, 'Duka Hardware', 'Otieno', 'https://x/l')).not.toContain('Credited');
  });

  it('a whole payment on an invoice that shows cents is written with cents, as the invoice e-mail writes its total (t20)', () => {
    // Nairobi: Sukuma KSh30 + 3 × KSh1,234.55, rounded down to KSh3,733.00; KSh1,000 then KSh2,733 paid.
    const lines = [
      { id: 'l1', description: 'Sukuma', quantity: 1, unit_price: 3_000, fee_ids: [] },
      { id: 'l2', description: 'Tailoring', quantity: 3, unit_price: 123_455, fee_ids: [] },
    ];
    const discount = { type: 'amount' as const, value: 65 };
    const pay = (id: string, amount: number) => ({ id, amount, method: 'mobile_money' as const, date: '2026-11-27', reference: '' });
    const inv = {
      id: 'i',
      number: 'INV-0001',
      currency: 'KES',
      total_due: 373_300,
      lines,
      discount,
      payments: [pay('abcdef01-2345-4678-89ab-cdef01234567', 100_000), pay('bbcdef01-2345-4678-89ab-cdef01234567', 273_300)],
    };
    const [, last] = receiptsOf(inv, []);
    expect(last!.shows_minor).toBe(true);
    const text = receiptEmailText(last!, 'nairobi2 Shop', 'Wanjiku', 'https://x/l');
    expect(text).toContain('Amount: KSh2,733.00\nBalance left: KSh0.00');
    // Without the invoice's lines (an older caller) the receipt's own amounts decide, as before.
    const [, bare] = receiptsOf({ id: 'i', number: 'INV-0001', currency: 'KES', total_due: 373_300, payments: inv.payments }, []);
    expect(receiptEmailText(bare!, 'nairobi2 Shop', 'Wanjiku', 'https://x/l')).toContain('Amount: KSh2,733\n');
  });
});

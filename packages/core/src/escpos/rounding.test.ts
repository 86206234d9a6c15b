import { describe, expect, it } from 'vitest';
import { escposReceipt, type ReceiptTicket } from './index';

/** h120: the counter's printed receipt shows the whole-shillings rounding on its own line, "Rounding", not as a discount. */
const ticket: ReceiptTicket = {
  business: 'Achieng Duka',
  header: [],
  title: 'Receipt SAL-0001',
  date: '27 Nov 26, 12:30',
  currency: 'KES',
  items: [{ description: 'Unga 2kg', quantity: 1, unit_price: 21_000, total: 21_000 }],
  subtotal: 21_000,
  discount: 0,
  rounding: 52,
  taxes: [{ name: 'VAT', amount: 3_352 }],
  total: 24_300,
  payments: [{ label: 'Cash', amount: 24_300 }],
  change: 0,
  labels: { subtotal: 'Subtotal', discount: 'Discount', total: 'Total', change: 'Change', rounding: 'Rounding' },
};
const lines = (t: ReceiptTicket) =>
  Buffer.from(escposReceipt(t, 80))
    .toString('latin1')
    .split('\n')
    .map((l) => l.replace(/\s+/g, ' ').trim());

describe('ESC/POS receipt: Rounding', () => {
  it('prints "Rounding -0.52" and no Discount line for a rounded sale', () => {
    const printed = lines(ticket);
    expect(printed.some((l) => /^Rounding -0\.52$/.test(l))).toBe(true);
    expect(printed.some((l) => l.startsWith('Discount'))).toBe(false);
  });
  it("prints the owner's discount and the rounding each on their line, in the receipt's language", () => {
    const printed = lines({ ...ticket, discount: 1_000, labels: { ...ticket.labels, discount: 'Punguzo', rounding: 'Senti zilizoondolewa' } });
    expect(printed.some((l) => /^Punguzo -10\.00$/.test(l))).toBe(true);
    expect(printed.some((l) => /^Senti zilizoondolewa -0\.52$/.test(l))).toBe(true);
  });
  it('no rounding: no Rounding line', () => {
    expect(lines({ ...ticket, rounding: 0 }).some((l) => l.startsWith('Rounding'))).toBe(false);
  });
});

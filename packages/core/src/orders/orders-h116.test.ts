import { describe, expect, it } from 'vitest';
import { CONTEXTS } from './cases';
import { draftFromModel, orderDraftSchema, parseOrder } from './index';

const rw = CONTEXTS.rw;

describe('order in words: no silent rounding of money the currency cannot hold (t17 R0)', () => {
  it('a Rwandan price with cents keeps the line unpriced and the price visible', () => {
    const d = parseOrder('2 bags cement 12,500.50 each', rw);
    expect(d.lines).toEqual([{ catalog_id: 'item-0', description: 'Cement (bags)', quantity: 2, unit_price: null, price_stated: false }]);
    expect(d.remainder).toEqual(['12,500.50 each']);
  });
  it('a model answer is checked the same way: price, fee amount and quantity', () => {
    const d = draftFromModel(
      {
        client_name: 'Aline Uwase',
        lines: [
          { description: 'Cement', quantity: 2, unit_price: 12500.5 },
          { description: 'Isukari', quantity: 2.5, unit_price: 1500 },
          { description: 'Umuceri', quantity: 1.0005, unit_price: 1200 },
        ],
        fees: [{ name: 'Delivery', amount: 2000.5 }],
        due_date: null,
        remainder: [],
      },
      rw,
    );
    expect(d.lines.map((l) => [l.description, l.quantity, l.unit_price])).toEqual([
      ['Cement', 2, null],
      ['Isukari', 2.5, 1500],
    ]);
    expect(d.fees).toEqual([{ fee_id: 'fee-delivery', name: 'Delivery', amount: null }]);
    expect(d.remainder).toEqual(['Delivery 2000.5', '1.0005 Umuceri', 'Cement 12500.5']);
    expect(orderDraftSchema.safeParse(d).success).toBe(true);
  });
  it('the draft schema refuses a quantity an invoice cannot hold', () => {
    const d = parseOrder('2 isukari', rw);
    expect(orderDraftSchema.safeParse({ ...d, lines: [{ ...d.lines[0], quantity: 1.0005 }] }).success).toBe(false);
  });
});

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

describe('order in words: a lower-case word after "for" that is no contact is a purpose, not a new client (h116)', () => {
  const ng = CONTEXTS.ng;
  it.each([
    ['2 chairs 5k each for picnic', 'ng', 'Chairs for picnic'],
    ['abeg 3 buckets for outing', 'ng', 'Buckets for outing'],
    ['2 gâteaux à 1500 pour kermesse', 'fr', 'Gâteaux pour kermesse'],
    ['2 gâteaux pour paul', 'fr', 'Gâteaux pour paul'],
    ['ndoo 3 kwa mazoezi', 'ke', 'Ndoo kwa mazoezi'],
    ['viatu 2 kwa baraka', 'ke', 'Viatu kwa baraka'],
  ] as const)('"%s" (%s) → no client, line "%s"', (text, x, description) => {
    const d = parseOrder(text, CONTEXTS[x]);
    expect(d.client).toBeNull();
    expect(d.lines.map((l) => l.description)).toEqual([description]);
  });
  it('a contact in lower case, a capitalised name or a titled one still names the client', () => {
    expect(parseOrder('2 caps for blessing', ng).client).toEqual({ contact_id: 'contact-4', name: 'Blessing Okon' });
    expect(parseOrder('2 chairs 5k each for Picnic Okoro', ng).client).toEqual({ contact_id: null, name: 'Picnic Okoro' });
    expect(parseOrder('2 chairs for mama chioma', ng).client).toEqual({ contact_id: null, name: 'Mama Chioma' });
  });
});

describe('a model answer is held to the same client rule (h116)', () => {
  const answer = (client_name: string) => ({
    client_name,
    lines: [{ description: 'Chairs', quantity: 2, unit_price: 5000 }],
    fees: [],
    due_date: null,
    remainder: [],
  });
  it('a new client the order wrote only in lower case is kept unread, not made a client', () => {
    const d = draftFromModel(answer('Picnic'), CONTEXTS.ng, '2 chairs 5k each for picnic');
    expect(d.client).toBeNull();
    expect(d.remainder).toEqual(['Picnic']);
  });
  it('a capitalised or titled name in the order, or a contact, is the client', () => {
    expect(draftFromModel(answer('Adaeze'), CONTEXTS.ng, '2 chairs 5k each for Adaeze').client).toEqual({ contact_id: null, name: 'Adaeze' });
    expect(draftFromModel(answer('Mama Chioma'), CONTEXTS.ng, '2 chairs for mama chioma').client).toEqual({ contact_id: null, name: 'Mama Chioma' });
    expect(draftFromModel(answer('Blessing Okon'), CONTEXTS.ng, '2 chairs for blessing').client?.contact_id).toBe('contact-4');
  });
});

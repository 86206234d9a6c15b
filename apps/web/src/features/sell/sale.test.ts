import 'fake-indexeddb/auto';
import { derivedUuid, stockLevels } from '@duka/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { type CatalogItem, clearLocalData, db } from '../../data/db';
import { setCurrentUser, type User } from '../../data/user';
import { withoutWalkIn } from '../../data/walkIn';
import { cartTotal, checkCart, completeSale, defaultTaxes, quantityProblem, saleLink, typedQuantity } from './sale';

const soap: CatalogItem = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Soap',
  description: '',
  unit_price: 500,
  unit: 'piece',
  sku: 'S1',
  active: true,
  barcode: '5012345678900',
  track_stock: true,
  low_stock_level: 2,
  cost_price: 300,
  created_at: '2026-11-25T00:00:00.000Z',
  updated_at: '2026-11-25T00:00:00.000Z',
};
const service: CatalogItem = { ...soap, id: '22222222-2222-4222-8222-222222222222', name: 'Delivery', track_stock: false, unit_price: 1000 };
const vat = {
  id: 'vat',
  name: 'VAT 15%',
  kind: 'tax' as const,
  calculation: 'percentage' as const,
  percentage_bps: 1500,
  amount: 0,
  inclusive: false,
  subject_to_tax: false,
  default_on: true,
  created_at: '',
  updated_at: '',
};

describe('a quick sale on the device', () => {
  beforeEach(async () => {
    await clearLocalData();
    setCurrentUser({ id: 'u-1', username: 'ama', invoice_settings: JSON.stringify({ currency: 'GHS' }) } as unknown as User);
  });

  it('saves a paid sale of kind sale in the SAL series, its stock movements and the walk-in client, all queued', async () => {
    const taxes = defaultTaxes([vat, { ...vat, id: 'off', default_on: false }]);
    expect(taxes.map((t) => t.id)).toEqual(['vat']);
    const cart = [
      { id: 'l1', item: soap, quantity: 2 },
      { id: 'l2', item: service, quantity: 1 },
    ];
    const total = cartTotal(cart, { fees: taxes, discount: null });
    expect(total).toBe(2300);
    const sale = await completeSale(
      cart,
      { contactId: null, discount: null, fees: taxes, payments: [{ method: 'cash', amount: total, tendered: 3000 }] },
      'Walk-in customer',
    );
    expect(sale.change).toBe(700);
    expect(sale.invoice).toMatchObject({ kind: 'sale', number: 'SAL-0001', status: 'paid', total_due: 2300, amount_paid: 2300, balance: 0, currency: 'GHS' });
    const walkIn = derivedUuid('walk-in:u-1');
    expect(sale.invoice.contact_id).toBe(walkIn);
    expect((await db.contacts.get(walkIn))?.name).toBe('Walk-in customer');
    // The sale keeps its walk-in client; the client list and Sell's picker leave it out (t14).
    const contacts = await db.contacts.toArray();
    expect(contacts.map((c) => c.id)).toContain(walkIn);
    expect(withoutWalkIn(contacts).map((c) => c.id)).not.toContain(walkIn);
    expect(withoutWalkIn(contacts)).toHaveLength(contacts.length - 1);
    const movements = await db.stock_movements.toArray();
    expect(movements.map((m) => [m.id, m.kind, m.quantity])).toEqual([[derivedUuid(`stock:${sale.invoice.id}:l1:out`), 'sale', -2]]);
    const queued = (await db.queue.toArray()).map((q) => q.collection);
    expect(queued).toEqual(['contacts', 'invoices', 'stock_movements']);

    // A second sale: the next number, the same walk-in client, and the movements add up.
    const second = await completeSale(
      [{ id: 'l3', item: soap, quantity: 1 }],
      {
        contactId: null,
        discount: { type: 'amount', value: 75 },
        fees: [],
        payments: [
          { method: 'cash', amount: 200 },
          { method: 'mobile_money', amount: 225, reference: 'MM-7HG2' },
        ],
      },
      'Walk-in customer',
    );
    expect(second.invoice).toMatchObject({ number: 'SAL-0002', status: 'paid', total_due: 425 });
    expect(second.invoice.payments.map((p) => [p.method, p.amount, p.reference])).toEqual([
      ['cash', 200, ''],
      ['mobile_money', 225, 'MM-7HG2'],
    ]);
    expect(await db.contacts.count()).toBe(1);
    expect(stockLevels(await db.stock_movements.toArray()).get(soap.id)).toBe(-3);
  });

  it('a sale sent with a pay link is saved as owed (in part or in full), takes its stock and has a public link', async () => {
    const owed = await completeSale(
      [{ id: 'l4', item: soap, quantity: 2 }],
      { contactId: null, discount: null, fees: [], payments: [{ method: 'pay_link', amount: 1000 }] },
      'Walk-in customer',
    );
    expect(owed.invoice).toMatchObject({ kind: 'sale', number: 'SAL-0001', status: 'sent', total_due: 1000, amount_paid: 0, balance: 1000 });
    expect(owed.invoice.payments).toEqual([]);
    expect(owed.invoice.public_id).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(saleLink(owed.invoice, 'https://duka.example')).toBe(`https://duka.example/invoice/link/${owed.invoice.public_id}`);
    expect(stockLevels(await db.stock_movements.toArray()).get(soap.id)).toBe(-2);

    // Split: cash now, the rest by pay link.
    const part = await completeSale(
      [{ id: 'l5', item: soap, quantity: 1 }],
      {
        contactId: null,
        discount: null,
        fees: [],
        payments: [
          { method: 'cash', amount: 200 },
          { method: 'pay_link', amount: 300 },
        ],
      },
      'Walk-in customer',
    );
    expect(part.invoice).toMatchObject({ number: 'SAL-0002', status: 'partially_paid', amount_paid: 200, balance: 300 });
    expect(part.invoice.payments.map((p) => p.method)).toEqual(['cash']);
  });
});

describe('the counter rounds a percentage tax once on its total (t22 V1)', () => {
  beforeEach(async () => {
    await clearLocalData();
    setCurrentUser({ id: 'u-1', username: 'ama', invoice_settings: JSON.stringify({ currency: 'ZWG' }) } as unknown as User);
  });

  it('ZiG 1.00 + 963.20 at 15.5 % is VAT 149.45 as by hand (per line it was 0.16 + 149.30), the lines adding up to it', async () => {
    const taxes = defaultTaxes([{ ...vat, name: 'VAT 15.5%', percentage_bps: 1550 }]);
    expect(taxes[0]).toMatchObject({ round_on: 'total' });
    const cart = [
      { id: 'l1', item: { ...soap, unit_price: 100, track_stock: false }, quantity: 1 },
      { id: 'l2', item: { ...service, unit_price: 96_320 }, quantity: 1 },
    ];
    expect(cartTotal(cart, { fees: taxes, discount: null })).toBe(96_420 + 14_945);
    const sale = await completeSale(
      cart,
      { contactId: null, discount: null, fees: taxes, payments: [{ method: 'cash', amount: 111_365 }] },
      'Walk-in customer',
    );
    expect(sale.invoice).toMatchObject({ tax_total: 14_945, total_due: 111_365, status: 'paid' });
  });
});

describe('quantities typed at the counter (issue 28 D1/D2)', () => {
  const line = { id: 'l1', item: soap, quantity: 1 };

  it('refuses a quantity past core limit or with more than 3 decimals, without clamping it or throwing', () => {
    expect(quantityProblem('2000000000', 'en')).toMatchObject({ code: 'too_large', params: { max: 1_000_000_000 } });
    expect(quantityProblem('1.23456', 'en')).toMatchObject({ code: 'quantity_decimals', params: { decimals: 3 } });
    expect(quantityProblem('0', 'en')).toMatchObject({ code: 'more_than_zero' });
    expect(quantityProblem('', 'en')).toMatchObject({ code: 'invalid' });
    expect(quantityProblem('abc', 'en')).toMatchObject({ code: 'invalid' });
    // A comma reads as the screen's language writes it: 1,5 is 1.5 in French, two readings (refused) in English.
    expect(quantityProblem('1,5', 'fr')).toBeNull();
    expect(quantityProblem('1,5', 'en')).toMatchObject({ code: 'invalid' });
    expect(quantityProblem('1,000', 'en')).toBeNull();
    expect(typedQuantity(line, '1,000', 'en')).toMatchObject({ quantity: 1000 });
    expect(typedQuantity(line, '2,5', 'fr')).toMatchObject({ quantity: 2.5 });
    expect(quantityProblem('1000000000', 'en')).toBeNull();
    // The refused text is kept as typed; the quantity stays the last good one (never max + 1).
    const big = typedQuantity(line, '2000000000', 'en');
    expect(big).toMatchObject({ quantity: 1, qtyText: '2000000000' });
    expect(typedQuantity(line, '1.5', 'en')).toMatchObject({ quantity: 1.5, qtyText: '1.5' });
  });

  it('a cart with a refused quantity has a problem (no payment), and working out its total never throws', () => {
    const opts = { fees: [vat], discount: null };
    expect(checkCart([typedQuantity(line, '2000000000', 'en')], opts).problem?.code).toBe('too_large');
    // A line from an order may carry a quantity the maths refuses (1.23456): left out of the total, not a crash.
    const decimals = { ...line, quantity: 1.23456 };
    expect(() => cartTotal([decimals], opts)).not.toThrow();
    expect(checkCart([decimals, { ...line, id: 'l2', item: service }], opts)).toEqual({
      total: 1150,
      problem: expect.objectContaining({ code: 'quantity_decimals' }),
      taxes: { added: 150, addedNames: 'VAT 15%', inside: 0, insideNames: '' },
    });
    // Past what an invoice can hold: refused as core's limit says, before any sale is made.
    const dear = { ...line, item: { ...soap, unit_price: 99_999_999_999 }, quantity: 1_000_000_000 };
    expect(checkCart([dear], opts).problem?.code).toBe('line_too_large');
    expect(checkCart([typedQuantity(line, '3', 'en')], opts)).toEqual({
      total: 1725,
      problem: null,
      taxes: { added: 225, addedNames: 'VAT 15%', inside: 0, insideNames: '' },
    });
  });
});

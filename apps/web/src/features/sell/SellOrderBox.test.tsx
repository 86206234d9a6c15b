import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type CatalogItem, type Contact, db } from '../../data/db';
import { renderUi } from '../../ui/testing';
import { mergeIntoCart, orderCartLines } from './order';
import { type CartLine, cartTotal } from './sale';
import SellOrderBox from './SellOrderBox';
import './strings';

const now = '2026-11-22T10:00:00.000Z';
const item = (id: string, name: string, unit_price: number, track_stock = true): CatalogItem => ({
  id,
  name,
  description: '',
  unit_price,
  unit: 'piece',
  sku: '',
  active: true,
  track_stock,
  created_at: now,
  updated_at: now,
});
const soap = item('11111111-1111-4111-8111-111111111111', 'Soap', 500);
const bread = item('22222222-2222-4222-8222-222222222222', 'Bread', 1200);
const kofi: Contact = {
  id: '33333333-3333-4333-8333-333333333333',
  name: 'Kofi Mensah',
  permalink: 'kofi-mensah',
  created_at: now,
  updated_at: now,
} as Contact;

beforeAll(() => {
  if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
  localStorage.setItem('user', JSON.stringify({ id: 'u', username: 'ama', country: 'Ghana', invoice_settings: JSON.stringify({ currency: 'GHS' }) }));
});
afterEach(cleanup);

describe('an order in words at the counter', () => {
  it('turns the words into cart lines: catalog items (named price or their own), a new line sold as written', () => {
    const draft = {
      client: null,
      currency: 'GHS',
      due_date: null,
      fees: [],
      remainder: [],
      lines: [
        { catalog_id: soap.id, description: 'Soap', quantity: 2, unit_price: 500, price_stated: false },
        { catalog_id: bread.id, description: 'Bread', quantity: 3, unit_price: 1000, price_stated: true },
        { catalog_id: null, description: 'Sugar', quantity: 1, unit_price: null, price_stated: false },
      ],
    };
    const items = new Map([soap, bread].map((i) => [i.id, i]));
    expect(orderCartLines(draft, items).map((l) => [l.item.name, l.quantity, l.unit_price, !!l.adhoc])).toEqual([
      ['Soap', 2, undefined, false],
      ['Bread', 3, 1000, false],
    ]);
    const lines = orderCartLines(draft, items, new Map([[2, 800]]));
    expect(lines.map((l) => [l.item.name, l.item.unit_price, !!l.adhoc, l.item.track_stock])).toEqual([
      ['Soap', 500, false, true],
      ['Bread', 1200, false, true],
      ['Sugar', 800, true, false],
    ]);
    expect(cartTotal(lines, { fees: [], discount: null })).toBe(2 * 500 + 3 * 1000 + 800);
    // Into a cart with one soap already: quantities add up at the same price; a different price is its own line.
    const cart: CartLine[] = [
      { id: 'a', item: soap, quantity: 1 },
      { id: 'b', item: bread, quantity: 1 },
    ];
    expect(mergeIntoCart(cart, lines).map((l) => [l.item.name, l.quantity])).toEqual([
      ['Soap', 3],
      ['Bread', 1],
      ['Bread', 3],
      ['Sugar', 1],
    ]);
  });

  it('shows the example of the owner’s country: bread at a Ghanaian price for Kofi, at $1 in Zimbabwe', async () => {
    renderUi(<SellOrderBox items={[]} contacts={[]} currency="GHS" taxes={[]} onAdd={() => undefined} onClose={() => undefined} />);
    expect(await screen.findByText('For example: 2 soap, 3 bread at 15, for Kofi')).toBeTruthy();
    cleanup();
    const ghana = localStorage.getItem('user')!;
    localStorage.setItem('user', JSON.stringify({ ...JSON.parse(ghana), country: 'Zimbabwe' }));
    try {
      renderUi(<SellOrderBox items={[]} contacts={[]} currency="USD" taxes={[]} onAdd={() => undefined} onClose={() => undefined} />);
      expect(await screen.findByText('For example: 2 soap, 3 bread at 1, for Tendai')).toBeTruthy();
    } finally {
      localStorage.setItem('user', ghana);
    }
  });

  it('reads on the device, asks for a missing price, shows what is not understood, and fills the cart only on OK', async () => {
    const onAdd = vi.fn();
    renderUi(<SellOrderBox items={[bread, soap]} contacts={[kofi]} currency="GHS" taxes={[]} onAdd={onAdd} onClose={() => undefined} />);
    const box = await screen.findByRole('textbox', { name: 'Type or say the order' });
    fireEvent.click(screen.getByRole('button', { name: 'Read the order' }));
    expect(await screen.findByText('Type the order first')).toBeTruthy();

    fireEvent.change(box, { target: { value: '2 soaps, 3 bread at 10 each, 1 sugar for Kofi, ring the bell twice' } });
    fireEvent.click(screen.getByRole('button', { name: 'Read the order' }));
    const review = await screen.findByRole('region', { name: 'Check the order' });
    expect(within(review).getByTestId('sell-order-client').textContent).toContain('Kofi Mensah');
    const lines = within(review).getAllByTestId('sell-order-line');
    expect(lines.map((l) => l.textContent)).toEqual([
      expect.stringContaining('2 × Soap'),
      expect.stringContaining('3 × Bread'),
      expect.stringContaining('1 × Sugar'),
    ]);
    expect(within(review).getByTestId('sell-order-remainder').textContent).toContain('ring the bell twice');
    // Sugar is not in the catalog and has no price: the owner types one before the lines can go in.
    const add = within(review).getByRole('button', { name: 'Add to the sale' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    expect(onAdd).not.toHaveBeenCalled();
    fireEvent.change(within(review).getByLabelText('Price of Sugar'), { target: { value: '8' } });
    await waitFor(() => expect(add.disabled).toBe(false));
    // 2 × 5 + 3 × 10 + 8 = 48
    expect(within(review).getByTestId('sell-order-total').textContent).toBe('GH₵48');
    fireEvent.click(add);
    await waitFor(() => expect(onAdd).toHaveBeenCalledTimes(1));
    const [merge, client] = onAdd.mock.calls[0] as [(c: CartLine[]) => CartLine[], string | null];
    expect(client).toBe(kofi.id);
    expect(merge([]).map((l) => [l.item.name, l.quantity, l.unit_price ?? l.item.unit_price])).toEqual([
      ['Soap', 2, 500],
      ['Bread', 3, 1000],
      ['Sugar', 1, 800],
    ]);
    expect(await db.contacts.count()).toBe(0); // a matched client: nobody new saved
  });
});

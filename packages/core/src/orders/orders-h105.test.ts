import { describe, expect, it } from 'vitest';
import { draftFromModel, parseOrder } from './index';
import type { OrderContext } from './types';

const ctx: OrderContext = {
  catalog: [{ id: 'c1', name: 'Jollof rice', unit_price: 150000 }],
  contacts: [
    { id: 'p1', name: 'Moses Okello' },
    { id: 'p2', name: 'Amina Yusuf' },
  ],
  fees: [],
  currency: 'ZAR',
  today: '2026-11-27',
};
const read = (text: string) => parseOrder(text, ctx);

describe('order parser: a purpose is not a client (t16, issue 29)', () => {
  it.each([
    // English and Pidgin
    ['2 plates of rice for lunch at 300', 'Plates of rice for lunch'],
    ['3 cakes for lunch, 2 sodas', 'Cakes for lunch'],
    ['2 cakes for Lunch', 'Cakes for Lunch'],
    ['2 cakes for breakfast', 'Cakes for breakfast'],
    ['4 cakes for the wedding 500 each', 'Cakes for the wedding'],
    ['2 cakes for party', 'Cakes for party'],
    ['2 cakes for Christmas', 'Cakes for Christmas'],
    ['10 samosas for the office', 'Samosas for the office'],
    ['2 cakes for my wife', 'Cakes for my wife'],
    ['5 drinks for tonight', 'Drinks for tonight'],
    ['6 loaves for resale', 'Loaves for resale'],
    ['2 cakes for staff', 'Cakes for staff'],
    ['3 chairs for church', 'Chairs for church'],
    ['abeg 2 crate of malt for owambe', 'Crate of malt for owambe'],
    ['20 meat pies for the kids party', 'Meat pies for the kids party'],
    // French
    ['2 plats de riz pour le déjeuner à 300', 'Plats de riz pour le déjeuner'],
    ['3 gâteaux pour la fête', 'Gâteaux pour la fête'],
    ['2 gâteaux pour mariage', 'Gâteaux pour mariage'],
    ['5 baguettes pour demain matin', 'Baguettes pour demain matin'],
    ['4 jus pour les enfants', 'Jus pour les enfants'],
    ['2 gâteaux pour mon bureau', 'Gâteaux pour mon bureau'],
    // Swahili
    ['sahani 2 za wali kwa chakula cha mchana', 'Sahani za wali kwa chakula cha mchana'],
    ['keki 2 kwa sherehe', 'Keki kwa sherehe'],
    ['soda 10 kwa harusi', 'Soda kwa harusi'],
    ['mikate 3 kwa ajili ya shule', 'Mikate kwa ajili ya shule'],
    ['chai 5 kwa wageni', 'Chai kwa wageni'],
    ['mikate 4 kwa ofisi', 'Mikate kwa ofisi'],
  ])('"%s": no client, the purpose stays in the line', (text, description) => {
    const d = read(text);
    expect(d.client).toBeNull();
    expect(d.lines.map((l) => l.description)).toContain(description);
  });

  it('a purpose after a comma is shown as unread, not dropped', () => {
    const d = read('3 cakes, for lunch');
    expect(d.client).toBeNull();
    expect(d.remainder).toEqual(['lunch']);
  });

  it('the price after a purpose is still the line price', () => {
    const d = read('2 plates of rice for lunch at 300');
    expect(d.lines).toEqual([{ catalog_id: null, description: 'Plates of rice for lunch', quantity: 2, unit_price: 30000, price_stated: true }]);
  });
});

describe('order parser: a client is a contact, or a name after "for" / "pour" / "kwa"', () => {
  it.each([
    ['2 cakes for Thandi', 'Thandi'],
    ['3 cakes 200 each for Thandi Nkosi', 'Thandi Nkosi'],
    ['2 cakes for mama ngozi', 'Mama Ngozi'],
    ['2 cakes for Mr Okafor', 'Mr Okafor'],
    ['Chinedu wants 2 agbada', 'Chinedu'],
    ['Chinedu: 2 agbada 25k each', 'Chinedu'],
    ['2 gâteaux pour Paul', 'Paul'],
    ['client Aïcha, 3 pagnes', 'Aïcha'],
    ['mikate 3 kwa Juma', 'Juma'],
    ['mteja Wanjiru, keki 2', 'Wanjiru'],
    ['2 cakes for lunch for Thandi', 'Thandi'],
    ['3 plats pour le déjeuner pour Paul', 'Paul'],
    ['sahani 2 kwa chakula cha mchana kwa Juma', 'Juma'],
  ])('"%s" → new client %s', (text, name) => {
    expect(read(text).client).toEqual({ contact_id: null, name });
  });

  it.each([
    ['2 jollof for moses okelo', 'p1'],
    ['2 jollof for lunch for Amina', 'p2'],
    ['Moses wants 2 jollof for lunch', 'p1'],
    ['deux jollof pour amina pour le déjeuner', 'p2'],
    ['jollof 2 kwa chakula cha mchana kwa Amina', 'p2'],
  ])('"%s" → the contact', (text, id) => {
    expect(read(text).client?.contact_id).toBe(id);
  });
});

describe('order parser: markup and code are never a line (t16, issue 29)', () => {
  it('"alert(1)" inside an order prices no line at R1: the whole part stays unread', () => {
    const d = read('2 <img src=x onerror=alert(1)> 500 each');
    expect(d.lines).toEqual([]);
    expect(d.remainder).toEqual(['2 <img src=x onerror=alert(1)> 500 each']);
  });
  it.each([
    ['alert(1)', 'alert(1)'],
    ["2 cakes 500 each, <script>alert('x')</script>", "<script>alert('x')</script>"],
    ['2 cakes, javascript:alert(1)', 'javascript:alert(1)'],
    ['2 cakes, x onmouseover=steal 300', 'x onmouseover=steal 300'],
    ['2 cakes, {{constructor}} 300', '{{constructor}} 300'],
    ['2 cakes, ${price} 300', '${price} 300'],
    ['2 cakes, &lt;b&gt; 3', '&lt;b&gt; 3'],
    ['2 cakes, fetch(document.cookie)', 'fetch(document.cookie)'],
    ['2 cakes, </b> 300', '</b> 300'],
  ])('"%s": only the cakes are a line; "%s" is unread', (text, rest) => {
    const d = read(text);
    expect(d.lines.map((l) => l.description)).toEqual(text.startsWith('2 cakes') ? ['Cakes'] : []);
    expect(d.remainder).toEqual([rest]);
  });
  it('ordinary brackets, signs and shilling marks are still an order', () => {
    expect(read('2 shirt(s) 200 each').lines).toEqual([{ catalog_id: null, description: 'Shirt', quantity: 2, unit_price: 20000, price_stated: true }]);
    expect(read('2 cakes total = 1000').lines[0]).toMatchObject({ description: 'Cakes', unit_price: 50000 });
    expect(read('mbili panadol 2500/= kila moja').lines[0]).toMatchObject({ description: 'Panadol', quantity: 2, unit_price: 250000 });
    expect(read('3 shirts (blue) 500 each').lines[0]).toMatchObject({ quantity: 3, unit_price: 50000 });
  });
  it('a model answer with markup as a line or a purpose as a client keeps them unread', () => {
    const d = draftFromModel(
      {
        client_name: 'Lunch',
        lines: [
          { description: 'Cakes', quantity: 2, unit_price: 500 },
          { description: '<img src=x onerror=alert(1)>', quantity: 2, unit_price: 1 },
        ],
        fees: [],
        due_date: null,
        remainder: [],
      },
      ctx,
    );
    expect(d.client).toBeNull();
    expect(d.lines.map((l) => l.description)).toEqual(['Cakes']);
    expect(d.remainder).toEqual(['Lunch', '<img src=x onerror=alert(1)>']);
    const named = draftFromModel({ client_name: 'Thandi Nkosi', lines: [], fees: [], due_date: null, remainder: [] }, ctx);
    expect(named.client).toEqual({ contact_id: null, name: 'Thandi Nkosi' });
  });
});

/** The fixtures and the scoring of the parser's worked examples (examples.ts) and held-out set (heldout.ts). */
import { minorDigits } from '../constants/currencies';
import type { InvoiceFeeInput } from '../amounts/math';
import { parseOrder } from './parse';
import type { OrderContext, OrderDraft } from './types';

/**
 * One case: x the business, t the text, c the client (a contact's name, 'new:Name', or null), l the lines
 * ([catalog name or 'new:description', quantity, unit price in major units or null]), f the fees ([name, amount or
 * null]), d the due date, r whether a remainder is expected (default: none).
 */
export interface OrderCase {
  x: 'ng' | 'ke' | 'fr' | 'tng' | 'tke' | 'tz' | 'rw';
  t: string;
  c: string | null;
  l: Array<[string, number, number | null]>;
  f?: Array<[string, number | null]>;
  d?: string;
  r?: boolean;
}

const fee = (id: string, name: string, calc: 'fixed' | 'percentage', value: number, kind: 'fee' | 'tax' = 'fee'): InvoiceFeeInput => ({
  id,
  name,
  kind,
  calculation: calc,
  percentage_bps: calc === 'percentage' ? value : 0,
  amount: calc === 'fixed' ? value : 0,
  inclusive: false,
});
const items = (rows: Array<[string, number]>, digits: number) =>
  rows.map(([name, price], i) => ({ id: `item-${i}`, name, unit_price: Math.round(price * 10 ** digits) }));
const people = (names: string[]) => names.map((name, i) => ({ id: `contact-${i}`, name }));

/** Wednesday 25 November 2026. */
export const TODAY = '2026-11-25';

export const CONTEXTS: Record<OrderCase['x'], OrderContext> = {
  ng: {
    currency: 'NGN',
    today: TODAY,
    catalog: items(
      [
        ['Agbada', 25000],
        ['Cap', 3000],
        ['Shirt', 5000],
        ['Trousers', 8000],
        ['Dress', 12000],
        ['Jollof rice', 2500],
        ['Ankara fabric', 4500],
        ['Aso oke', 30000],
      ],
      2,
    ),
    contacts: people(['Chinedu Okafor', 'Funke Adeyemi', 'Mama Ngozi', 'Emeka Eze', 'Blessing Okon']),
    fees: [fee('fee-delivery', 'Delivery', 'fixed', 200000), fee('fee-vat', 'VAT', 'percentage', 750, 'tax')],
  },
  ke: {
    currency: 'KES',
    today: TODAY,
    catalog: items(
      [
        ['Mandazi', 20],
        ['Chapati', 30],
        ['Unga 2kg', 200],
        ['Soda', 50],
        ['Sukari', 150],
        ['Mkate', 65],
        ['Shati', 800],
      ],
      2,
    ),
    contacts: people(['Juma Mwangi', 'Wanjiru Kamau', 'Achieng Otieno', 'Mama Otieno', 'Kiprono Langat']),
    fees: [fee('fee-usafirishaji', 'Usafirishaji', 'fixed', 10000), fee('fee-vat', 'VAT', 'percentage', 1600, 'tax')],
  },
  fr: {
    currency: 'XOF',
    today: TODAY,
    catalog: items(
      [
        ['Boubou', 15000],
        ['Pagne', 5000],
        ['Sac de riz', 18000],
        ['Chapeau', 2500],
        ['Savon', 500],
      ],
      0,
    ),
    contacts: people(['Awa Diop', 'Moussa Traoré', 'Aminata Koné', 'Ibrahim Sow']),
    fees: [fee('fee-livraison', 'Livraison', 'fixed', 1000), fee('fee-tva', 'TVA', 'percentage', 1800, 'tax')],
  },
  /** The catalogs a new-user tester set up (t28, issue 29): item names with a size ("Sukari 1kg") and several words ("Aso oke cap"). */
  tng: {
    currency: 'NGN',
    today: TODAY,
    catalog: items(
      [
        ['Agbada', 25000],
        ['Ankara fabric', 3500],
        ['Aso oke cap', 5000],
        ['Lace gown', 45000],
        ['Senator suit', 30000],
      ],
      2,
    ),
    contacts: people(['Chinedu Okafor', 'Funke Bello', 'Emeka Obi', 'Aisha Bello']),
    fees: [fee('fee-delivery', 'Delivery', 'fixed', 300000)],
  },
  tke: {
    currency: 'KES',
    today: TODAY,
    catalog: items(
      [
        ['Unga wa ngano 2kg', 250],
        ['Sukari 1kg', 180],
        ['Mafuta ya kupikia 1L', 350],
        ['Kitenge', 1200],
      ],
      2,
    ),
    contacts: people(['Otieno Ouma', 'Amina Hassan', 'Baraka Mwangi']),
    fees: [fee('fee-usafirishaji', 'Usafirishaji', 'fixed', 20000)],
  },
  // A business with no fees at all (t14 D13): a delivery charge typed in the order is a line of its own.
  tz: {
    currency: 'TZS',
    today: TODAY,
    catalog: items(
      [
        ['Kitenge', 15000],
        ['Kanga', 8000],
      ],
      2,
    ),
    contacts: people(['Mama Zawadi', 'Juma Ally']),
    fees: [],
  },
  // Rwanda (t17 R0): francs have no minor unit, so a price with cents is never rounded into the draft.
  rw: {
    currency: 'RWF',
    today: TODAY,
    catalog: items(
      [
        ['Cement', 12000],
        ['Isukari', 1500],
        ['Umuceri', 1200],
      ],
      0,
    ),
    contacts: people(['Éric Habimana', 'Aline Uwase']),
    fees: [fee('fee-delivery', 'Delivery', 'fixed', 2000)],
  },
};

export interface CaseScore {
  lines: boolean;
  prices: boolean;
  client: boolean;
  fees: boolean;
  due: boolean;
  remainder: boolean;
  draft: OrderDraft;
}

const clean = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();

/** Parses a case and says which parts came out as expected. */
export function scoreCase(c: OrderCase): CaseScore {
  const ctx = CONTEXTS[c.x];
  const draft = parseOrder(c.t, ctx);
  const scale = 10 ** minorDigits(ctx.currency);
  const lineKey = (name: string) => {
    if (name.startsWith('new:')) return `new:${clean(name.slice(4))}`;
    const item = ctx.catalog.find((i) => i.name === name);
    if (!item) throw new Error(`no catalog item ${name}`);
    return item.id;
  };
  const got = draft.lines.map((l) => (l.catalog_id ? l.catalog_id : `new:${clean(l.description)}`));
  const lines = got.length === c.l.length && c.l.every(([name, qty], i) => got[i] === lineKey(name) && draft.lines[i].quantity === qty);
  const prices =
    draft.lines.length === c.l.length && c.l.every(([, , price], i) => draft.lines[i].unit_price === (price === null ? null : Math.round(price * scale)));
  const wantClient = c.c === null ? null : c.c.startsWith('new:') ? { contact_id: null, name: c.c.slice(4) } : ctx.contacts.find((p) => p.name === c.c);
  const client =
    wantClient === null
      ? draft.client === null
      : !!draft.client &&
        draft.client.contact_id === (('id' in (wantClient ?? {}) && (wantClient as { id: string }).id) || null) &&
        clean(draft.client.name) === clean(wantClient!.name);
  const wantFees = c.f ?? [];
  const fees =
    draft.fees.length === wantFees.length &&
    wantFees.every(([name, amount], i) => draft.fees[i].name === name && draft.fees[i].amount === (amount === null ? null : Math.round(amount * scale)));
  const due = draft.due_date === (c.d ?? null);
  const remainder = (c.r ?? false) === draft.remainder.length > 0;
  return { lines, prices, client, fees, due, remainder, draft };
}

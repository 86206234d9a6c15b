/**
 * An order typed or said at the counter (issue 29) → lines of the sale's cart. Core's parser reads the words as it
 * does for a draft invoice; here a catalog line sells that item (its stock goes down) at the price named in the
 * order or else its own, and a line naming no catalog item is sold as written (no catalog link, no stock).
 */
import { INVOICE_LIMITS, type OrderDraft, type OrderDraftLine } from '@duka/core';
import type { CatalogItem } from '../../data/db';
import { type CartLine, linePrice } from './sale';

/** A line naming no catalog item needs a price from the order or from the owner before it can be sold. */
export function needsPrice(line: OrderDraftLine, items: ReadonlyMap<string, CatalogItem>): boolean {
  return line.unit_price === null && !(line.catalog_id && items.has(line.catalog_id));
}

/**
 * The order's lines as cart lines. `prices` are what the owner typed in the review for lines without one (by the
 * line's index); a line still without a price is left out (the review does not let that happen).
 */
export function orderCartLines(draft: OrderDraft, items: ReadonlyMap<string, CatalogItem>, prices: ReadonlyMap<number, number> = new Map()): CartLine[] {
  const out: CartLine[] = [];
  draft.lines.forEach((l, i) => {
    const quantity = Math.min(l.quantity, INVOICE_LIMITS.maxQuantity + 1);
    const item = l.catalog_id ? items.get(l.catalog_id) : undefined;
    if (item) {
      const price = l.unit_price ?? prices.get(i) ?? item.unit_price;
      out.push({ id: crypto.randomUUID(), item, quantity, ...(price !== item.unit_price ? { unit_price: price } : {}) });
      return;
    }
    const price = l.unit_price ?? prices.get(i);
    if (price === undefined || price === null) return;
    const name = l.description.trim() || '—';
    out.push({
      id: crypto.randomUUID(),
      adhoc: true,
      quantity,
      item: {
        id: crypto.randomUUID(),
        name,
        description: '',
        unit_price: price,
        unit: 'piece',
        sku: '',
        active: true,
        track_stock: false,
        created_at: '',
        updated_at: '',
      },
    });
  });
  return out;
}

/** Adds lines to the cart: an item already there at the same price gets the quantities added, others go below. */
export function mergeIntoCart(cart: CartLine[], add: CartLine[]): CartLine[] {
  const next = [...cart];
  for (const l of add) {
    const at = l.adhoc ? -1 : next.findIndex((c) => !c.adhoc && c.item.id === l.item.id && linePrice(c) === linePrice(l));
    if (at < 0) next.push(l);
    else next[at] = { ...next[at], quantity: Math.min(INVOICE_LIMITS.maxQuantity + 1, next[at].quantity + l.quantity) };
  }
  return next;
}

import { moneyTimesQuantity } from './math';

/** What levels are computed from: a movement as kept anywhere (device, server), deleted ones included or not. */
export interface MovementLike {
  catalog_id: string;
  quantity: number;
  deleted?: boolean;
  deleted_at?: string | null;
}

/** A level's state: negative (sold more than was counted: flagged, never refused), low (at or under the item's low-stock level) or ok. */
export type StockState = 'negative' | 'low' | 'ok';

const live = (m: MovementLike) => !m.deleted && !m.deleted_at;

/**
 * Stock levels per catalog item: the sum of its live movements, in thousandths so that 0.1 + 0.2 stays 0.3.
 * The order movements arrive in (sync order, device) never changes the result: a sum is commutative.
 */
export function stockLevels(movements: Iterable<MovementLike>): Map<string, number> {
  const milli = new Map<string, number>();
  for (const m of movements) {
    if (!live(m)) continue;
    milli.set(m.catalog_id, (milli.get(m.catalog_id) ?? 0) + Math.round(m.quantity * 1000));
  }
  const out = new Map<string, number>();
  for (const [id, v] of milli) out.set(id, v / 1000);
  return out;
}

/** The level of one item. */
export function stockLevel(movements: Iterable<MovementLike>, catalogId: string): number {
  let milli = 0;
  for (const m of movements) if (m.catalog_id === catalogId && live(m)) milli += Math.round(m.quantity * 1000);
  return milli / 1000;
}

/** negative below 0; low at or under `lowLevel` (when set, > 0 or 0); ok otherwise. */
export function stockState(level: number, lowLevel: number | null | undefined): StockState {
  if (level < 0) return 'negative';
  if (lowLevel != null && level <= lowLevel) return 'low';
  return 'ok';
}

/** Value of a level at cost (minor units): quantity × cost price, rounded; a negative level is worth 0. */
export function stockValue(level: number, costPrice: number | null | undefined): number {
  if (!costPrice || level <= 0) return 0;
  return moneyTimesQuantity(costPrice, level);
}

export interface StockItemLike {
  id: string;
  name: string;
  sku?: string;
  track_stock?: boolean;
  low_stock_level?: number | null;
  cost_price?: number | null;
}

export interface StockRow {
  catalog_id: string;
  name: string;
  sku: string;
  level: number;
  low_stock_level: number | null;
  cost_price: number;
  value: number;
  state: StockState;
}

/** The stock list: every item that tracks stock with its level, state and value, by name. */
export function stockRows(items: Iterable<StockItemLike>, levels: Map<string, number>): StockRow[] {
  const rows: StockRow[] = [];
  for (const it of items) {
    if (!it.track_stock) continue;
    const level = levels.get(it.id) ?? 0;
    const low = it.low_stock_level ?? null;
    const cost = it.cost_price ?? 0;
    rows.push({
      catalog_id: it.id,
      name: it.name,
      sku: it.sku ?? '',
      level,
      low_stock_level: low,
      cost_price: cost,
      value: stockValue(level, cost),
      state: stockState(level, low),
    });
  }
  return rows.sort((a, b) => a.name.localeCompare(b.name));
}

/** Items that need restocking (low or negative), most urgent first. */
export function lowStockRows(rows: StockRow[]): StockRow[] {
  return rows.filter((r) => r.state !== 'ok').sort((a, b) => a.level - b.level || a.name.localeCompare(b.name));
}

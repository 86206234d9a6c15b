import { toMajor } from '../reports/csv';
import { minorDigits } from '../constants/currencies';
import { parseMoney } from '../money';
import { hasAtMost3Decimals } from '../amounts/math';
import type { StockRow } from './levels';
import { STOCK_LIMITS, STOCK_MESSAGES } from './movements';

/** One CSV cell: quoted when it must be; a leading = + - @ is escaped so a spreadsheet never runs it as a formula. */
function cell(v: string | number | null): string {
  if (v === null) return '';
  if (typeof v === 'number') return String(v);
  const safe = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const STOCK_CSV_HEADERS = ['name', 'sku', 'level', 'low_stock_level', 'cost_price', 'value', 'state'] as const;

/** The stock levels export (CSV text, money in major units of `currency`). */
export function stockLevelsCsv(rows: StockRow[], currency: string): string {
  const lines = [STOCK_CSV_HEADERS.join(',')];
  for (const r of rows)
    lines.push([cell(r.name), cell(r.sku), r.level, r.low_stock_level ?? '', toMajor(r.cost_price, currency), toMajor(r.value, currency), r.state].join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** Splits CSV text into rows of cells (RFC 4180 quoting; a BOM and blank lines are ignored). */
export function parseCsvText(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cur = '';
  let quoted = false;
  const src = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (quoted) {
      if (c === '"' && src[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cur += c;
    } else if (c === '"') quoted = true;
    else if (c === ',' || c === ';') {
      row.push(cur);
      cur = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && src[i + 1] === '\n') i++;
      row.push(cur);
      if (row.some((x) => x.trim() !== '')) rows.push(row);
      row = [];
      cur = '';
    } else cur += c;
  }
  row.push(cur);
  if (row.some((x) => x.trim() !== '')) rows.push(row);
  return rows;
}

export interface OpeningStockRow {
  /** 1-based line of the file (the header is line 1). */
  line: number;
  name: string;
  sku: string;
  quantity: number;
  /** Minor units, or null when the column is absent or empty. */
  cost_price: number | null;
}

export interface OpeningStockParse {
  rows: OpeningStockRow[];
  errors: Array<{ line: number; message: string }>;
}

const HEADER_ALIASES: Record<string, string[]> = {
  name: ['name', 'item', 'product', 'nom', 'jina'],
  sku: ['sku', 'code', 'barcode', 'ref'],
  quantity: ['quantity', 'qty', 'stock', 'level', 'quantité', 'quantite', 'idadi'],
  cost_price: ['cost_price', 'cost', 'coût', 'cout', 'gharama'],
};

/**
 * Opening stock from CSV: a header row naming `name` and/or `sku`, and `quantity` (optional `cost_price` in
 * major units of `currency`). Each bad row gets a message with its line; good rows are kept.
 */
export function parseOpeningStockCsv(text: string, currency: string): OpeningStockParse {
  const table = parseCsvText(text);
  const errors: OpeningStockParse['errors'] = [];
  if (!table.length)
    return { rows: [], errors: [{ line: 1, message: 'The file is empty: put a header row (name, sku, quantity, cost_price) and one row per item' }] };
  const headers = table[0].map((h) => h.trim().toLowerCase());
  const col = (key: string) => headers.findIndex((h) => HEADER_ALIASES[key].includes(h));
  const idx = { name: col('name'), sku: col('sku'), quantity: col('quantity'), cost_price: col('cost_price') };
  if (idx.quantity < 0 || (idx.name < 0 && idx.sku < 0))
    return { rows: [], errors: [{ line: 1, message: 'The first row must name the columns: name or sku, and quantity (cost_price is optional)' }] };
  const rows: OpeningStockRow[] = [];
  table.slice(1).forEach((r, i) => {
    const line = i + 2;
    const get = (k: keyof typeof idx) => (idx[k] >= 0 ? (r[idx[k]] ?? '').trim() : '');
    const name = get('name');
    const sku = get('sku');
    if (!name && !sku) return void errors.push({ line, message: 'Give the item name or sku' });
    const q = Number(get('quantity').replace(/\s/g, '').replace(',', '.'));
    if (get('quantity') === '' || !Number.isFinite(q)) return void errors.push({ line, message: 'quantity: enter a number, e.g. 12' });
    if (Math.abs(q) > STOCK_LIMITS.maxQuantity) return void errors.push({ line, message: `quantity: ${STOCK_MESSAGES.quantityTooLarge}` });
    if (!hasAtMost3Decimals(Math.abs(q))) return void errors.push({ line, message: `quantity: ${STOCK_MESSAGES.quantityDecimals}` });
    let cost: number | null = null;
    const costText = get('cost_price');
    if (costText) {
      const parsed = parseMoney(costText, minorDigits(currency));
      if (parsed === null || parsed < 0) return void errors.push({ line, message: 'cost_price: enter an amount, e.g. 1500' });
      cost = parsed;
    }
    rows.push({ line, name, sku, quantity: q, cost_price: cost });
  });
  return { rows, errors };
}

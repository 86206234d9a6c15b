import { createHash, randomUUID } from 'node:crypto';
import {
  derivedUuid,
  type StockMovementRecord,
  invoiceDefaults,
  lowStockRows,
  parseOpeningStockCsv,
  type StockAdjustmentBody,
  stockRows,
  type StockRow,
} from '@duka/core';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { catalogs, stockMovements, users } from '../../db/schema';
import type { AppContext } from '../../lib/context';
import type { Db } from '../../db/connect';
import { AppError } from '../../lib/errors';
import { refuseOthersId } from '../../lib/taken-id';
import { applyMutations, getOne, type Mutation, type MutationResult, selectJson, toRecord } from '../sync';
import { stockMovementsAdapter } from './adapter';

/** The user's invoice currency: stock values are in it. */
async function currencyOf(db: Db, userId: string): Promise<string> {
  const [u] = await db.select({ s: users.invoiceSettings }).from(users).where(eq(users.id, userId));
  return invoiceDefaults(u?.s ?? '{}').currency;
}

/** Every item that tracks stock with its level (sum of live movements), state and value at cost. */
export async function stockLevels(db: Db, userId: string): Promise<{ items: StockRow[]; total_value: number; currency: string }> {
  const rows = await selectJson(
    db,
    sql`select c.id, c.name, c.sku, c.low_stock_level, c.cost_price, coalesce(round(sum(m.quantity)::numeric, 3), 0)::float8 as level
        from ${catalogs} c left join ${stockMovements} m on m.catalog_id = c.id and m.user_id = c.user_id and m.deleted_at is null
        where c.user_id = ${userId} and c.deleted_at is null and c.track_stock
        group by c.id`,
  );
  const levels = new Map(rows.map((r) => [String(r.id), Number(r.level)]));
  const items = stockRows(
    rows.map((r) => ({
      id: String(r.id),
      name: String(r.name),
      sku: String(r.sku ?? ''),
      track_stock: true,
      low_stock_level: r.low_stock_level == null ? null : Number(r.low_stock_level),
      cost_price: Number(r.cost_price ?? 0),
    })),
    levels,
  );
  return { items, total_value: items.reduce((s, i) => s + i.value, 0), currency: await currencyOf(db, userId) };
}

export async function lowStock(db: Db, userId: string) {
  const all = await stockLevels(db, userId);
  const items = lowStockRows(all.items);
  return { items, total_value: items.reduce((s, i) => s + i.value, 0), currency: all.currency };
}

/** The stock value report: items with stock at cost, most valuable first. */
export async function stockValueReport(db: Db, userId: string) {
  const all = await stockLevels(db, userId);
  const items = all.items.filter((i) => i.value > 0).sort((a, b) => b.value - a.value || a.name.localeCompare(b.name));
  return { items, total_value: all.total_value, currency: all.currency };
}

/** One item's movements, newest first, and its level. */
export async function itemMovements(db: Db, userId: string, catalogId: string, limit: number) {
  const [item] = await db
    .select({ name: catalogs.name })
    .from(catalogs)
    .where(and(eq(catalogs.id, catalogId), eq(catalogs.userId, userId), isNull(catalogs.deletedAt)));
  if (!item) throw new AppError('not_found', 'Catalog item not found');
  const [sum] = await selectJson(
    db,
    sql`select coalesce(round(sum(quantity)::numeric, 3), 0)::float8 as level from ${stockMovements}
        where user_id = ${userId} and catalog_id = ${catalogId} and deleted_at is null`,
  );
  const rows = await db
    .select()
    .from(stockMovements)
    .where(and(eq(stockMovements.userId, userId), eq(stockMovements.catalogId, catalogId), isNull(stockMovements.deletedAt)))
    .orderBy(desc(stockMovements.occurredAt), desc(stockMovements.version))
    .limit(limit);
  return {
    catalog_id: catalogId,
    name: item.name,
    level: Number(sum?.level ?? 0),
    movements: rows.map((r) => toRecord(stockMovementsAdapter, r) as StockMovementRecord),
  };
}

function unwrap(r: MutationResult | undefined): MutationResult {
  if (r?.status === 'rejected') {
    const e = r.error ?? { code: 'bad_request', message: 'Rejected' };
    throw new AppError(e.code as ConstructorParameters<typeof AppError>[0], e.message, e.fields);
  }
  if (!r) throw new AppError('internal', 'No result');
  return r;
}

/** A movement typed by hand: received, opening or an adjustment with its reason. */
export async function addAdjustment(ctx: AppContext, userId: string, body: StockAdjustmentBody) {
  const id = body.id ?? randomUUID();
  if (body.id) await refuseOthersId(ctx.db, stockMovements, userId, body.id, 'stock adjustment');
  const data = {
    catalog_id: body.catalog_id,
    kind: body.kind,
    quantity: body.quantity,
    reason: body.reason,
    invoice_id: null,
    occurred_at: body.occurred_at ?? new Date().toISOString(),
  };
  const [r] = await applyMutations(ctx, userId, [{ collection: 'stock_movements', op: 'upsert', id, data }]);
  unwrap(r);
  return toRecord(stockMovementsAdapter, await getOne(ctx.db, stockMovementsAdapter, userId, id)) as StockMovementRecord;
}

const MAX_OPENING_ROWS = 5000;

/**
 * Opening stock from CSV: each row's item is found by sku, else by name (case-insensitive); it starts tracking
 * stock (and takes the row's cost price), and gets an 'opening' movement. Ids derive from the file and the line,
 * so importing the same file twice counts once.
 */
export async function importOpeningStock(ctx: AppContext, userId: string, csv: string) {
  const [u] = await ctx.db.select({ s: users.invoiceSettings }).from(users).where(eq(users.id, userId));
  const parsed = parseOpeningStockCsv(csv, invoiceDefaults(u?.s ?? '{}').currency);
  const errors = [...parsed.errors];
  if (parsed.rows.length > MAX_OPENING_ROWS) throw new AppError('validation_failed', `At most ${MAX_OPENING_ROWS} rows per file`, { csv: 'Split the file' });
  const items = await ctx.db
    .select({ id: catalogs.id, name: catalogs.name, sku: catalogs.sku, trackStock: catalogs.trackStock, costPrice: catalogs.costPrice })
    .from(catalogs)
    .where(and(eq(catalogs.userId, userId), isNull(catalogs.deletedAt)));
  const bySku = new Map(items.filter((i) => i.sku.trim()).map((i) => [i.sku.trim().toLowerCase(), i]));
  const byName = new Map(items.map((i) => [i.name.trim().toLowerCase(), i]));
  const file = createHash('sha256').update(csv).digest('hex');
  const mutations: Mutation[] = [];
  const lines: number[] = [];
  const itemChanges = new Map<string, Record<string, unknown>>();
  const now = new Date().toISOString();
  for (const row of parsed.rows) {
    const item = (row.sku && bySku.get(row.sku.toLowerCase())) || (row.name && byName.get(row.name.toLowerCase()));
    if (!item) {
      errors.push({ line: row.line, message: `No catalog item ${row.sku ? `with sku ${row.sku}` : `named ${row.name}`}: add it to the catalog first` });
      continue;
    }
    const change = itemChanges.get(item.id) ?? {};
    if (!item.trackStock) change.track_stock = true;
    if (row.cost_price !== null && row.cost_price !== item.costPrice) change.cost_price = row.cost_price;
    if (Object.keys(change).length) itemChanges.set(item.id, change);
    if (row.quantity === 0) continue;
    const data = { catalog_id: item.id, kind: 'opening', quantity: row.quantity, reason: 'Opening stock (CSV)', invoice_id: null, occurred_at: now };
    lines.push(row.line);
    mutations.push({
      mutation_id: derivedUuid(`opening-mutation:${userId}:${file}:${row.line}`),
      collection: 'stock_movements',
      op: 'upsert',
      id: derivedUuid(`opening:${userId}:${file}:${row.line}`),
      data,
    });
  }
  const itemMutations: Mutation[] = [...itemChanges].map(([id, data]) => ({ collection: 'catalogs', op: 'upsert', id, data }));
  const results = await applyMutations(ctx, userId, [...itemMutations, ...mutations]);
  let created = 0;
  results.slice(itemMutations.length).forEach((r, i) => {
    if (r.status === 'applied') created += 1;
    else if (r.status === 'rejected') errors.push({ line: lines[i] ?? 0, message: r.error?.message ?? 'Refused' });
  });
  return { created, errors: errors.sort((a, b) => a.line - b.line) };
}

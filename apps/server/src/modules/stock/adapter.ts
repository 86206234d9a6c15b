/**
 * The 'stock_movements' sync collection (issue 28): append-only records, idempotent by id. A movement's
 * item must be one of the user's catalog items; an existing movement is never changed by a device (a level is
 * corrected with a new adjustment), and a movement derived from an invoice is the server's to keep in step
 * with that invoice (see invoice-movements.ts): a device's copy of it changes nothing.
 */
import {
  refusal,
  type InvoiceForStock,
  invoiceStockMovements,
  STOCK_MOVEMENT_DEFAULTS,
  stockMovementFields,
  stockMovementPatch,
  stockMovementShape,
} from '@duka/core';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { catalogs, stockMovements } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Tx } from '../../lib/registry';
import { currentInvoice } from '../invoices';
import { fieldMapper, inIds, sameFieldsAs, selectJson } from '../sync';
import type { BatchState, Data, SyncAdapter } from '../sync';

const KEYS = Object.keys(stockMovementShape);
const mapper = fieldMapper(KEYS);
const FIXED = ['catalog_id', 'kind', 'quantity', 'invoice_id'] as const;

function knownItems(batch: BatchState): Map<string, boolean> {
  let m = batch.memo.get('stock.items') as Map<string, boolean> | undefined;
  if (!m) batch.memo.set('stock.items', (m = new Map()));
  return m;
}

async function preloadItems(tx: Tx, userId: string, ids: string[], batch: BatchState): Promise<void> {
  const memo = knownItems(batch);
  const want = [...new Set(ids)].filter((id) => !memo.has(id));
  if (!want.length) return;
  for (const id of want) memo.set(id, false);
  const rows = await selectJson(
    tx,
    sql`select id from ${catalogs} where ${catalogs.userId} = ${userId} and ${catalogs.deletedAt} is null and ${inIds(catalogs.id, want)}`,
  );
  for (const r of rows) memo.set(String(r.id), true);
}

export const stockMovementsAdapter: SyncAdapter = {
  table: stockMovements,
  fields: stockMovementFields as unknown as z.ZodType<Data>,
  patch: stockMovementPatch as unknown as z.ZodType<Data>,
  defaults: STOCK_MOVEMENT_DEFAULTS,
  // After catalogs (10) and invoices (20): a movement may name an item or a sale of the same push.
  order: 30,
  label: 'Stock movement',
  // quantity is a double precision column: already a JSON number when PostgreSQL builds the pull (pull-json.ts).
  fromRow: sameFieldsAs(mapper.fromRow.fields, (row) => {
    const d = mapper.fromRow(row);
    d.quantity = Number(d.quantity);
    return d;
  }),
  toRow: mapper.toRow,
  search: [stockMovements.reason],
  sort: { column: stockMovements.occurredAt, direction: 'desc', toCursor: (row) => String(row.occurredAt) },
  async preload(tx, userId, items, batch) {
    await preloadItems(
      tx,
      userId,
      items.map((i) => i.data.catalog_id).filter((x): x is string => typeof x === 'string'),
      batch,
    );
  },
  async prepare(tx, userId, data, { id, existing, batch }) {
    if (!existing && data.invoice_id && batch.records('stock_movements').get(id)?.deleted)
      throw new AppError('conflict', 'This stock movement was removed with its invoice or sale line', { id: 'Removed' }, refusal('stock_movement_removed'));
    if (!existing && data.invoice_id) {
      // A device's copy of a movement its invoice derives: only one the invoice as saved here can derive (any item
      // counted as tracked, so never fewer ids than the server's own). The movement of a credit note (or a void) the
      // server refused is refused with it, and the device then drops it: the phone's stock stays the server's.
      const inv = await currentInvoice(tx, userId, String(data.invoice_id), batch);
      const derived = inv ? invoiceStockMovements({ ...inv, id: data.invoice_id } as unknown as InvoiceForStock, () => true) : [];
      if (!derived.some((m) => m.id === id))
        throw new AppError(
          'conflict',
          'This stock movement belongs to an invoice change that was not saved',
          { invoice_id: 'Not saved' },
          refusal('stock_movement_unsaved'),
        );
    }
    if (existing) {
      if (existing.invoice_id) return existing;
      const changed = FIXED.filter((k) => JSON.stringify(existing[k] ?? null) !== JSON.stringify(data[k] ?? null));
      if (changed.length)
        throw new AppError(
          'conflict',
          'A stock movement cannot be changed. Add an adjustment instead.',
          Object.fromEntries(changed.map((k) => [k, 'Cannot change'])),
          refusal('stock_movement_fixed'),
        );
    }
    const item = String(data.catalog_id);
    if (!batch.records('catalogs').has(item)) {
      await preloadItems(tx, userId, [item], batch);
      if (!knownItems(batch).get(item))
        throw new AppError(
          'unprocessable',
          'The catalog item of this stock movement was not found',
          { catalog_id: 'Unknown item' },
          refusal('stock_item_not_found'),
        );
    }
    return data;
  },
};

/**
 * A sale or invoice line may name the catalog item it sells (catalog_id): only one of the user's own items (t21 A7),
 * as only the user's own fees are taken. Items removed since still count (an offline sale of an item deleted on
 * another phone, an old invoice edited), and an id the stored invoice already names is kept as it was.
 */
import { refusal, UNKNOWN_CATALOG_ITEM } from '@duka/core';
import { catalogs } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Tx } from '../../lib/registry';
import { eachId, selectJson } from '../sync';
import type { BatchState, Data } from '../sync';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Catalog ids looked up in this batch: true when the user's own. */
function ownItems(batch: BatchState): Map<string, boolean> {
  let m = batch.memo.get('invoices.catalogItems') as Map<string, boolean> | undefined;
  if (!m) batch.memo.set('invoices.catalogItems', (m = new Map()));
  return m;
}

function catalogIdsOf(lines: unknown): string[] {
  if (!Array.isArray(lines)) return [];
  return lines.map((l) => (l as { catalog_id?: unknown } | null)?.catalog_id).filter((c): c is string => typeof c === 'string' && UUID.test(c));
}

/** Which catalog ids the batch's invoices name are the user's (one query for the whole batch). */
export async function preloadLineItems(tx: Tx, userId: string, items: Array<{ data: Data }>, batch: BatchState): Promise<void> {
  const memo = ownItems(batch);
  const want = [...new Set(items.flatMap((i) => catalogIdsOf(i.data.lines)))].filter((id) => !memo.has(id));
  if (!want.length) return;
  for (const id of want) memo.set(id, false);
  // Primary-key probes, the owner checked outside them (eachId; issue 27: plan-proof in a new database's first minutes).
  const rows = await selectJson(tx, eachId(catalogs, want, userId, { columns: ['id'] }));
  for (const r of rows) memo.set(String(r.id), true);
}

/** Refuses a line naming a catalog item that is not the user's (created earlier in the batch counts). */
export async function assertLineItems(
  tx: Tx,
  userId: string,
  lines: Array<{ catalog_id?: string | null }>,
  existing: Data | null,
  batch: BatchState,
): Promise<void> {
  const kept = new Set(catalogIdsOf(existing?.lines));
  const named = lines.map((l) => l.catalog_id ?? null);
  const check = named.filter((c): c is string => !!c && !kept.has(c) && !batch.records('catalogs').has(c));
  if (!check.length) return;
  await preloadLineItems(tx, userId, [{ data: { lines: check.filter((c) => UUID.test(c)).map((catalog_id) => ({ catalog_id })) } }], batch);
  const memo = ownItems(batch);
  const i = named.findIndex((c) => !!c && check.includes(c) && !memo.get(c));
  if (i < 0) return;
  const field = `lines.${i}.catalog_id`;
  throw new AppError('validation_failed', `${field}: ${UNKNOWN_CATALOG_ITEM}`, { [field]: UNKNOWN_CATALOG_ITEM }, refusal('catalog_item_unknown'));
}

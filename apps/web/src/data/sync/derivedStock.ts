import type { DukaDb } from '../db';

/**
 * Stock an invoice change moved on the device and the server did not take (issue 28): a credit note (or the void of
 * one) accepted offline moves stock at once (features/stock/derived.ts), with the ids the server derives. When the
 * server refuses that change, or the change is discarded, those movements are undone here, so the phone's level is
 * the server's again. Only the device's own copies that never reached the server (no version) are dropped, with
 * their queued changes; `keep` names movements the server has just accepted. Saving the record again after a fix
 * derives them afresh. Runs inside the caller's transaction when there is one (queue and stock_movements).
 */
export async function dropUnsavedDerivedStock(d: DukaDb, invoiceIds: Iterable<string>, keep: ReadonlySet<string> = new Set()): Promise<string[]> {
  const ids = [...new Set(invoiceIds)];
  if (!ids.length) return [];
  const moves = await d.stock_movements.where('invoice_id').anyOf(ids).toArray();
  const drop = moves.filter((m) => m.version === undefined && !keep.has(m.id)).map((m) => m.id);
  await dropStockMovements(d, drop);
  return drop;
}

/** Removes these movements and every change of them still queued. */
export async function dropStockMovements(d: DukaDb, ids: string[]): Promise<void> {
  if (!ids.length) return;
  await d.stock_movements.bulkDelete(ids);
  const queued = await Promise.all(ids.map((id) => d.queue.where('[collection+id]').equals(['stock_movements', id]).primaryKeys()));
  await d.queue.bulkDelete(queued.flat());
}

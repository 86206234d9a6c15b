/**
 * Stock moved by invoices, sales and credit notes, kept in step on the device (issue 28) by core's rule, the same
 * the server runs on each write of an invoice (apps/server stock/invoice-movements.ts): an invoice sent −n, a credit
 * note issued +n per credited stock-tracked line, −n back once voided; a voided invoice puts back what its live
 * credit notes did not. The movements' ids are derived from (document, line, direction), so the server's copy that
 * syncs back is the same record: the level changes at once, offline included, and is never counted twice.
 */
import { creditedQuantities, type InvoiceForStock, invoiceStockMovements } from '@duka/core';
import { db, type RecordMap, saveRecord, type StockMovement } from '../../data/db';

/** The tables a write that keeps stock in step needs (for an enclosing Dexie transaction). */
export const stockTables = () => [db.invoices, db.catalogs, db.stock_movements, db.queue];

const same = (a: StockMovement, b: { catalog_id: string; kind: string; quantity: number }) =>
  a.catalog_id === b.catalog_id && a.kind === b.kind && Number(a.quantity) === Number(b.quantity);

/**
 * Writes (and queues, as a sale's own movements are) the movements these invoices derive that the device lacks or
 * holds differently, and drops the device's own not-yet-synced ones they no longer derive (the server tombstones its own).
 * A credit note also brings its credited invoice into step when that invoice is void.
 */
export async function keepStockInStep(invoiceIds: string[]): Promise<void> {
  const found = (await db.invoices.bulkGet(invoiceIds)).filter((r): r is RecordMap['invoices'] => !!r);
  const seen = new Set(found.map((r) => r.id));
  for (const r of [...found]) {
    const of = r.kind === 'credit_note' ? r.credited_invoice_id : null;
    if (!of || seen.has(of)) continue;
    const inv = await db.invoices.get(of);
    if (!inv?.voided_at) continue;
    found.push(inv);
    seen.add(of);
  }
  if (!found.length) return;
  const voided = new Set(found.filter((r) => (r.kind ?? 'invoice') === 'invoice' && r.voided_at).map((r) => r.id));
  const creditNotes = voided.size
    ? await db.invoices.filter((r) => r.kind === 'credit_note' && !!r.credited_invoice_id && voided.has(r.credited_invoice_id)).toArray()
    : [];
  const itemIds = [...new Set(found.flatMap((r) => (r.lines ?? []).map((l) => l.catalog_id).filter((x): x is string => !!x)))];
  const tracked = new Set((await db.catalogs.bulkGet(itemIds)).filter((i) => i?.track_stock).map((i) => i!.id));
  const existing = await db.stock_movements
    .where('invoice_id')
    .anyOf([...seen])
    .toArray();
  for (const inv of found) {
    const credited = voided.has(inv.id) ? creditedQuantities(creditNotes.filter((c) => c.credited_invoice_id === inv.id)) : undefined;
    const wanted = invoiceStockMovements(inv as unknown as InvoiceForStock, (id) => tracked.has(id), credited);
    const keep = new Set(wanted.map((m) => m.id));
    for (const m of wanted) {
      const cur = existing.find((e) => e.id === m.id);
      if (!cur || !same(cur, m.data)) await saveRecord('stock_movements', { id: m.id, ...m.data });
    }
    for (const cur of existing) {
      // Only the device's own copy that never reached the server: the server tombstones its copies itself.
      if (cur.invoice_id !== inv.id || keep.has(cur.id) || cur.version !== undefined) continue;
      await db.stock_movements.delete(cur.id);
      await db.queue.where('[collection+id]').equals(['stock_movements', cur.id]).delete();
    }
  }
}

/**
 * Movements of invoices, sales and credit notes (issue 28), kept in step with each write of an invoice, inside
 * the same transaction: the movements core's invoiceStockMovements derives (−n once sent or sold, +n once
 * voided; +n per credited line once a credit note is issued, −n once it is voided) are written when missing or
 * different, and those no longer derived (a deleted draft, an edited line) are tombstoned. They take the
 * invoice's version, so a pull of stock_movements brings them with the invoice. A voided invoice puts back only
 * what its credit notes did not, so a credit note also brings its (voided) invoice's movements into step.
 */
import { creditedQuantities, invoiceStockMovements, type InvoiceForStock } from '@duka/core';
import { sql } from 'drizzle-orm';
import { catalogs, invoices, stockMovements } from '../../db/schema';
import type { Tx } from '../../lib/registry';
import { inIds, insertJson, selectJson } from '../sync';

interface InvoiceRow {
  id: string;
  kind: string;
  issue_date: string;
  sent_at: string | null;
  finished_at: string | null;
  voided_at: string | null;
  amount_paid: number;
  lines: Array<{ id: string; catalog_id?: string | null; quantity: number }>;
  credited_invoice_id: string | null;
  deleted_at: string | null;
  version: number;
}

const same = (a: Record<string, unknown>, b: Record<string, unknown>) =>
  a.catalog_id === b.catalog_id &&
  a.kind === b.kind &&
  Number(a.quantity) === Number(b.quantity) &&
  a.invoice_id === b.invoice_id &&
  a.occurred_at === b.occurred_at;

export async function syncInvoiceMovements(tx: Tx, userId: string, invoiceIds: string[]): Promise<void> {
  if (!invoiceIds.length) return;
  const load = async (ids: string[], extra = sql``) =>
    (await selectJson(
      tx,
      sql`select id, kind, issue_date, sent_at, finished_at, voided_at, amount_paid, lines, credited_invoice_id, deleted_at, version
          from ${invoices} where ${invoices.userId} = ${userId} and ${inIds(invoices.id, ids)} ${extra}`,
    )) as unknown as InvoiceRow[];
  const rows = await load(invoiceIds);
  // The voided invoices of credit notes written here: what they put back depends on their credit notes.
  const seen = new Set(invoiceIds);
  const credits = [...new Set(rows.map((r) => r.credited_invoice_id).filter((x): x is string => !!x && !seen.has(x)))];
  if (credits.length) rows.push(...(await load(credits, sql`and ${invoices.voidedAt} is not null`)));
  const ids = rows.map((r) => r.id);
  const voided = rows.filter((r) => (r.kind === 'invoice' || r.kind === 'sale') && r.voided_at).map((r) => r.id);
  const creditNotes = voided.length
    ? ((await selectJson(
        tx,
        sql`select credited_invoice_id, voided_at, lines from ${invoices}
            where ${invoices.userId} = ${userId} and ${invoices.kind} = 'credit_note' and ${invoices.deletedAt} is null
              and ${inIds(invoices.creditedInvoiceId, voided)}`,
      )) as unknown as Array<{ credited_invoice_id: string; voided_at: string | null; lines: Array<{ id: string; quantity: number }> }>)
    : [];
  const itemIds = [...new Set(rows.flatMap((r) => (r.lines ?? []).map((l) => l.catalog_id).filter((x): x is string => !!x)))];
  const tracked = new Set<string>();
  if (itemIds.length) {
    const items = await selectJson(
      tx,
      sql`select id from ${catalogs} where ${catalogs.userId} = ${userId} and ${catalogs.trackStock} and ${inIds(catalogs.id, itemIds)}`,
    );
    for (const i of items) tracked.add(String(i.id));
  }
  const existing = await selectJson(
    tx,
    sql`select id, catalog_id, kind, quantity, invoice_id, occurred_at, deleted_at from ${stockMovements}
        where ${stockMovements.userId} = ${userId} and ${inIds(stockMovements.invoiceId, ids)}`,
  );
  const byId = new Map(existing.map((m) => [String(m.id), m]));
  const now = new Date();
  const writes: Array<Record<string, unknown>> = [];
  for (const inv of rows) {
    const credited = inv.voided_at ? creditedQuantities(creditNotes.filter((c) => c.credited_invoice_id === inv.id)) : undefined;
    const wanted = inv.deleted_at ? [] : invoiceStockMovements(inv as InvoiceForStock, (id) => tracked.has(id), credited);
    const keep = new Set<string>();
    for (const m of wanted) {
      keep.add(m.id);
      const cur = byId.get(m.id);
      if (cur && !cur.deleted_at && same(cur, m.data)) continue;
      writes.push({
        id: m.id,
        userId,
        version: inv.version,
        updatedAt: now,
        createdAt: now,
        deletedAt: null,
        catalogId: m.data.catalog_id,
        kind: m.data.kind,
        quantity: m.data.quantity,
        reason: m.data.reason,
        invoiceId: m.data.invoice_id,
        occurredAt: m.data.occurred_at,
      });
    }
    for (const cur of existing) {
      if (cur.invoice_id !== inv.id || cur.deleted_at || keep.has(String(cur.id))) continue;
      writes.push({
        id: cur.id,
        userId,
        version: inv.version,
        updatedAt: now,
        createdAt: now,
        deletedAt: now,
        catalogId: cur.catalog_id,
        kind: cur.kind,
        quantity: cur.quantity,
        reason: '',
        invoiceId: cur.invoice_id,
        occurredAt: cur.occurred_at,
      });
    }
  }
  if (writes.length) await insertJson(tx, stockMovements, writes, { upsert: true });
}

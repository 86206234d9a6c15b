import { derivedUuid, type StockMovementData } from './movements';

/** An invoice or sale as kept anywhere, with what stock needs of it. */
export interface InvoiceForStock {
  id: string;
  kind?: string | null;
  issue_date: string;
  sent_at?: string | null;
  finished_at?: string | null;
  voided_at?: string | null;
  amount_paid?: number | null;
  lines: Array<{ id: string; catalog_id?: string | null; quantity: number }>;
}

export interface DerivedMovement {
  id: string;
  data: StockMovementData;
}

/** Stock left the shop: a sale (always), an invoice once sent or paid. Drafts, ready-but-unsent invoices and quotes move nothing. */
export function invoiceMovesStock(inv: InvoiceForStock): boolean {
  const kind = inv.kind ?? 'invoice';
  if (kind === 'sale') return true;
  if (kind !== 'invoice') return false;
  return !!inv.sent_at || Number(inv.amount_paid ?? 0) > 0;
}

const when = (...xs: Array<string | null | undefined>) => {
  for (const x of xs) if (x && !Number.isNaN(Date.parse(x))) return new Date(x).toISOString();
  return '';
};

/**
 * The movements an invoice or sale makes, with ids derived from (invoice, line, direction): −n per stock-tracked
 * line once it moves stock, and +n back once it is voided. The device (offline) and the server work out the
 * same records, so they are written once, never counted twice; an edited line changes its own movement.
 */
export function invoiceStockMovements(inv: InvoiceForStock, tracked: (catalogId: string) => boolean): DerivedMovement[] {
  if (!invoiceMovesStock(inv)) return [];
  const out: DerivedMovement[] = [];
  const outKind = (inv.kind ?? 'invoice') === 'sale' ? ('sale' as const) : ('invoice' as const);
  const outAt = when(inv.sent_at, inv.finished_at, `${inv.issue_date}T00:00:00.000Z`);
  const backAt = when(inv.voided_at, outAt) || outAt;
  for (const line of inv.lines) {
    if (!line.catalog_id || !tracked(line.catalog_id) || !(line.quantity > 0)) continue;
    const base = { catalog_id: line.catalog_id, reason: '', invoice_id: inv.id };
    out.push({ id: derivedUuid(`stock:${inv.id}:${line.id}:out`), data: { ...base, kind: outKind, quantity: -line.quantity, occurred_at: outAt } });
    if (inv.voided_at)
      out.push({ id: derivedUuid(`stock:${inv.id}:${line.id}:back`), data: { ...base, kind: 'void', quantity: line.quantity, occurred_at: backAt } });
  }
  return out;
}

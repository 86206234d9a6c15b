import { derivedUuid, type StockMovementData } from './movements';

/** An invoice, sale or credit note as kept anywhere, with what stock needs of it. */
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

/**
 * Stock moved: a sale (always) and an invoice once sent or paid take it out; a credit note once issued brings
 * the credited lines back. Drafts, ready-but-unsent invoices and quotes move nothing.
 */
export function invoiceMovesStock(inv: InvoiceForStock): boolean {
  const kind = inv.kind ?? 'invoice';
  if (kind === 'sale') return true;
  if (kind === 'credit_note') return !!(inv.sent_at || inv.finished_at);
  if (kind !== 'invoice') return false;
  return !!inv.sent_at || Number(inv.amount_paid ?? 0) > 0;
}

const when = (...xs: Array<string | null | undefined>) => {
  for (const x of xs) if (x && !Number.isNaN(Date.parse(x))) return new Date(x).toISOString();
  return '';
};

const milli = (q: number) => Math.round(q * 1000);

/**
 * What the live (not voided) credit notes of an invoice took back, per line id of the invoice (credit notes
 * keep the invoice's line ids). A voided invoice then puts back only what no credit note put back already.
 */
export function creditedQuantities(creditNotes: Array<{ voided_at?: string | null; lines: Array<{ id: string; quantity: number }> }>): Map<string, number> {
  const out = new Map<string, number>();
  for (const cn of creditNotes) {
    if (cn.voided_at) continue;
    for (const l of cn.lines) out.set(l.id, (milli(out.get(l.id) ?? 0) + milli(l.quantity)) / 1000);
  }
  return out;
}

/**
 * The movements an invoice, sale or credit note makes, with ids derived from (document, line, direction).
 * - Invoice or sale: −n per stock-tracked line once it moves stock, and +n back once it is voided (less what
 *   its credit notes, `credited`, put back already).
 * - Credit note: +n per stock-tracked credited line once issued, and −n back once it is voided.
 * The device (offline) and the server work out the same records, so they are written once, never counted
 * twice; an edited line changes its own movement.
 */
export function invoiceStockMovements(
  inv: InvoiceForStock,
  tracked: (catalogId: string) => boolean,
  credited: ReadonlyMap<string, number> = new Map(),
): DerivedMovement[] {
  if (!invoiceMovesStock(inv)) return [];
  const out: DerivedMovement[] = [];
  const kind = inv.kind ?? 'invoice';
  const firstKind = kind === 'sale' ? ('sale' as const) : kind === 'credit_note' ? ('credit' as const) : ('invoice' as const);
  const sign = kind === 'credit_note' ? 1 : -1;
  const firstAt = when(inv.sent_at, inv.finished_at, `${inv.issue_date}T00:00:00.000Z`);
  const backAt = when(inv.voided_at, firstAt) || firstAt;
  for (const line of inv.lines) {
    if (!line.catalog_id || !tracked(line.catalog_id) || !(line.quantity > 0)) continue;
    const base = { catalog_id: line.catalog_id, reason: '', invoice_id: inv.id };
    const direction = kind === 'credit_note' ? 'credit' : 'out';
    out.push({
      id: derivedUuid(`stock:${inv.id}:${line.id}:${direction}`),
      data: { ...base, kind: firstKind, quantity: sign * line.quantity, occurred_at: firstAt },
    });
    if (!inv.voided_at) continue;
    const back = kind === 'credit_note' ? line.quantity : (milli(line.quantity) - Math.min(milli(line.quantity), milli(credited.get(line.id) ?? 0))) / 1000;
    if (back > 0)
      out.push({ id: derivedUuid(`stock:${inv.id}:${line.id}:back`), data: { ...base, kind: 'void', quantity: -sign * back, occurred_at: backAt } });
  }
  return out;
}

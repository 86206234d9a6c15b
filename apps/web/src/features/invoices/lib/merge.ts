import type { Invoice, InvoiceLine } from './model';

/**
 * An invoice editor left open while the invoice changed (t20 U3: the phone saved Qty 20, the laptop's editor still
 * showed 25): its save is merged with the invoice as it is now, field by field and line by line, instead of writing
 * the stale values back over the other device's change.
 *
 * - `opened`: the invoice as the editor opened it; `untouched`: what the editor would save had nothing been typed
 *   (the same invoice through the form, so a value the form only re-shapes counts as untouched);
 * - `mine`: what the editor saves; `theirs`: the invoice as it is now on this device (after a sync).
 *
 * A field (or a line's quantity, price, description…) the owner did not touch takes its current value; one only the
 * owner changed takes theirs; one changed on both sides to different values is a conflict the owner decides:
 * `keep` holds the other device's values there, `use` the owner's. Every other field (number, status, payments) is
 * the current invoice's.
 */

/** The fields an owner types in the editor; the rest of the invoice is never written back from an older copy. */
export const EDITED_FIELDS = [
  'contact_id',
  'issue_date',
  'due_date',
  'currency',
  'fee_ids',
  'fees',
  'discount',
  'notes',
  'terms',
  'payment_instructions',
  'part_payments',
  'exchange_rate',
] as const;
const LINE_FIELDS = ['description', 'quantity', 'unit_price', 'catalog_id', 'fee_ids'] as const;

export type EditConflict =
  | { kind: 'field'; field: (typeof EDITED_FIELDS)[number]; mine: unknown; theirs: unknown }
  /** A line changed on both sides (`mine` or `theirs` null: removed on that side). */
  | { kind: 'line'; id: string; mine: InvoiceLine | null; theirs: InvoiceLine | null };

export interface EditMerge {
  /** The conflicts kept as the other device left them. */
  keep: Invoice;
  /** The conflicts settled with the owner's values. */
  use: Invoice;
  conflicts: EditConflict[];
  /** Whether anything of the other device's change was taken into the owner's save (to say so). */
  tookTheirs: boolean;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const byId = (lines: InvoiceLine[]) => new Map(lines.map((l) => [l.id, l]));

export function mergeEdit(opened: Invoice, untouched: Invoice, mine: Invoice, theirs: Invoice): EditMerge {
  const keep: Record<string, unknown> = { ...theirs };
  const use: Record<string, unknown> = { ...theirs };
  const conflicts: EditConflict[] = [];
  let tookTheirs = false;
  for (const field of EDITED_FIELDS) {
    const touched = !same(mine[field], untouched[field]);
    const changed = !same(theirs[field], opened[field]);
    if (changed) tookTheirs ||= !touched;
    if (!touched) continue;
    use[field] = mine[field];
    if (changed && !same(mine[field], theirs[field])) conflicts.push({ kind: 'field', field, mine: mine[field], theirs: theirs[field] });
    else keep[field] = mine[field];
  }

  const [o, u, t] = [byId(opened.lines), byId(untouched.lines), byId(theirs.lines)];
  const m = byId(mine.lines);
  const keepLines: InvoiceLine[] = [];
  const useLines: InvoiceLine[] = [];
  const both = (l: InvoiceLine) => (keepLines.push(l), useLines.push(l));
  for (const line of mine.lines) {
    const was = o.get(line.id);
    const now = t.get(line.id);
    const base = u.get(line.id);
    if (!was || !base)
      both(line); // added in this editor
    else if (!now) {
      // Removed on the other device: gone, unless the owner changed it here (then asked).
      tookTheirs ||= same(line, base);
      if (!same(line, base)) {
        conflicts.push({ kind: 'line', id: line.id, mine: line, theirs: null });
        useLines.push(line);
      }
    } else {
      const kept: Record<string, unknown> = { ...now };
      const used: Record<string, unknown> = { ...now };
      let clash = false;
      for (const f of LINE_FIELDS) {
        const touched = !same(line[f], base[f]);
        const changed = !same(now[f], was[f]);
        if (changed) tookTheirs ||= !touched;
        if (!touched) continue;
        used[f] = line[f];
        if (changed && !same(line[f], now[f])) clash = true;
        else kept[f] = line[f];
      }
      if (clash) conflicts.push({ kind: 'line', id: line.id, mine: used as unknown as InvoiceLine, theirs: now });
      keepLines.push(kept as unknown as InvoiceLine);
      useLines.push(used as unknown as InvoiceLine);
    }
  }
  for (const now of theirs.lines) {
    if (m.has(now.id)) continue;
    const was = o.get(now.id);
    if (!was) {
      // Added on the other device.
      tookTheirs = true;
      both(now);
    } else if (!same(now, was)) {
      // Removed here, changed there: asked.
      conflicts.push({ kind: 'line', id: now.id, mine: null, theirs: now });
      keepLines.push(now);
    }
  }
  return {
    keep: { ...(keep as unknown as Invoice), lines: keepLines },
    use: { ...(use as unknown as Invoice), lines: useLines },
    conflicts,
    tookTheirs,
  };
}

/** The longest a save waits for the sync that brings another device's change first (a weak link: saved as it is). */
export const SYNC_BEFORE_SAVE_MS = 3000;

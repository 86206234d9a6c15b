import { formatBps, formatDate, formatMoney, formatQuantity, type InvoiceLine } from '@duka/core';
import type { ConflictField } from '../../../ui/record/ConflictNotice';
import { type EditorState, toEditorState } from './editor';
import type { Invoice } from './model';

/** What an owner typed on an invoice and can put back; totals, status and payments follow from these (t20 U3). */
export const RESTORABLE_INVOICE_FIELDS = [
  'contact_id',
  'issue_date',
  'due_date',
  'lines',
  'fee_ids',
  'fees',
  'discount',
  'notes',
  'terms',
  'payment_instructions',
  'part_payments',
] as const;

/** The replaced values of `data` an owner can put back, as they were. */
export function restorableValues(data: Record<string, unknown>): Partial<Invoice> {
  return Object.fromEntries(RESTORABLE_INVOICE_FIELDS.filter((k) => k in data).map((k) => [k, data[k]])) as Partial<Invoice>;
}

export type Translate = (key: string, vars?: Record<string, unknown>) => string;

/** The replaced values, as the owner reads them on the invoice: lines with their quantity and price, money as money. */
export function describeInvoiceValues(data: Record<string, unknown>, currency: string, t: Translate): ConflictField[] {
  const money = (v: unknown) => formatMoney(Number(v ?? 0), currency);
  const text = (v: unknown) => (v === null || v === undefined || v === '' ? t('none') : String(v));
  const out: ConflictField[] = [];
  if ('contact_id' in data) out.push([t('client'), t('otherClient')]);
  if (Array.isArray(data.lines)) {
    const lines = (data.lines as InvoiceLine[]).map((l) =>
      t('line', { quantity: formatQuantity(Number(l.quantity)), description: l.description, price: money(l.unit_price) }),
    );
    out.push([t('lines'), lines.length ? lines.join('\n') : t('none')]);
  }
  if ('discount' in data) {
    const d = data.discount as { type: string; value: number } | null;
    out.push([t('discount'), !d || !d.value ? t('none') : d.type === 'percentage' ? formatBps(d.value) : money(d.value)]);
  }
  if ('total_due' in data) out.push([t('total'), money(data.total_due)]);
  if ('issue_date' in data) out.push([t('issueDate'), data.issue_date ? formatDate(String(data.issue_date)) : t('none')]);
  if ('due_date' in data) out.push([t('dueDate'), data.due_date ? formatDate(String(data.due_date)) : t('none')]);
  if ('notes' in data) out.push([t('notes'), text(data.notes)]);
  if ('terms' in data) out.push([t('terms'), text(data.terms)]);
  if ('payment_instructions' in data) out.push([t('instructions'), text(data.payment_instructions)]);
  return out;
}

/**
 * The form with replaced values put back (the editor's "Use these values"): only the fields those values change; what
 * else was typed stays. The invoice's own fee snapshots come first, the others the form offered stay offered.
 */
export function withReplacedValues(s: EditorState, base: Invoice, values: Partial<Invoice>): EditorState {
  const before = toEditorState(base);
  const after = toEditorState({ ...base, ...values });
  const changed = (Object.keys(after) as (keyof EditorState)[]).filter((k) => JSON.stringify(after[k]) !== JSON.stringify(before[k]));
  const next = { ...s, ...Object.fromEntries(changed.map((k) => [k, after[k]])) } as EditorState;
  const own = new Set(next.fees.map((f) => f.id));
  return { ...next, fees: [...next.fees, ...s.fees.filter((f) => !own.has(f.id))] };
}

import { type InvoiceFeeInput, type InvoiceKind, invoiceDefaults, isoDate, nextInvoiceNumber } from '@duka/core';
import { useMemo } from 'react';
import { db, deleteRecord, type Fee, saveRecord } from '../../../data/db';
import { useRecords } from '../../../data/sync/hooks';
import { getCurrentUser } from '../../../data/user';
import { buildRows, type ListRow } from './list';
import { asInvoice, type Invoice, newPublicId, withTotals } from './model';

/** Every invoice and quote joined with client names (live); undefined while local data loads. */
export function useInvoiceRows(): ListRow[] | undefined {
  const invoices = useRecords('invoices');
  const contacts = useRecords('contacts');
  return useMemo(() => {
    if (!invoices || !contacts) return undefined;
    const names = new Map(contacts.map((c) => [c.id, c.name]));
    return buildRows(invoices, names, isoDate());
  }, [invoices, contacts]);
}

/** Writes the invoice on the device (totals and status recomputed) and queues its upload. */
export async function saveInvoice(inv: Invoice): Promise<Invoice> {
  const stored = await saveRecord('invoices', withTotals(inv));
  return asInvoice(stored);
}

export function deleteInvoice(id: string): Promise<void> {
  return deleteRecord('invoices', id);
}

export function userInvoiceDefaults() {
  return invoiceDefaults(getCurrentUser()?.invoice_settings ?? null);
}

/** The next number of the user's series for this kind, from the invoices on this device. */
export async function allocateNumber(kind: InvoiceKind): Promise<string> {
  const d = userInvoiceDefaults();
  const prefix = kind === 'quote' ? d.quote_prefix : d.invoice_prefix;
  const numbers: string[] = [];
  await db.invoices.each((r) => {
    if ((r.kind ?? 'invoice') === kind && typeof r.number === 'string') numbers.push(r.number);
  });
  return nextInvoiceNumber(prefix, numbers);
}

/** A Fees-tab record as the invoice maths reads it (tolerates older field names). */
export function feeInput(f: Fee | Record<string, unknown>): InvoiceFeeInput {
  const r = f as Record<string, unknown>;
  const bps = typeof r.percentage_bps === 'number' ? r.percentage_bps : typeof r.rate_bp === 'number' ? r.rate_bp : 0;
  const calculation = r.calculation === 'fixed' || r.calculation === 'percentage' ? r.calculation : typeof r.rate_bp === 'number' ? 'percentage' : 'fixed';
  return {
    id: String(r.id),
    name: String(r.name ?? ''),
    kind: r.kind === 'fee' ? 'fee' : 'tax',
    calculation,
    percentage_bps: bps,
    amount: typeof r.amount === 'number' ? r.amount : 0,
    inclusive: Boolean(r.inclusive),
  };
}

/** A new, empty invoice or quote with the user's defaults. */
export function blankInvoice(kind: InvoiceKind, number: string, defaultFees: InvoiceFeeInput[], today = isoDate()): Invoice {
  const d = userInvoiceDefaults();
  const due = new Date(`${today}T00:00:00Z`);
  due.setUTCDate(due.getUTCDate() + d.due_days);
  return {
    id: crypto.randomUUID(),
    kind,
    number,
    contact_id: null,
    issue_date: today,
    due_date: due.toISOString().slice(0, 10),
    currency: d.currency,
    lines: [],
    fees: defaultFees,
    fee_ids: defaultFees.map((f) => f.id),
    discount: null,
    notes: '',
    terms: '',
    payment_instructions: d.payment_instructions,
    public_id: newPublicId(),
    status: 'draft',
    sent_at: null,
    finished_at: null,
    voided_at: null,
    converted_invoice_id: null,
    payments: [],
    subtotal: 0,
    discount_total: 0,
    tax_total: 0,
    total_due: 0,
    amount_paid: 0,
    balance: 0,
  };
}

/** A copy as a new draft (new id, number, public link; no payments). */
export async function duplicateInvoice(src: Invoice, kind: InvoiceKind = src.kind): Promise<Invoice> {
  const number = await allocateNumber(kind);
  const today = isoDate();
  const copy: Invoice = {
    ...src,
    id: crypto.randomUUID(),
    kind,
    number,
    issue_date: today,
    due_date: src.due_date && src.issue_date ? shiftDue(src.issue_date, src.due_date, today) : src.due_date,
    lines: src.lines.map((l) => ({ ...l, id: crypto.randomUUID() })),
    public_id: newPublicId(),
    status: 'draft',
    sent_at: null,
    finished_at: null,
    voided_at: null,
    converted_invoice_id: null,
    payments: [],
    notice: null,
    quote_id: null,
    version: undefined,
    created_at: undefined,
    updated_at: undefined,
  };
  return saveInvoice(copy);
}

function shiftDue(issue: string, due: string, today: string): string {
  const days = Math.round((Date.parse(due) - Date.parse(issue)) / 86_400_000);
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + Math.max(days, 0));
  return d.toISOString().slice(0, 10);
}

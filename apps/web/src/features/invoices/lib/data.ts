import {
  DEFAULT_LAST_UPDATED,
  duplicateCommand,
  type InvoiceFeeInput,
  type InvoiceKind,
  invoiceDefaults,
  newInvoiceCommand,
  newPublicId,
  nextInvoiceNumber,
  roundedOnTotal,
} from '@duka/core';
import { useMemo } from 'react';
import { cursorKey, db, deleteRecord, type Fee, saveRecord } from '../../../data/db';
import { useRecords } from '../../../data/sync/hooks';
import { getCurrentUser } from '../../../data/user';
import { buildRows, type ListRow } from './list';
import { useSavedInvoices } from './refusedChange';
import { asInvoice, type Invoice, withTotals } from './model';
import { businessTimeZoneNow, todayForBusiness } from '../../../data/today';
import { keepStockInStep, stockTables } from '../../stock/derived';

/** Every invoice and quote joined with client names (live); undefined while local data loads. */
export function useInvoiceRows(): ListRow[] | undefined {
  // An invoice whose change the server refused is listed with the server's figures (t19 N6), as its page shows it.
  const invoices = useSavedInvoices();
  const contacts = useRecords('contacts');
  return useMemo(() => {
    if (!invoices || !contacts) return undefined;
    const names = new Map(contacts.map((c) => [c.id, c.name]));
    return buildRows(invoices, names, todayForBusiness());
  }, [invoices, contacts]);
}

/** Writes the invoice on the device (totals and status recomputed) and queues its upload, with the stock it moves. */
export async function saveInvoice(inv: Invoice): Promise<Invoice> {
  const stored = await db.transaction('rw', stockTables(), async () => {
    const saved = await saveRecord('invoices', withTotals(inv));
    await keepStockInStep([saved.id]);
    return saved;
  });
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
  const prefix = kind === 'quote' ? d.quote_prefix : kind === 'credit_note' ? d.credit_note_prefix : d.invoice_prefix;
  const numbers: string[] = [];
  await db.invoices.each((r) => {
    if ((r.kind ?? 'invoice') === kind && typeof r.number === 'string') numbers.push(r.number);
  });
  return nextInvoiceNumber(prefix, numbers);
}

/**
 * Whether this device has pulled the account's invoices at least once (issue 23, verify27): before its first sync it
 * cannot know the next number (INV-0001 may be taken on another device), so a new invoice is not titled with one.
 * Its number is given when it is saved and, if another device took it meanwhile, renumbered by the sync.
 */
export function numbersKnown(): Promise<boolean> {
  return collectionPulled('invoices');
}

/**
 * Whether this device's sync has brought a collection at least once (issue 23): until then "not found" or "no fees"
 * would be wrong, the records may simply not have arrived yet.
 */
export function collectionPulled(collection: 'invoices' | 'fees'): Promise<boolean> {
  // Dexie's own promise, no async wrapper: knownNextNumber reads it inside a transaction, which an extra native
  // await would let commit too early (PrematureCommitError).
  return db.meta.get(cursorKey(collection)).then((r) => r?.value !== undefined && r.value !== DEFAULT_LAST_UPDATED);
}

/** The next number of the series once this device knows it (numbersKnown), else null: read together, in one go. */
export function knownNextNumber(kind: InvoiceKind): Promise<string | null> {
  return db.transaction('r', [db.meta, db.invoices], async () => ((await numbersKnown()) ? allocateNumber(kind) : null));
}

/** A Fees-tab record as the invoice maths reads it. */
export function feeInput(f: Fee | Record<string, unknown>): InvoiceFeeInput {
  const r = f as Record<string, unknown>;
  // The snapshot a new choice of this fee takes: a percentage rounded once on its total (t22 V1, core's roundedOnTotal).
  return roundedOnTotal({
    id: String(r.id),
    name: String(r.name ?? ''),
    kind: r.kind === 'fee' ? 'fee' : 'tax',
    calculation: r.calculation === 'fixed' ? 'fixed' : 'percentage',
    percentage_bps: typeof r.percentage_bps === 'number' ? r.percentage_bps : 0,
    amount: typeof r.amount === 'number' ? r.amount : 0,
    inclusive: Boolean(r.inclusive),
    // A fee the invoice's VAT is charged on too (t18 Z1); kept off the snapshot when not, as before.
    ...(r.subject_to_tax === true ? { subject_to_tax: true } : {}),
  });
}

/** A new, empty invoice or quote with the user's defaults: core's newInvoiceCommand. */
export function blankInvoice(kind: InvoiceKind, number: string, defaultFees: InvoiceFeeInput[], today = todayForBusiness()): Invoice {
  return newInvoiceCommand({ id: crypto.randomUUID(), kind, number, public_id: newPublicId(), defaults: userInvoiceDefaults(), fees: defaultFees, today });
}

/** A copy as a new draft (new id, number, public link; no payments): core's duplicateCommand. */
export async function duplicateInvoice(src: Invoice, kind: InvoiceKind = src.kind): Promise<Invoice> {
  const number = await allocateNumber(kind);
  const input = {
    id: crypto.randomUUID(),
    kind,
    number,
    public_id: newPublicId(),
    line_ids: src.lines.map(() => crypto.randomUUID()),
    time_zone: businessTimeZoneNow(),
  };
  const [copy] = duplicateCommand(src, input, new Date()).records;
  return saveInvoice(asInvoice(copy as unknown as Record<string, unknown>));
}

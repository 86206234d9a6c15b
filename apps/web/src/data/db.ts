import {
  CATALOG_DEFAULTS,
  CONTACT_DEFAULTS,
  contactPermalink,
  EXPENSE_DEFAULTS,
  FEE_DEFAULTS,
  NOTE_DEFAULTS,
  type CatalogRecord,
  type ContactRecord,
  DEFAULT_LAST_UPDATED,
  type ExpenseRecord,
  type FeeRecord,
  type InvoiceRecord,
  type NoteRecord,
  STOCK_MOVEMENT_DEFAULTS,
  type StockMovementRecord,
  TIMINGS,
} from '@duka/core';
import Dexie, { type EntityTable, type Table, type Transaction } from 'dexie';
import { delayLeft, markStorageStart } from './storageStart';
import { getCurrentUser } from './user';

/**
 * The device database (SPEC §1, DESIGN "Local-first data and sync"): the six business collections,
 * a queue of local changes still to upload, the last-updated cursor per collection, and receipt
 * photos kept on the device until they are uploaded. Screens read from here (live queries) and write
 * here first with saveRecord/deleteRecord; the sync engine (./sync) moves changes to and from the server.
 */

export const COLLECTIONS = ['contacts', 'invoices', 'notes', 'expenses', 'catalogs', 'fees', 'stock_movements'] as const;
export type Collection = (typeof COLLECTIONS)[number];

/** Fields every synced record has: a client-generated UUID, timestamps and the server's version. */
export interface BaseRecord {
  id: string;
  created_at: string;
  updated_at: string;
  /** Server version of the last state this device saw; absent until the server has the record. */
  version?: number;
  /** Set by the server: overwritten versions kept in history ('edited on another device'). */
  history_count?: number;
  conflict?: boolean;
}

/** A record as kept on the device: the server's shape, with the server-only fields optional until it syncs. */
type Local<T> = Omit<T, 'version' | 'history_count' | 'conflict'> & BaseRecord;

/** `language` may be absent on a client saved before issue 19: read it as null (the owner's language). */
export type Contact = Omit<Local<ContactRecord>, 'language'> & { language?: ContactRecord['language'] };
export type Note = Local<NoteRecord>;
/** The input tax fields (issue 26) are absent on an expense saved before them: read them as none. */
export type Expense = Omit<
  Local<ExpenseRecord>,
  'receipt_url' | 'input_tax_rate_bps' | 'input_tax_amount' | 'input_tax_inclusive' | 'input_tax' | 'amount_pending' | 'exchange_rate'
> & {
  receipt_url?: string | null;
  /** Absent on an expense stored before expenses had one (read as null: no rate). */
  exchange_rate?: number | null;
  /** Issue 29: absent on an expense saved before it (read as null: not pending). */
  amount_pending?: ExpenseRecord['amount_pending'];
  input_tax_rate_bps?: number | null;
  input_tax_amount?: number | null;
  input_tax_inclusive?: boolean;
  input_tax?: number;
};
/** The stock fields (issue 28) may be absent on an item saved before them: read them as off / none / 0. */
// Also optional: the KRA eTIMS codes (issue 26), absent on items stored before them.
type StockFields = 'barcode' | 'track_stock' | 'low_stock_level' | 'cost_price' | 'item_class' | 'unit_code' | 'item_type' | 'packaging_unit';
export type CatalogItem = Omit<Local<CatalogRecord>, StockFields> & Partial<Pick<CatalogRecord, StockFields>>;
export type Fee = Local<FeeRecord>;
/** A stock movement (issue 28): append-only; a level is the sum of an item's movements. */
export type StockMovement = Local<StockMovementRecord>;

/**
 * An invoice or quote as the device keeps it: core's InvoiceRecord, with the server-only fields optional
 * until it syncs, and no client yet on a new draft.
 */
export type Invoice = Omit<
  Local<InvoiceRecord>,
  | 'contact_id'
  | 'quote_id'
  | 'finished_at'
  | 'notice'
  | 'created_at'
  | 'updated_at'
  | 'credited_total'
  | 'credited_invoice_id'
  | 'credit_reason'
  | 'credit_reason_code'
> & {
  contact_id: string | null;
  /** Credit notes (issue 26): on an invoice, what they took off; on a credit note, the invoice it credits and why. */
  credited_total?: number;
  credited_invoice_id?: string | null;
  credit_reason?: string | null;
  /** A credit note's KRA reason code (eTIMS), when one was chosen. */
  credit_reason_code?: string | null;
  /** The quote an invoice was converted from (sent to the server, which marks the quote converted). */
  quote_id?: string | null;
  /** Finish pressed: out of the drafts; 'ready' until e-mailed, shared or opened by the client. */
  finished_at?: string | null;
  /** Set by the server when it renumbered a clash (e.g. 'Renumbered from INV-0003 to INV-0004 …'). */
  notice?: string | null;
  created_at?: string;
  updated_at?: string;
};

export interface RecordMap {
  contacts: Contact;
  invoices: Invoice & BaseRecord;
  notes: Note;
  expenses: Expense;
  catalogs: CatalogItem;
  fees: Fee;
  stock_movements: StockMovement;
}
export type AnyRecord = RecordMap[Collection];

/** A local change still to upload (POST /api/sync/push). Rejected changes stay until fixed or discarded. */
export interface QueuedMutation {
  seq?: number;
  mutation_id: string;
  collection: Collection;
  op: 'upsert' | 'delete';
  id: string;
  data?: Record<string, unknown>;
  base_version?: number;
  created_at: string;
  status: 'pending' | 'rejected';
  error?: string;
  /** The fields the server refused, with its message for each (shown on the record's edit form). */
  error_fields?: Record<string, string>;
  /** Which refusal it was (the server's error.reason, core's REFUSAL_REASONS) and its values: worded in the screen's language. */
  error_reason?: string;
  error_params?: Record<string, string | number>;
  /** Sync runs in which this change, sent alone, failed with a server or network error while the server answered others. */
  attempts?: number;
  /** Set aside after repeated failures (status 'rejected'): shown with Fix / Discard, so the rest keeps syncing. */
  held?: boolean;
  /**
   * The server's copy of the record when this change was refused (null: the server has none), kept so the record's
   * page shows the server's figures, not the refused ones, even offline (t19 N6).
   */
  server_copy?: Record<string, unknown> | null;
}

/** Key/value store: one row per collection with its last-updated value, plus engine bookkeeping. */
export interface MetaRow {
  key: string;
  value: string | number;
}

/** A receipt photo kept on the device until POST /api/expenses/{id}/receipt succeeds. */
export interface StoredBlob {
  /** The expense id. */
  id: string;
  collection: 'expenses';
  blob: Blob;
  name: string;
  type: string;
  created_at: string;
  error?: string;
  /** A receipt photo picked offline before the receipt reader was ever fetched: read when back online (issue 29). */
  read_pending?: boolean;
  /**
   * With read_pending: the expense's date when the owner left the form's date at its default (the business's day the
   * form opened on); the date read from the receipt then replaces it, unless the date has changed since (issue 29).
   */
  default_date?: string;
}

export type DukaDb = Dexie & {
  contacts: EntityTable<Contact, 'id'>;
  invoices: EntityTable<RecordMap['invoices'], 'id'>;
  notes: EntityTable<Note, 'id'>;
  expenses: EntityTable<Expense, 'id'>;
  catalogs: EntityTable<CatalogItem, 'id'>;
  fees: EntityTable<Fee, 'id'>;
  stock_movements: EntityTable<StockMovement, 'id'>;
  queue: EntityTable<QueuedMutation, 'seq'>;
  meta: EntityTable<MetaRow, 'key'>;
  blobs: EntityTable<StoredBlob, 'id'>;
};

export const DB_NAME = 'duka';

export function createDb(name = DB_NAME): DukaDb {
  const d = new Dexie(name) as DukaDb;
  d.version(1).stores({
    contacts: 'id, name, permalink, updated_at',
    invoices: 'id, contact_id, number, date, due_date, status, updated_at',
    notes: 'id, contact_id, updated_at',
    expenses: 'id, date, contact_id, category, updated_at',
    catalogs: 'id, name, sku, updated_at',
    fees: 'id, name, updated_at',
    queue: '++seq, &mutation_id, collection, id, status, [collection+id]',
    meta: 'key',
    blobs: 'id, collection',
  });
  // Version 2 (issue 14): client phones kept on the device in local form (08059876543) become E.164, read with
  // the client's country, else the signed-in business's. The server rewrites its copy the same way (new
  // version, pulled later); nothing is queued. Numbers that cannot be read stay as typed.
  d.version(2)
    .stores({})
    .upgrade((tx) => normaliseDevicePhones(tx, getCurrentUser()?.country ?? ''));
  // Version 3 (issue 28): stock movements, pulled from the start (a missing cursor reads as the first pull).
  d.version(3).stores({ stock_movements: 'id, catalog_id, invoice_id, updated_at' });
  // A fresh database starts every collection at SPEC §1's old 2020 date.
  d.on('populate', (tx) => {
    void tx.table('meta').bulkAdd(COLLECTIONS.map((c) => ({ key: cursorKey(c), value: DEFAULT_LAST_UPDATED })));
  });
  return d;
}

/** Rewrites the device's client phones in E.164 (see version 2 above); returns how many changed. */
export async function normaliseDevicePhones(tx: Transaction, businessCountry: string): Promise<number> {
  // The phone rules load on demand (not on the way to the first screen); waitFor keeps the upgrade open meanwhile.
  const { parsePhone } = await Dexie.waitFor(import('./phone'));
  return tx
    .table('contacts')
    .toCollection()
    .modify((c: Contact) => {
      if (!c.phone || c.phone.startsWith('+')) return;
      const result = parsePhone(c.phone, c.country, businessCountry);
      if (result.ok && result.value) c.phone = result.value;
    });
}

export const db: DukaDb = createDb();

export function cursorKey(collection: Collection): string {
  return `last_updated:${collection}`;
}

export function table<C extends Collection>(collection: C, d: DukaDb = db): Table<RecordMap[C], string> {
  return d.table(collection) as Table<RecordMap[C], string>;
}

let ready: Promise<void> | null = null;
/** SPEC §1: after storage opens, wait 300 ms before loading local data. Resolves once per page. */
export function whenLocalDataReady(d: DukaDb = db): Promise<void> {
  if (d !== db) return d.open().then(() => undefined);
  // Counted from when storage started: on a repeat open index.html's early script started it (storageStart.ts).
  markStorageStart();
  ready ??= db
    .open()
    .then(() => new Promise<void>((r) => setTimeout(r, delayLeft(TIMINGS.localDataDelay))))
    .then(() => {
      readyNow = true;
    });
  return ready;
}
let readyNow = false;
/** Whether local data may be loaded already (whenLocalDataReady has resolved): a screen drawn then reads it at once. */
export function localDataReadyNow(): boolean {
  return readyNow;
}

const writeListeners = new Set<() => void>();
/** The sync engine listens here to push soon after a local write (debounced there). */
export function onLocalWrite(listener: () => void): () => void {
  writeListeners.add(listener);
  return () => writeListeners.delete(listener);
}
function notifyWrite() {
  writeListeners.forEach((l) => l());
}

/** Fields the server owns: never sent in an upsert (the receipt is set by the upload endpoint). */
const SERVER_FIELDS = new Set(['id', 'version', 'created_at', 'updated_at', 'history_count', 'conflict', 'receipt', 'receipt_url']);

/** The fields sent to the server for an upsert: every writable field of a new record, or only the changed ones. */
export function syncData(record: object, before?: object | null): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  const prev = (before ?? null) as Record<string, unknown> | null;
  for (const [k, v] of Object.entries(record)) {
    if (SERVER_FIELDS.has(k) || v === undefined) continue;
    if (prev && JSON.stringify(prev[k] ?? null) === JSON.stringify(v ?? null)) continue;
    data[k] = v;
  }
  return data;
}

/** A new save of a record supersedes its rejected changes (the user fixed them); returns their data to resend. */
async function dropRejected(d: DukaDb, collection: Collection, id: string): Promise<Record<string, unknown>> {
  const rejected = await d.queue
    .where('[collection+id]')
    .equals([collection, id])
    .filter((m) => m.status === 'rejected')
    .toArray();
  if (!rejected.length) return {};
  await d.queue.bulkDelete(rejected.map((m) => m.seq!));
  return Object.assign({}, ...rejected.map((m) => m.data ?? {}));
}

/** What a screen passes to saveRecord: the id plus the fields to set (missing ones keep their value or default). */
export type Draft<C extends Collection> = { id: string } & Partial<Omit<RecordMap[C], 'id'>>;

/** Values of the fields a new record may leave out (from @duka/core, the same the server applies). */
export const RECORD_DEFAULTS: Record<Collection, Record<string, unknown>> = {
  contacts: CONTACT_DEFAULTS,
  invoices: {},
  notes: NOTE_DEFAULTS,
  expenses: EXPENSE_DEFAULTS,
  catalogs: CATALOG_DEFAULTS,
  fees: FEE_DEFAULTS,
  stock_movements: STOCK_MOVEMENT_DEFAULTS,
};

/** Writes a record locally (merged over the stored one, or the defaults) and queues its upload, in one transaction. */
export async function saveRecord<C extends Collection>(collection: C, record: Draft<C>, d: DukaDb = db): Promise<RecordMap[C]> {
  const now = new Date().toISOString();
  const t = table(collection, d);
  const stored = await d.transaction('rw', [t, d.queue], async () => {
    const existing = await t.get(record.id);
    const full = {
      ...(existing ?? RECORD_DEFAULTS[collection]),
      ...record,
      created_at: existing?.created_at ?? record.created_at ?? now,
      updated_at: now,
    } as RecordMap[C];
    await t.put(full);
    const fixed = await dropRejected(d, collection, full.id);
    // A record the server has never accepted is sent whole; an edit sends the changed fields (merged server-side).
    const data = { ...fixed, ...syncData(full, existing?.version !== undefined ? existing : null) };
    if (existing?.version !== undefined && !Object.keys(data).length) return full; // nothing changed
    await d.queue.add({
      mutation_id: crypto.randomUUID(),
      collection,
      op: 'upsert',
      id: full.id,
      data,
      base_version: existing?.version ?? full.version,
      created_at: now,
      status: 'pending',
    });
    return full;
  });
  notifyWrite();
  return stored;
}

/**
 * Adds many new records at once (CSV import): all of them and their uploads are written in one
 * transaction, so either every record is kept or none is. Returns the stored records.
 */
export async function saveNewRecords<C extends Collection>(collection: C, records: Draft<C>[], d: DukaDb = db): Promise<RecordMap[C][]> {
  const now = new Date().toISOString();
  const t = table(collection, d);
  const full = records.map((r) => ({ ...RECORD_DEFAULTS[collection], ...r, created_at: now, updated_at: now }) as RecordMap[C]);
  await d.transaction('rw', [t, d.queue], async () => {
    await t.bulkAdd(full);
    await d.queue.bulkAdd(
      full.map((r) => ({
        mutation_id: crypto.randomUUID(),
        collection,
        op: 'upsert' as const,
        id: r.id,
        data: syncData(r),
        created_at: now,
        status: 'pending' as const,
      })),
    );
  });
  notifyWrite();
  return full;
}

/** Deletes a record locally and queues the deletion, in one transaction. */
export async function deleteRecord(collection: Collection, id: string, d: DukaDb = db): Promise<void> {
  const t = table(collection, d);
  await d.transaction('rw', [t, d.queue, d.blobs], async () => {
    const existing = await t.get(id);
    await t.delete(id);
    if (collection === 'expenses') await d.blobs.delete(id);
    await dropRejected(d, collection, id);
    await d.queue.add({
      mutation_id: crypto.randomUUID(),
      collection,
      op: 'delete',
      id,
      base_version: existing?.version,
      created_at: new Date().toISOString(),
      status: 'pending',
    });
  });
  notifyWrite();
}

/** Keeps a receipt photo on the device until the sync engine uploads it. */
export async function saveReceipt(expenseId: string, file: Blob, name = 'receipt.jpg', d: DukaDb = db): Promise<void> {
  await d.blobs.put({ id: expenseId, collection: 'expenses', blob: file, name, type: file.type || 'image/jpeg', created_at: new Date().toISOString() });
  notifyWrite();
}

/** Logout (SPEC §4): forget every local record, queued change, cursor and photo. */
export async function clearLocalData(d: DukaDb = db): Promise<void> {
  await d.transaction('rw', d.tables, async () => {
    await Promise.all(d.tables.map((t) => t.clear()));
    await d.meta.bulkAdd(COLLECTIONS.map((c) => ({ key: cursorKey(c), value: DEFAULT_LAST_UPDATED })));
  });
}

/** Permalink of a contact made on this device: the slug of its name, with a suffix when another contact has it. */
export function makePermalink(name: string, id: string, taken: (candidate: string) => boolean = () => false): string {
  return contactPermalink(name, id, taken);
}

/** makePermalink checked against the contacts on this device. */
export async function uniquePermalink(name: string, id: string, d: DukaDb = db): Promise<string> {
  const others = await d.contacts.filter((c) => c.id !== id).toArray();
  const used = new Set(others.map((c) => c.permalink));
  return makePermalink(name, id, (p) => used.has(p));
}

/**
 * Pluggable sync collections.
 *
 * A module makes a table syncable (POST /api/sync/push, GET /api/sync/pull, history) by calling
 * `registerSyncCollection(ctx, name, adapter)` from its Module function. The sync engine then:
 *  1. parses each upsert's `data` with `adapter.patch` (every field optional, unknown keys dropped);
 *  2. merges it over the current record's data (or `adapter.defaults` for a new record) and validates the
 *     merged whole with `adapter.fields`;
 *  3. calls `adapter.prepare(tx, userId, data, info)`, which may check references and transform the data
 *     (derive a permalink, renumber a clashing invoice number, recompute totals). Throw an AppError to
 *     reject that one mutation; the rest of the batch still applies. `prepare` runs before any write of the
 *     batch, so it must not write and must not leave the transaction failed (catch your own SQL errors).
 *     `info.batch` lets it see what earlier mutations of the same batch did and memoise look-ups;
 *  4. writes all the batch's rows of a collection with one multi-row upsert (collections in `order`), the
 *     history of overwritten values, the applied mutation ids and the user's bumped sync_version, all in one
 *     transaction holding the user row lock (so versions commit in order per user).
 *
 * The table must have the common columns of `syncColumns()` in db/schema/records.ts (id, userId, version,
 * createdAt, updatedAt, deletedAt, device, historyCount). Deletes are tombstones (deleted_at set).
 */
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import type { Tx } from '../../lib/registry';

export type Data = Record<string, unknown>;
export type Row = Record<string, unknown>;

export interface SyncColumns {
  id: AnyPgColumn;
  userId: AnyPgColumn;
  version: AnyPgColumn;
  createdAt: AnyPgColumn;
  updatedAt: AnyPgColumn;
  deletedAt: AnyPgColumn;
  device: AnyPgColumn;
  historyCount: AnyPgColumn;
}
export type SyncTable = PgTable & SyncColumns;

/** What the engine knows about one record while a batch is applied. */
export interface RecordState {
  /** The record's data (API field names) after the mutations so far. */
  data: Data;
  deleted: boolean;
  version: number;
  createdAt: Date;
  updatedAt: Date;
  device: string | null;
  historyCount: number;
  /** The row exists in the table (false: created by this batch). */
  stored: boolean;
  /** Changed by this batch: must be written. */
  dirty: boolean;
  /** The stored record's data when the batch started (null: none, or deleted). */
  original?: Data | null;
}

/** One record of a collection as a batch wrote it (afterWrite, lastStatement). */
export interface Written {
  id: string;
  data: Data;
  deleted: boolean;
  /** The row did not exist before this batch (nothing else can refer to it yet). */
  created?: boolean;
  /** The stored record's data before this batch (null or absent: none, or it was deleted). */
  before?: Data | null;
}

/**
 * Work after a collection's rows are written that rides in the batch's last statement (issue 27: fewer statements
 * while the user's lock is held): `write`, a data-modifying statement run as a CTE of it (it sees the rows as the
 * batch wrote them); `read`, a select whose rows (as JSON) are handed to `check`, which may throw an AppError to
 * refuse the batch (the transaction is rolled back).
 */
export interface LastStatementPart {
  write?: SQL;
  read?: SQL;
  check?(rows: Row[]): Promise<void> | void;
}

/** Shared by the adapters during one push (or one REST write). */
export interface BatchState {
  userId: string;
  /** Records touched so far, per collection, keyed by id. */
  records(collection: string): Map<string, RecordState>;
  /** Free memo for adapters (e.g. permalinks taken, contacts known). */
  memo: Map<string, unknown>;
  now: Date;
}

export interface PrepareInfo {
  id: string;
  /** The data before this mutation, or null for a new record (or one that was deleted). */
  existing: Data | null;
  batch: BatchState;
  /**
   * Fields only server code may write (e.g. a card payment the provider took, the link between a quote and
   * the invoice it became), passed explicitly with the mutation; never set from a device's push.
   */
  server?: Data;
}

export interface SyncAdapter {
  /** Drizzle table with the common sync columns. */
  table: SyncTable;
  /** Every writable field, all required (the whole record's data). */
  fields: z.ZodType<Data>;
  /** The same fields, optional: parses an upsert's data. */
  patch: z.ZodType<Data>;
  /**
   * `patch` is `fields.partial()`, and parsing a field's value again gives what parsing it once gave (trims and checks,
   * no other transform): an upsert is then checked by ONE parse of `fields` over the merge (the engine parses twice,
   * patch then fields, only to find the reason of a refusal, which is then the same as before).
   */
  patchIsPartialFields?: boolean;
  /** Values of fields a new record may leave out. */
  defaults: Data;
  /** Lower writes first within a batch (contacts 0, records referencing contacts 10, invoices 20). */
  order: number;
  /** Table row (Drizzle property names) → data (API field names). */
  fromRow(row: Row): Data;
  /** Data → column values (Drizzle property names), without the common columns. */
  toRow(data: Data): Row;
  /** Extra read-only fields of the API record (e.g. receipt_url). */
  extra?(row: Row): Data;
  /**
   * `extra` in SQL, for pulls built by PostgreSQL (pull-json.ts): API field → an expression over the row's columns
   * (`column('receipt')` is the quoted column of that Drizzle property). Without it an adapter with `extra` is pulled
   * through JavaScript.
   */
  extraSql?(column: (prop: string) => string): Record<string, string>;
  /** Validate / transform the merged data (see above). */
  prepare?(tx: Tx, userId: string, data: Data, info: PrepareInfo): Promise<Data> | Data;
  /**
   * Called once per batch with this collection's upserts before any prepare (e.g. load what they reference). It runs
   * alongside the batch's own read (one statement, see readingTogether): it sees the pushed data and `batch.memo`,
   * not yet the records' states (`batch.records`).
   */
  preload?(tx: Tx, userId: string, items: Array<{ id: string; data: Data }>, batch: BatchState): Promise<void>;
  /**
   * True when this change must keep the replaced values in the record's history even without a conflict
   * (e.g. an invoice edited after a payment, issue 14).
   */
  keepHistory?(before: Data, after: Data): boolean;
  /**
   * Runs after the batch's rows of this collection are written, in the same transaction (e.g. follow-up updates).
   * `created`: the row did not exist before this batch (nothing else can refer to it yet).
   */
  afterWrite?(tx: Tx, userId: string, written: Written[]): Promise<void>;
  /** Follow-up work of a batch's writes of this collection folded into its last statement (see LastStatementPart). */
  lastStatement?(userId: string, written: Written[]): LastStatementPart[];
  /**
   * Ids of records of this collection whose stored fields follow from this one (e.g. the invoice a credit note
   * credits): whenever a batch writes this record, they are prepared again at its end with no change of their own.
   */
  follows?(data: Data): string[];
  /** Throw an AppError to refuse deleting this record. */
  beforeDelete?(tx: Tx, userId: string, id: string, batch: BatchState): Promise<void>;
  /** REST lists: columns `q` searches (case-insensitive) and the sort order. */
  search: AnyPgColumn[];
  sort: { column: AnyPgColumn; direction: 'asc' | 'desc'; toCursor(row: Row): string | number };
  /** Singular label for messages ('Contact'). */
  label: string;
}

export interface SyncRegistry {
  adapters: Map<string, SyncAdapter>;
}

export function getSyncRegistry(ctx: AppContext): SyncRegistry {
  let reg = ctx.services.sync;
  if (!reg) {
    reg = { adapters: new Map() };
    ctx.services.sync = reg;
  }
  return reg;
}

export function registerSyncCollection(ctx: AppContext, name: string, adapter: SyncAdapter): void {
  const reg = getSyncRegistry(ctx);
  if (reg.adapters.has(name)) throw new Error(`sync collection '${name}' is registered twice`);
  reg.adapters.set(name, adapter);
}

export function getAdapter(ctx: AppContext, name: string): SyncAdapter {
  const reg = getSyncRegistry(ctx);
  const adapter = reg.adapters.get(name);
  if (!adapter) {
    const valid = [...reg.adapters.keys()].sort().join(', ');
    throw new AppError('bad_request', `Unknown collection '${name}'. Valid collections: ${valid}`, { collection: `Use one of: ${valid}` });
  }
  return adapter;
}

declare module '../../lib/context' {
  interface Services {
    sync?: SyncRegistry;
  }
}

/**
 * Another module adds rules to a registered collection (e.g. the fiscal module refuses edits of a fiscalised
 * invoice and queues finished ones): `wrap` gets the adapter and returns the one to use from now on.
 */
export function extendSyncCollection(ctx: AppContext, name: string, wrap: (adapter: SyncAdapter) => SyncAdapter): void {
  const reg = getSyncRegistry(ctx);
  const adapter = reg.adapters.get(name);
  if (!adapter) throw new Error(`sync collection '${name}' is not registered`);
  reg.adapters.set(name, wrap(adapter));
}

/** An afterWrite that can tell, from the rows alone, that it will not use the database for them (see quietAfterWrite). */
type AfterWrite = NonNullable<SyncAdapter['afterWrite']> & { quietFor?: (written: Written[]) => boolean };

/**
 * `run` as an adapter's afterWrite, with `quietFor`: true when, for these rows, it will run no statement (it may still
 * change memory). A batch whose afterWrites are all quiet is written in one statement without a transaction (one round
 * trip instead of three, issue 27). A wrapper that replaces afterWrite without this loses it (never quiet: safe).
 */
export function quietAfterWrite(run: NonNullable<SyncAdapter['afterWrite']>, quietFor: (written: Written[]) => boolean): AfterWrite {
  return Object.assign(run, { quietFor });
}

/** Whether the adapter's afterWrite (if any) runs no statement for `written` (see quietAfterWrite). */
export function afterWriteQuiet(adapter: SyncAdapter, written: Written[]): boolean {
  const run = adapter.afterWrite as AfterWrite | undefined;
  return !run || run.quietFor?.(written) === true;
}

import type { QueryOptions } from '@electric-sql/pglite';

/**
 * What crosses between the server's thread and the database thread (pglite-thread.ts, pglite-worker.ts). Values are
 * structured clones (Date, Uint8Array, bigint and JSON values keep their types); functions do not cross, so the one
 * set of parsers the server passes (drizzle-orm/pglite's: dates and intervals kept as PostgreSQL's text) is named by
 * a flag and rebuilt on the other side; errors cross as their fields (code, detail, constraint… as PostgreSQL sent them).
 */

/** The signal words of the shared Int32Array: requests sent (server → database), answers sent (database → server). */
export const REQ = 0;
export const RES = 1;
/** Set (and RES notified) by the database thread when it stops: a transaction's statement then fails at once. */
export const GONE = 2;
/** The connection's counters (pglite-queue.ts) in a shared Float64Array, in this order. */
export const STAT_KEYS = ['waiting', 'waits', 'calls', 'waitMs', 'runMs', 'maxWaitMs', 'maxRunMs'] as const;

export type RowMode = 'array' | 'object';
export interface WireQueryOptions {
  rowMode?: RowMode;
  /** drizzle-orm/pglite's parsers: these types' values as text. */
  textDates?: boolean;
}

/** drizzle-orm/pglite's parsers (session.js): timestamp, timestamptz, interval, date and their arrays, and numeric[]. */
const TEXT_TYPES = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];
const asText = (value: string) => value;
const TEXT_PARSERS = Object.fromEntries(TEXT_TYPES.map((t) => [t, asText]));

/** The options of a query as they can cross; refuses what cannot (parsers or serializers other than drizzle's). */
export function toWire(options: QueryOptions | undefined): WireQueryOptions | undefined {
  if (!options) return undefined;
  const { rowMode, parsers, ...rest } = options;
  const unsupported = Object.keys(rest).filter((k) => (rest as Record<string, unknown>)[k] !== undefined);
  if (unsupported.length) throw new Error(`query options not supported on the database thread: ${unsupported.join(', ')}`);
  let textDates = false;
  if (parsers) {
    const keys = Object.keys(parsers).map(Number);
    if (!keys.every((k) => TEXT_TYPES.includes(k))) throw new Error('query parsers not supported on the database thread');
    textDates = true;
  }
  return { rowMode, textDates };
}

export function fromWire(options: WireQueryOptions | undefined): QueryOptions | undefined {
  if (!options) return undefined;
  return { ...(options.rowMode ? { rowMode: options.rowMode } : {}), ...(options.textDates ? { parsers: TEXT_PARSERS } : {}) };
}

export interface WireError {
  message: string;
  name?: string;
  stack?: string;
  fields: Record<string, unknown>;
}

/** An error's message, name, stack and plain fields (PostgreSQL's code, detail, constraint, …; the query and its parameters). */
export function packError(err: unknown): WireError {
  if (!err || typeof err !== 'object') return { message: String(err), fields: {} };
  const e = err as Error & Record<string, unknown>;
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(e)) {
    if (key === 'queryOptions') continue;
    if (value === null || ['string', 'number', 'boolean', 'bigint'].includes(typeof value)) fields[key] = value;
    else if (key === 'params' && Array.isArray(value)) {
      try {
        fields[key] = structuredClone(value);
      } catch {
        // parameters that cannot be cloned are left out
      }
    }
  }
  return { message: e.message, name: e.name, stack: e.stack, fields };
}

export function unpackError(packed: WireError): Error {
  const err = new Error(packed.message) as Error & Record<string, unknown>;
  if (packed.name && packed.name !== 'Error') Object.defineProperty(err, 'name', { value: packed.name, configurable: true, writable: true });
  Object.assign(err, packed.fields);
  // The database thread's stack, then the server's (where the query was sent).
  if (packed.stack) err.stack = `${packed.stack}\n    --- on the database thread; sent from:\n${(err.stack ?? '').split('\n').slice(1).join('\n')}`;
  return err;
}

/** A notification (LISTEN) raised while a call ran, delivered with that call's answer so it is seen before the call resolves. */
export type Note = [channel: string, payload: string];

export type AsyncRequest =
  | { id: number; op: 'query'; text: string; params?: unknown[]; options?: WireQueryOptions }
  | { id: number; op: 'exec'; text: string }
  | { id: number; op: 'listen'; channel: string }
  | { id: number; op: 'unlisten'; channel: string }
  | { id: number; op: 'close' }
  | { op: 'wake' };

export type SyncRequest =
  | { op: 'begin' }
  | { op: 'query'; text: string; params?: unknown[]; options?: WireQueryOptions }
  | { op: 'exec'; text: string }
  | { op: 'end'; commit: boolean };

export interface Answer {
  id?: number;
  ok: boolean;
  result?: unknown;
  error?: WireError;
  notes?: Note[];
}

/** Messages from the database thread on the async port besides answers. */
export type Event = { event: 'mark'; moment: string } | { event: 'ready' } | { event: 'failed'; error: WireError };

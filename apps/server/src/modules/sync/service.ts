import { and, asc, desc, eq, gt, ilike, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { fixed, isoTime, RECORD_TIMES, rowFromJson, selectRows } from './bulk';
import { recordHistory, users } from '../../db/schema';
import type { Db } from '../../db/connect';
import { AppError } from '../../lib/errors';
import type { Data, Row, SyncAdapter } from './registry';

/** The API shape of a stored row: its data plus id, version, timestamps and conflict markers. */
export function toRecord(adapter: SyncAdapter, row: Row): Data {
  const historyCount = Number(row.historyCount ?? 0);
  return {
    id: row.id,
    ...adapter.fromRow(row),
    ...(adapter.extra ? adapter.extra(row) : {}),
    version: Number(row.version),
    created_at: isoTime(row.createdAt),
    updated_at: isoTime(row.updatedAt),
    history_count: historyCount,
    conflict: historyCount > 0,
  };
}

/** What a device already has from GET /sync/first: the list position of that page's last record, and its version. */
export interface Seen {
  seen: string;
  asOf: number;
}

/**
 * Rows the device does not have from its first page: changed since that page was read, or after its last record
 * in the list order. A row at or before that record and unchanged since is, in the same state, on the device.
 */
export function notSeen(adapter: SyncAdapter, had: Seen): SQL {
  const t = adapter.table;
  const [k, id] = decodeCursor(had.seen);
  const { column, direction } = adapter.sort;
  if (!cursorKeyFits(column, k)) throw new AppError('bad_request', 'The cursor is not valid', { seen: 'Use seen from GET /sync/first' });
  const cmp = direction === 'asc' ? gt : lt;
  return or(gt(t.version, had.asOf), cmp(column, k), and(eq(column, k), cmp(t.id, id))) as SQL;
}

/** The first `limit` live records in the list order, and the list position of the last one (GET /sync/first's `seen`). */
export async function firstPage(db: Db, adapter: SyncAdapter, userId: string, limit: number): Promise<{ records: Data[]; seen: string | null }> {
  const t = adapter.table;
  const { column, direction } = adapter.sort;
  const order = direction === 'asc' ? [asc(column), asc(t.id)] : [desc(column), desc(t.id)];
  const rows = await selectRows(db, t, and(eq(t.userId, userId), isNull(t.deletedAt)) as SQL, sql`order by ${sql.join(order, sql`, `)} limit ${limit}`);
  const last = rows[rows.length - 1];
  return { records: rows.map((r) => toRecord(adapter, r)), seen: last ? encodeCursor(adapter.sort.toCursor(last), last.id as string) : null };
}

export interface PullPage {
  records: Data[];
  deleted: string[];
  version: number;
  has_more: boolean;
}

/**
 * The JavaScript path of a pull (rows → toRecord), kept as the reference the pages built by PostgreSQL (pull-json.ts,
 * what GET /sync/pull answers) are compared with in pull-json.test.ts.
 * Everything of one collection changed since `since`, in version order. The user's counter is read in the
 * same snapshot as the rows: every version up to it is committed and visible, so the cursor answered never
 * skips a change.
 */
export async function pull(
  db: Db,
  adapter: SyncAdapter,
  userId: string,
  since: number,
  limit: number,
  had?: Seen,
  except: Array<[number, number]> = [],
): Promise<PullPage> {
  // One statement, so one snapshot: the counter and the rows are read together (one round trip).
  // Fixed text for the tables and columns (see fixed): this statement runs twice per device per sync.
  const t = adapter.table;
  const where = [sql`user_id = ${userId} and version > ${since}`];
  if (had) where.push(sql`and ${notSeen(adapter, had)}`);
  // Versions the device holds from its push answers (issue 22): left out; the cursor still moves past them.
  for (const [a, b] of except) if (b > since) where.push(sql`and not (version between ${a} and ${b})`);
  const res = (await db.execute(
    sql`select (select sync_version from ${fixed(users)} where id = ${userId}) as v,
      (select coalesce(json_agg(x), '[]'::json)::text from (select * from ${fixed(t)} where ${sql.join(where, sql` `)} order by version limit ${limit + 1}) x) as j`,
  )) as unknown as { rows: Array<{ v: unknown; j: string }> };
  const counter = Number(res.rows[0]?.v ?? 0);
  const rows = (JSON.parse(res.rows[0]?.j ?? '[]') as Array<Record<string, unknown>>).map((r) => rowFromJson(t, r, RECORD_TIMES));
  const hasMore = rows.length > limit;
  const page = hasMore ? rows.slice(0, limit) : rows;
  const last = page.length ? Number(page[page.length - 1].version) : since;
  return {
    records: page.filter((r) => r.deletedAt == null).map((r) => toRecord(adapter, r)),
    deleted: page.filter((r) => r.deletedAt != null).map((r) => r.id as string),
    version: hasMore ? last : Math.max(counter, last),
    has_more: hasMore,
  };
}

export async function historyOf(db: Db, userId: string, collection: string, adapter: SyncAdapter, id: string) {
  const t = adapter.table;
  const [row] = await db
    .select({ id: t.id })
    .from(t as PgTable)
    .where(and(eq(t.id, id), eq(t.userId, userId)));
  if (!row) throw new AppError('not_found', `${adapter.label} not found`);
  const rows = await db
    .select()
    .from(recordHistory)
    .where(and(eq(recordHistory.userId, userId), eq(recordHistory.collection, collection), eq(recordHistory.recordId, id)))
    .orderBy(desc(recordHistory.replacedByVersion));
  return rows.map((h) => ({
    version: Number(h.version),
    replaced_by_version: Number(h.replacedByVersion),
    data: h.data as Data,
    replaced_at: h.replacedAt.toISOString(),
    device: h.device,
  }));
}

/** One live (not deleted) record of the user, or 404. */
export async function getOne(db: Db, adapter: SyncAdapter, userId: string, id: string): Promise<Row> {
  const t = adapter.table;
  const [row] = (await db
    .select()
    .from(t as PgTable)
    .where(and(eq(t.id, id), eq(t.userId, userId), isNull(t.deletedAt)))) as Row[];
  if (!row) throw new AppError('not_found', `${adapter.label} not found`);
  return row;
}

/** Escapes LIKE wildcards so q is matched literally. */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function encodeCursor(k: string | number, id: string): string {
  return Buffer.from(JSON.stringify([k, id])).toString('base64url');
}
function decodeCursor(cursor: string): [string | number, string] {
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(v) &&
      v.length === 2 &&
      (typeof v[0] === 'string' || typeof v[0] === 'number') &&
      typeof v[1] === 'string' &&
      /^[0-9a-f-]{36}$/i.test(v[1])
    ) {
      return [v[0], v[1]];
    }
  } catch {
    // fall through
  }
  throw new AppError('bad_request', 'The cursor is not valid', { cursor: 'Use next_cursor from the previous page' });
}

/** Whether a decoded cursor key can be compared with the sort column (else the database would fail: 400, not 500). */
function cursorKeyFits(column: AnyPgColumn, k: string | number): boolean {
  const type = column.columnType;
  if (/Timestamp/.test(type)) return typeof k === 'string' && k.length <= 40 && !Number.isNaN(Date.parse(k));
  if (/Date/.test(type)) {
    const m = typeof k === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(k) : null;
    if (!m || Number(m[1]) < 1) return false;
    const d = new Date(`${k}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === k;
  }
  if (/Integer|BigInt|Serial|SmallInt|Numeric|Real|Double/.test(type)) return typeof k === 'number' && Number.isSafeInteger(k);
  // eslint-disable-next-line no-control-regex
  return typeof k === 'string' && k.length <= 1000 && !/\u0000/.test(k) && !/[\uD800-\uDFFF]/.test(k.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, ''));
}

/** A page of live records: filters, q over adapter.search, keyset paging on (sort column, id). */
export async function list(db: Db, adapter: SyncAdapter, userId: string, opts: { q?: string; limit: number; cursor?: string; filters?: SQL[] }) {
  const t = adapter.table;
  const where: Array<SQL | undefined> = [eq(t.userId, userId), isNull(t.deletedAt), ...(opts.filters ?? [])];
  const q = opts.q?.trim();
  if (q) where.push(or(...adapter.search.map((c) => ilike(c, likePattern(q)))));
  const { column, direction } = adapter.sort;
  if (opts.cursor) {
    const [k, id] = decodeCursor(opts.cursor);
    if (!cursorKeyFits(column, k)) throw new AppError('bad_request', 'The cursor is not valid', { cursor: 'Use next_cursor from the previous page' });
    const cmp = direction === 'asc' ? gt : lt;
    where.push(or(cmp(column, k), and(eq(column, k), cmp(t.id, id))));
  }
  const order = direction === 'asc' ? [asc(column), asc(t.id)] : [desc(column), desc(t.id)];
  const rows = await selectRows(db, t, and(...where) as SQL, sql`order by ${sql.join(order, sql`, `)} limit ${opts.limit + 1}`);
  const hasMore = rows.length > opts.limit;
  const page = hasMore ? rows.slice(0, opts.limit) : rows;
  const last = page[page.length - 1];
  return {
    records: page.map((r) => toRecord(adapter, r)),
    next_cursor: hasMore && last ? encodeCursor(adapter.sort.toCursor(last), last.id as string) : null,
  };
}

/** Live records of a user in one table (GET /api/state counters). */
export async function countLive(db: Db, adapter: SyncAdapter, userId: string): Promise<number> {
  const t = adapter.table;
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(t as PgTable)
    .where(and(eq(t.userId, userId), isNull(t.deletedAt)));
  return Number(r?.n ?? 0);
}

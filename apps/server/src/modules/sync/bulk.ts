import { Column, getTableColumns, getTableName, is, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/connect';
import type { Tx } from '../../lib/registry';
import type { Row } from './registry';

/**
 * Bulk reads and writes that pass one JSON value instead of thousands of bind parameters and read one JSON
 * cell instead of decoding every column of every row: several times faster on PGlite, and fine on PostgreSQL.
 */

type Runner = Db | Tx;

type ColumnInfo = { key: string; name: string; type: string };
const columnsCache = new WeakMap<PgTable, ColumnInfo[]>();

/** A table's columns (Drizzle key, database name, type), worked out once per table (every row read or written asks). */
function columnsOf(table: PgTable): ColumnInfo[] {
  let cols = columnsCache.get(table);
  if (!cols) {
    cols = Object.entries(getTableColumns(table)).map(([key, col]) => ({ key, name: col.name, type: col.columnType }));
    columnsCache.set(table, cols);
  }
  return cols;
}

type JsonRows = Array<Record<string, unknown>>;

const fixedCache = new WeakMap<object, SQL>();

/**
 * A table (`"invoices"`) or a column (`"invoices"."version"`) as fixed SQL text, made once per object. Drizzle renders
 * its own table and column objects anew in every statement (≈30 µs for a pull's statement against ≈4 µs with fixed
 * text; issue 27: 6% of a sync server's CPU went to building statements): the hot statements of sync embed these.
 */
export function fixed(x: PgTable | AnyPgColumn): SQL {
  let out = fixedCache.get(x);
  if (!out) {
    out = is(x, Column) ? sql.raw(`"${getTableName((x as AnyPgColumn).table)}"."${(x as AnyPgColumn).name}"`) : sql.raw(`"${getTableName(x as PgTable)}"`);
    fixedCache.set(x, out);
  }
  return out;
}

/** The selectJson reads a runner made by readingTogether has been asked for in the current tick, not yet sent. */
interface Together {
  db: Runner;
  queued: Array<{ query: SQL; resolve: (rows: JsonRows) => void; reject: (err: unknown) => void }>;
}
const together = new WeakMap<object, Together>();

/**
 * `db` (a pool or a transaction) for reads that start at the same time, e.g. a sync batch's preloads: the selectJson
 * reads asked for in one tick (before anything is awaited) go to the database as ONE statement, one sub-select per
 * read (one round trip and one snapshot instead of one statement each; issue 27: every statement costs the Node
 * process a socket write and a wake-up). Everything else is passed to `db` unchanged; a read asked for alone is sent
 * alone. If the statement fails, every read in it fails with that error.
 */
export function readingTogether<T extends Runner>(db: T): T {
  const proxy = new Proxy(db, {});
  together.set(proxy, { db, queued: [] });
  return proxy;
}

async function sendTogether(t: Together): Promise<void> {
  const reads = t.queued.splice(0);
  try {
    if (reads.length === 1) return reads[0].resolve(await selectJson(t.db, reads[0].query));
    const parts = reads.map(({ query }, i) => sql`(select coalesce(json_agg(x), '[]'::json)::text from (${query}) x) as ${sql.raw(`j${i}`)}`);
    const res = (await t.db.execute(sql`select ${sql.join(parts, sql`, `)}`)) as unknown as { rows: Array<Record<string, string>> };
    reads.forEach((r, i) => r.resolve(JSON.parse(res.rows[0]?.[`j${i}`] ?? '[]')));
  } catch (err) {
    for (const r of reads) r.reject(err);
  }
}

/** Runs `query` and returns its rows as plain objects keyed by database column names. */
export async function selectJson(db: Runner, query: SQL): Promise<JsonRows> {
  const t = together.get(db);
  if (t) {
    return new Promise<JsonRows>((resolve, reject) => {
      if (t.queued.push({ query, resolve, reject }) === 1) queueMicrotask(() => void sendTogether(t));
    });
  }
  const res = (await db.execute(sql`select coalesce(json_agg(x), '[]'::json)::text as j from (${query}) x`)) as unknown as { rows: Array<{ j: string }> };
  return JSON.parse(res.rows[0]?.j ?? '[]');
}

/** PostgreSQL's JSON text of a UTC timestamp, e.g. 2026-11-27T05:37:11.609532+00:00 (any other text: through Date). */
const PG_UTC = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?\+00:00$/;
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * A timestamp (a Date, or its JSON text from PostgreSQL) as Date.toISOString() writes it (milliseconds, Z). PostgreSQL's
 * UTC text is rewritten without making a Date (the microseconds cut to milliseconds, as Date does): a sync pull turns
 * two timestamps per record into text (issue 27).
 */
export function isoTime(v: unknown): string {
  if (typeof v === 'string') {
    if (ISO_MS.test(v)) return v;
    const m = PG_UTC.exec(v);
    if (m) return `${m[1]}.${(m[2] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
  }
  return (v instanceof Date ? v : new Date(String(v))).toISOString();
}

/**
 * A JSON row (database column names) → a Drizzle-shaped row (property names, timestamps as Date). `asText`: property
 * names of timestamps kept as isoTime text instead (e.g. createdAt and updatedAt of a row only turned into a record).
 */
export function rowFromJson(table: PgTable, obj: Record<string, unknown>, asText?: ReadonlySet<string>): Row {
  const row: Row = {};
  for (const c of columnsOf(table)) {
    const v = obj[c.name];
    if (c.type !== 'PgTimestamp' || typeof v !== 'string') row[c.key] = v;
    else row[c.key] = asText?.has(c.key) ? isoTime(v) : new Date(v);
  }
  return row;
}

/** The timestamps a record (toRecord) shows only as text: rows read just to answer them need no Date for these. */
export const RECORD_TIMES: ReadonlySet<string> = new Set(['createdAt', 'updatedAt']);

/** Selects whole rows of `table` matching `where`, decoded into Drizzle-shaped rows. */
export async function selectRows(db: Runner, table: PgTable, where: SQL, tail: SQL = sql``): Promise<Row[]> {
  const rows = await selectJson(db, sql`select * from ${fixed(table)} where ${where} ${tail}`);
  return rows.map((r) => rowFromJson(table, r));
}

/**
 * `column = any(ids)` with the ids as one JSON parameter. The ids become one array first (an InitPlan run once), never
 * a subquery joined row by row: PGlite has no autovacuum, so its tables have no statistics, and with `user_id = $1 and
 * id in (select …)` its planner chose to read every row of the user and unpack the JSON again for each one (a push
 * answer's read of 500 imported clients took 45–52 s at 16,000 clients; issue 22). `= any(array)` is an index
 * condition on the key, and at worst a cheap filter.
 */
export function inIds(column: SQL | AnyPgColumn, ids: string[]): SQL {
  return sql`${is(column, Column) ? fixed(column) : column} = any(array(select (jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))::uuid))`;
}

/**
 * The rows found for each of `keys` (duplicates asked once) by ONE index seek per key, for a key that is the LAST
 * column of a unique index whose other columns `probe` fixes by equality (`select … from t where user_id = …`; it must
 * select `column`): the first row at or after the key in `column`'s order (`column >= key order by column limit 1`),
 * kept only when it is the key itself. Issue 27: with `user_id = $1 and permalink = key`, a generic plan made while the
 * table was small and never analysed (a new database's first minutes; PGlite always) found every (user_id, …) index as
 * cheap as the unique one and kept, e.g., (user_id, version), filtering every client of the user per key, until the
 * next ANALYZE. An equality probe (`key = …`) also lost to a sequential scan in a generic plan made just after an
 * ANALYZE of a table of a few pages (an autovacuum in a new database's first minute): each probe then read the whole
 * table, which the load grew to 50,000 rows (a push's read took 68 ms on average, up to 1 s, in bench/sync-load).
 * Asked in the key's order, the only way that answers without sorting what it read is the unique index, whatever the
 * statistics. `cast`: the key's type (`uuid`), when not text.
 */
export function eachSeek(keys: string[], column: string, probe: SQL, cast: '' | 'uuid' = ''): SQL {
  const col = sql.raw(`"${column}"`);
  const key = sql.raw(cast ? `k.key::${cast}` : 'k.key');
  return sql`select p.* from jsonb_array_elements_text(${JSON.stringify([...new Set(keys)])}::jsonb) as k(key) cross join lateral (${probe} and ${col} >= ${key} order by ${col} limit 1) p where p.${col} = ${key}`;
}

/**
 * The rows of `table` with the ids `ids` (whole rows): one primary-key seek per id (as eachSeek), the owner (`userId`,
 * when given) and `live` (not deleted) checked OUTSIDE the probe. Issue 27: with `user_id = $1` inside the probe (or
 * `id = any(…)`), a generic plan made while the table was small (a new database, the first minutes of a server, PGlite,
 * which never gathers statistics) finds every index equally cheap and may pick any index that starts with user_id, or
 * a sequential scan, and keeps that plan while the table grows: a push's read then went through every row of the
 * account (≈300 of its ≈700 buffers per push in the sync-load bench). Here the primary key is the only index the probe
 * can use, whatever the statistics.
 */
export function eachId(table: PgTable, ids: string[], userId?: string, { live = false, columns }: { live?: boolean; columns?: string[] } = {}): SQL {
  const keys = JSON.stringify([...new Set(ids)]);
  const out = sql.raw(columns ? columns.map((c) => `p."${c}"`).join(', ') : 'p.*');
  const alive = live ? sql` and p.deleted_at is null` : sql``;
  const owner = userId === undefined ? sql`` : sql` and p.user_id = ${userId}`;
  // A seek (the first id at or after the key, in the primary key's order), as eachSeek: see there why not `id = key`.
  return sql`select ${out} from jsonb_array_elements_text(${keys}::jsonb) as k(key) cross join lateral (select * from ${fixed(table)} where id >= k.key::uuid order by id limit 1) p where p.id = k.key::uuid${alive}${owner}`;
}

/**
 * One INSERT of many rows (Drizzle property names) from one JSON parameter. `upsert`: on an id clash update
 * every column except the keys, creation time and owner, and only when the owner matches.
 */
export async function insertJson(tx: Tx, table: PgTable, rows: Row[], opts: { upsert?: boolean } = {}): Promise<void> {
  const statement = insertJsonSql(table, rows, opts);
  if (statement) await tx.execute(statement);
}

/**
 * insertJson's statement (null when there are no rows), e.g. to run it as a WITH part of another statement.
 * `where`: the rows are inserted only where it holds (e.g. a guard on a value read in the same statement).
 */
export function insertJsonSql(table: PgTable, rows: Row[], opts: { upsert?: boolean; where?: SQL } = {}): SQL | null {
  if (!rows.length) return null;
  const cols = columnsOf(table);
  // The columns any row sets (a row's undefined is left to the column's default).
  let shape = '';
  const present: ColumnInfo[] = [];
  for (const c of cols) {
    const set = rows.some((r) => r[c.key] !== undefined);
    shape += set ? '1' : '0';
    if (set) present.push(c);
  }
  const payload = rows.map((r) => {
    const o: Record<string, unknown> = {};
    for (const c of present) {
      const v = r[c.key];
      o[c.name] = v instanceof Date ? v.toISOString() : v;
    }
    return o;
  });
  const text = statementText(table, shape, present, !!opts.upsert);
  const where = opts.where ? sql` where ${opts.where}` : sql``;
  return sql`${text.head}${JSON.stringify(payload)}${text.json}${where}${text.conflict}`;
}

/** The fixed text of insertJsonSql's statement per table, set of columns and upsert (made once; issue 27). */
interface StatementText {
  head: SQL;
  json: SQL;
  conflict: SQL;
}
const statementTexts = new WeakMap<PgTable, Map<string, StatementText>>();
function statementText(table: PgTable, shape: string, present: ColumnInfo[], upsert: boolean): StatementText {
  let byShape = statementTexts.get(table);
  if (!byShape) statementTexts.set(table, (byShape = new Map()));
  const key = `${upsert ? 'u' : 'i'}${shape}`;
  let text = byShape.get(key);
  if (!text) {
    const name = getTableName(table);
    const t = `"${name}"`;
    const list = present.map((c) => `"${c.name}"`).join(', ');
    let conflict = '';
    if (upsert) {
      const set = present.filter((c) => !['id', 'user_id', 'created_at'].includes(c.name)).map((c) => `"${c.name}" = excluded."${c.name}"`);
      conflict = ` on conflict ("id") do update set ${set.join(', ')} where "${name}"."user_id" = excluded."user_id"`;
    }
    text = {
      head: sql.raw(`insert into ${t} (${list}) select ${list} from json_populate_recordset(null::${t}, `),
      json: sql.raw('::json)'),
      conflict: sql.raw(conflict),
    };
    // Bounded: a table has few column sets in practice (what its adapter writes).
    if (byShape.size < 64) byShape.set(key, text);
  }
  return text;
}

/**
 * Waits for every one of `work` (reads run at once), then throws the first failure: nothing is left running on the
 * connection when the caller goes on (or rolls back).
 */
export async function allDone(work: Array<Promise<unknown>>): Promise<void> {
  const failed = (await Promise.allSettled(work)).find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
}

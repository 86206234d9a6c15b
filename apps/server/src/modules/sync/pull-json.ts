import { getTableColumns, getTableName, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { fixed, RECORD_TIMES, rowFromJson } from './bulk';
import type { MappedFromRow } from './fields';
import type { SyncAdapter } from './registry';
import { notSeen, type Seen, toRecord } from './service';

/**
 * Pull pages built by PostgreSQL (issue 27): the statement gives each collection's records as JSON text in their API
 * shape (what toRecord gives: fromRow's fields, extra, id, version, the times as isoTime writes them, history_count,
 * conflict) and its deleted ids, and the page's JSON text is put together from those pieces without parsing them.
 * Before, each record went PostgreSQL → JSON text → JSON.parse → row → record → JSON.stringify, about 5 times per
 * change in the sync bench (push answer + 4 devices' pulls).
 *
 * A collection's SQL form comes from what its adapter declares: a fromRow made by fieldMapper (or declared the same
 * with sameFieldsAs) and, when it has `extra`, its `extraSql`. A collection without one is pulled the old way (its
 * rows as JSON, through toRecord) inside the same statement. pull-json.test.ts compares both for every collection.
 */

/** toISOString's form of a timestamptz (milliseconds cut as isoTime cuts them, Z), whatever the session's time zone. */
const isoSql = (col: string) => `to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
export const quoteId = (name: string) => `"${name.replace(/"/g, '""')}"`;

const selectCache = new WeakMap<SyncAdapter, string | null>();

/**
 * The select list of the adapter's API record over the table's row aliased `x` (text made once per adapter), or null
 * when the adapter does not declare its fields (or has an `extra` without `extraSql`): then it is pulled through toRecord.
 */
export function recordSelect(adapter: SyncAdapter): string | null {
  if (selectCache.has(adapter)) return selectCache.get(adapter) ?? null;
  const fields = (adapter.fromRow as Partial<MappedFromRow>).fields;
  let out: string | null = null;
  if (fields && (!adapter.extra || adapter.extraSql)) {
    const columns = getTableColumns(adapter.table);
    const column = (prop: string) => {
      const c = columns[prop];
      return c ? `x.${quoteId(c.name)}` : 'null';
    };
    const value = (prop: string) => (columns[prop]?.columnType === 'PgTimestamp' ? isoSql(column(prop)) : column(prop));
    const parts: Array<[string, string]> = [['id', column('id')], ...fields.map(([api, prop]): [string, string] => [api, value(prop)])];
    for (const [api, expr] of Object.entries(adapter.extraSql?.(column) ?? {})) parts.push([api, expr]);
    parts.push(
      ['version', column('version')],
      ['created_at', isoSql(column('createdAt'))],
      ['updated_at', isoSql(column('updatedAt'))],
      ['history_count', `coalesce(${column('historyCount')}, 0)`],
      ['conflict', `coalesce(${column('historyCount')}, 0) > 0`],
    );
    // Later keys win, as in toRecord's spread (extra over fromRow; the common fields over both).
    const byKey = new Map<string, string>();
    for (const [api, expr] of parts) {
      byKey.delete(api);
      byKey.set(api, expr);
    }
    out = [...byKey].map(([api, expr]) => `${expr} as ${quoteId(api)}`).join(', ');
  }
  selectCache.set(adapter, out);
  return out;
}

/** One pulled collection's part of a page: its records and deleted ids as JSON text. */
export interface PulledJson {
  records: string;
  deleted: string;
}

export interface PullJsonPage {
  parts: PulledJson[];
  version: number;
  has_more: boolean;
}

type PageRow = { v: unknown; n: unknown; last: unknown } & Record<string, string>;

/** The records of collection i of q (rows of its table aliased x) as a JSON list in version order. */
function recordsPart(adapter: SyncAdapter, from: string): string {
  const select = recordSelect(adapter);
  // Without a SQL form: the stored rows, turned into records by toRecord (see finish).
  if (!select) return `(select coalesce(json_agg(x order by x.version), '[]'::json)::text from ${from})`;
  return `(select coalesce(json_agg(r order by r.version), '[]'::json)::text from (select ${select} from ${from}) r)`;
}

/** Turns the parts of collections without a SQL form into records (toRecord), and works out the cursor. */
function finish(adapters: SyncAdapter[], row: PageRow | undefined, since: number, limit: number): PullJsonPage {
  const n = Number(row?.n ?? 0);
  const last = row?.last == null ? since : Number(row.last);
  const hasMore = n > limit;
  const parts = adapters.map((adapter, i) => {
    let records = row?.[`r${i}`] ?? '[]';
    if (!recordSelect(adapter)) {
      const rows = (JSON.parse(records) as Array<Record<string, unknown>>).map((r) => rowFromJson(adapter.table, r, RECORD_TIMES));
      records = JSON.stringify(rows.map((r) => toRecord(adapter, r)));
    }
    return { records, deleted: row?.[`d${i}`] ?? '[]' };
  });
  // The counter is read in the same statement (one snapshot): every version up to it is committed and visible.
  return { parts, version: hasMore ? last : Math.max(Number(row?.v ?? 0), last), has_more: hasMore };
}

const exceptSql = (since: number, except: Array<[number, number]>) =>
  except.filter(([, b]) => b > since).map(([a, b]) => sql` and not (version between ${a} and ${b})`);

/**
 * One page of one collection's changes since `since` in version order (GET /sync/pull?collection=), as JSON pieces.
 * The user's counter and the rows are read in one statement, so the cursor answered never skips a change.
 */
export async function pullJson(
  db: Db,
  adapter: SyncAdapter,
  userId: string,
  since: number,
  limit: number,
  had?: Seen,
  except: Array<[number, number]> = [],
): Promise<PullJsonPage> {
  const where = [sql`user_id = ${userId} and version > ${since}`];
  if (had) where.push(sql` and ${notSeen(adapter, had)}`);
  where.push(...exceptSql(since, except));
  const res = (await db.execute(sql`with p as (select * from ${fixed(adapter.table)} where ${sql.join(where)} order by version limit ${limit + 1}),
  q as (select * from p order by version limit ${limit})
  select (select sync_version from "users" where id = ${userId}) as v, (select count(*) from p) as n, (select max(version) from q) as last,
  ${sql.raw(recordsPart(adapter, 'q x where x.deleted_at is null'))} as r0,
  (select coalesce(json_agg(id order by version), '[]'::json)::text from q where deleted_at is not null) as d0`)) as unknown as { rows: PageRow[] };
  return finish([adapter], res.rows[0], since, limit);
}

/**
 * One page of the changes of several collections since `since` (GET /sync/pull?collections=): at most `limit` changes
 * in all, merged in version order (one counter per user across collections), in one statement.
 */
export async function pullManyJson(
  db: Db,
  adapters: SyncAdapter[],
  userId: string,
  since: number,
  limit: number,
  except: Array<[number, number]> = [],
): Promise<PullJsonPage> {
  const branches = adapters.map(
    (a, i) =>
      sql`(select ${sql.raw(String(i))} as c, id, version, deleted_at is not null as gone from ${fixed(a.table)} where user_id = ${userId} and version > ${since}${sql.join(exceptSql(since, except))} order by version limit ${limit + 1})`,
  );
  const parts = adapters.map((a, i) => {
    const from = `q join ${quoteId(getTableName(a.table))} x on x.id = q.id where q.c = ${i} and not q.gone`;
    return sql.raw(
      `${recordsPart(a, from)} as r${i}, (select coalesce(json_agg(id order by version), '[]'::json)::text from q where c = ${i} and gone) as d${i}`,
    );
  });
  const statement: SQL = sql`with p as (select * from (${sql.join(branches, sql` union all `)}) u order by version limit ${limit + 1}),
  q as (select * from p order by version limit ${limit})
  select (select sync_version from "users" where id = ${userId}) as v, (select count(*) from p) as n, (select max(version) from q) as last,
  ${sql.join(parts, sql`, `)}`;
  const res = (await db.execute(statement)) as unknown as { rows: PageRow[] };
  return finish(adapters, res.rows[0], since, limit);
}

/**
 * The page a pull since `since` would answer without reading anything, when every version after `since` up to
 * `committed` (the user's sync_version, every version up to it committed) is one of `except` (the device holds it):
 * no record, `committed` as the cursor. Else null (the pull must be read). A push from the shop's only device answers
 * all its pull this way (issue 27: one statement less per push).
 */
export function pageWhenAllHeld(count: number, since: number, committed: number | undefined, except: Array<[number, number]>): PullJsonPage | null {
  if (committed === undefined || committed < since) return null;
  let held = since;
  for (const [a, b] of [...except].sort((x, y) => x[0] - y[0])) {
    if (a > held + 1) break;
    held = Math.max(held, b);
  }
  if (held < committed) return null;
  return { parts: Array.from({ length: count }, () => ({ records: '[]', deleted: '[]' })), version: committed, has_more: false };
}

/** GET /sync/pull?collection= 's answer as JSON text. */
export function pageText(page: PullJsonPage): string {
  const [p] = page.parts;
  return `{"records":${p?.records ?? '[]'},"deleted":${p?.deleted ?? '[]'},"version":${page.version},"has_more":${page.has_more}}`;
}

/** GET /sync/pull?collections= 's answer as JSON text (`names` in the order of the page's parts). */
export function manyPageText(names: string[], page: PullJsonPage): string {
  const each = names.map((name, i) => `${JSON.stringify(name)}:{"records":${page.parts[i]?.records ?? '[]'},"deleted":${page.parts[i]?.deleted ?? '[]'}}`);
  return `{"collections":{${each.join(',')}},"version":${page.version},"has_more":${page.has_more}}`;
}

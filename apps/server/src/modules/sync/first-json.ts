import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { fixed, rowFromJson } from './bulk';
import { quoteId, recordSelect } from './pull-json';
import type { SyncAdapter } from './registry';
import { countLive, encodeCursor, firstPage } from './service';

/**
 * GET /sync/first's answer as JSON text (issue 27, as pull-json.ts does for pulls): the page's records built by
 * PostgreSQL in their API shape, the user's sync version and every collection's live count, in one statement (one
 * snapshot; before, 2 + one count per collection). Only the last row comes as a row, for its list position (`seen`,
 * made by the adapter's toCursor as before). A collection without a SQL form is answered the JavaScript way.
 */
export async function firstPageJson(db: Db, adapters: Map<string, SyncAdapter>, adapter: SyncAdapter, userId: string, limit: number): Promise<string> {
  const select = recordSelect(adapter);
  if (!select) {
    // Read before the rows: a record changed after this version is pulled again, never skipped.
    const res = (await db.execute(sql`select sync_version as v from "users" where id = ${userId}`)) as unknown as { rows: Array<{ v: unknown }> };
    const version = Number(res.rows[0]?.v ?? 0);
    const page = await firstPage(db, adapter, userId, limit);
    const totals: Record<string, number> = {};
    for (const [name, a] of adapters) totals[name] = await countLive(db, a, userId);
    return JSON.stringify({ ...page, version, totals });
  }
  const { column, direction } = adapter.sort;
  const dir = direction === 'asc' ? 'asc' : 'desc';
  const back = direction === 'asc' ? 'desc' : 'asc';
  const col = `x.${quoteId(column.name)}`;
  const names = [...adapters.keys()];
  const counts = [...adapters.values()].map(
    (a, i) => sql`(select count(*) from ${fixed(a.table)} where user_id = ${userId} and deleted_at is null) as ${sql.raw(`t${i}`)}`,
  );
  const res = (await db.execute(sql`with p as (select * from ${fixed(adapter.table)} where user_id = ${userId} and deleted_at is null
    order by ${fixed(column)} ${sql.raw(dir)}, id ${sql.raw(dir)} limit ${limit})
  select (select sync_version from "users" where id = ${userId}) as v,
    ${sql.raw(`(select coalesce(json_agg(r order by ${col} ${dir}, x.id ${dir}), '[]'::json)::text from p x cross join lateral (select ${select}) r) as records,
    (select row_to_json(x)::text from p x order by ${col} ${back}, x.id ${back} limit 1) as last`)},
    ${sql.join(counts, sql`, `)}`)) as unknown as { rows: Array<Record<string, string | null>> };
  const row = res.rows[0] ?? {};
  const last = row.last ? rowFromJson(adapter.table, JSON.parse(row.last) as Record<string, unknown>) : null;
  const seen = last ? encodeCursor(adapter.sort.toCursor(last), last.id as string) : null;
  const counted = names.map((name, i) => `${JSON.stringify(name)}:${Number(row[`t${i}`] ?? 0)}`).join(',');
  return `{"records":${row.records ?? '[]'},"version":${Number(row.v ?? 0)},"seen":${JSON.stringify(seen)},"totals":{${counted}}}`;
}

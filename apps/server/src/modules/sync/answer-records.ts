import { type SQL, sql } from 'drizzle-orm';
import { RECORD_TIMES, rowFromJson } from './bulk';
import { recordSelect } from './pull-json';
import type { Row, SyncAdapter } from './registry';
import { toRecord } from './service';
import type { MutationResult, Plan } from './plan';

/**
 * The records a push answers with (issue 27), read in the write's own last statement and built by PostgreSQL as JSON
 * text in their API shape (pull-json's select list: the same text a pull would bring), one result row per record, so
 * Node neither parses the rows nor turns them into records and back into JSON: POST /sync/push splices each text into
 * its answer (answerText). A collection without a SQL form is read as its stored row and goes through toRecord.
 */

/** The records to read for one collection: the ids of the plan's applied mutations. */
export interface RecordRead {
  name: string;
  adapter: SyncAdapter;
  ids: string[];
}

/** Per collection, the records of the plan's applied mutations (a push answers upserts with them). */
export function appliedUpserts(plan: Plan): RecordRead[] {
  const out = new Map<string, { name: string; adapter: SyncAdapter; ids: Set<string> }>();
  for (const a of plan.applied) {
    const adapter = plan.adapters.get(a.collection);
    if (!adapter) continue;
    let entry = out.get(a.collection);
    if (!entry) out.set(a.collection, (entry = { name: a.collection, adapter, ids: new Set() }));
    entry.ids.add(a.recordId);
  }
  return [...out.values()].map((e) => ({ ...e, ids: [...e.ids] }));
}

/**
 * The final select of a write statement: `head` (one row of text columns, e.g. the sync_version found), then one row
 * per record read: `k` the read's index, `id`, `version` and `rec` the record's JSON text. `sources[i]`: rows of
 * reads[i]'s table (`select * …`), or null when there is nothing to read. The head row has `k` null.
 */
export function selectWithRecords(head: Array<[string, SQL]>, reads: RecordRead[], sources: Array<SQL | null>): SQL {
  const names = head.map(([name]) => name);
  const first = sql.join(
    [
      ...head.map(([name, value]) => sql`(${value})::text as ${sql.raw(name)}`),
      sql.raw('null::text as k, null::text as id, null::text as version, null::text as rec'),
    ],
    sql`, `,
  );
  const pad = names.map((n) => `null::text as ${n}`).join(', ');
  const parts: SQL[] = [sql`select ${first}`];
  reads.forEach(({ adapter }, i) => {
    const from = sources[i];
    if (!from) return;
    const select = recordSelect(adapter);
    const cols = `${pad ? `${pad}, ` : ''}'${i}'::text as k, r.id::text, r.version::text`;
    parts.push(
      select
        ? sql`select ${sql.raw(`${cols}, row_to_json(r)::text`)} from (select ${sql.raw(select)} from (${from}) x) r`
        : sql`select ${sql.raw(`${cols}, row_to_json(r)::text`)} from (${from}) r`,
    );
  });
  return sql.join(parts, sql` union all `);
}

type ResultRow = Record<string, unknown>;

/** The head row of selectWithRecords' answer (its columns by name), or an empty object. */
export function headOf(rows: ResultRow[]): ResultRow {
  return rows.find((r) => r.k === null || r.k === undefined) ?? {};
}

/**
 * Sets `recordJson` (and `recordVersion`) on the plan's applied upserts from the record rows of selectWithRecords'
 * answer: an applied upsert carries its record when the row has the version that upsert gave it.
 */
export function attachRecords(plan: Plan, reads: RecordRead[], rows: ResultRow[]): void {
  if (!reads.length) return;
  const byKey = new Map<string, { version: number; json: string }>();
  for (const r of rows) {
    if (r.k === null || r.k === undefined) continue;
    const read = reads[Number(r.k)];
    if (!read) continue;
    let json = String(r.rec);
    if (!recordSelect(read.adapter)) json = JSON.stringify(toRecord(read.adapter, rowFromJson(read.adapter.table, JSON.parse(json) as Row, RECORD_TIMES)));
    byKey.set(`${read.name}\u0000${String(r.id)}`, { version: Number(r.version), json });
  }
  const byMutation = new Map(plan.applied.map((a) => [a.mutationId, a]));
  for (const result of plan.results) {
    const a = result.status === 'applied' ? byMutation.get(result.mutation_id) : undefined;
    const found = a ? byKey.get(`${a.collection}\u0000${a.recordId}`) : undefined;
    if (a && found && found.version === a.version) {
      result.recordJson = found.json;
      result.recordVersion = found.version;
    }
  }
}

/**
 * POST /sync/push's answer as JSON text: each result as JSON.stringify writes it, with its record's JSON text (made by
 * PostgreSQL) spliced in as `record`. The fields only the server uses (created, recordJson, recordVersion) are left out.
 */
export function answerText(results: MutationResult[], pullText?: string): string {
  const parts = results.map(({ created: _created, recordJson, recordVersion: _v, ...r }) => {
    const text = JSON.stringify(r);
    return recordJson === undefined ? text : `${text.slice(0, -1)},"record":${recordJson}}`;
  });
  return `{"results":[${parts.join(',')}]${pullText === undefined ? '' : `,"pull":${pullText}`}}`;
}

/**
 * The versions of the records a push answer carries, as ranges (consecutive versions in one): the pull the answer
 * carries leaves them out, as the device's next pull would (it holds them: `except`).
 */
export function answeredRanges(results: MutationResult[]): Array<[number, number]> {
  const versions = results
    .filter((r) => r.recordJson !== undefined && r.recordVersion !== undefined)
    .map((r) => r.recordVersion as number)
    .sort((a, b) => a - b);
  const ranges: Array<[number, number]> = [];
  for (const v of versions) {
    const last = ranges[ranges.length - 1];
    if (last && v <= last[1] + 1) last[1] = Math.max(last[1], v);
    else ranges.push([v, v]);
  }
  return ranges;
}

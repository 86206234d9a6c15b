import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { vatLinesOf } from '../invoices';

type Row = Record<string, unknown>;

/**
 * Start-up backfill (issue 27): documents saved before invoices.vat_lines existed get their VAT part (core's
 * vatBreakdown), `batch` at a time in id order through the partial index of the rows still missing it. A server-only
 * column (never synced): no sync version. A row written meanwhile (its version moved on) is left to that write, which
 * stored its own part. Returns how many rows were filled; a second run finds nothing.
 * `pause` ms between batches leave the database and the event loop to requests (PGlite runs each query on the one
 * connection, in this thread).
 */
export async function backfillVatLines(db: Db, { batch = 500, pause = 0 }: { batch?: number; pause?: number } = {}): Promise<number> {
  let after = '00000000-0000-0000-0000-000000000000';
  let done = 0;
  for (;;) {
    const page = (
      (await db.execute(
        sql`select id, version, kind, lines, fees, fee_ids, discount from invoices
            where vat_lines is null and id > ${after}::uuid order by id limit ${batch}`,
      )) as unknown as { rows: Row[] }
    ).rows;
    if (!page.length) return done;
    after = String(page[page.length - 1].id);
    const parts = page.map((r) => ({ id: r.id, version: Number(r.version), v: vatLinesOf(r) }));
    const res = (await db.execute(
      sql`update invoices set vat_lines = w.v
          from json_to_recordset(${JSON.stringify(parts)}::json) as w(id uuid, version bigint, v jsonb)
          where invoices.id = w.id and invoices.version = w.version and invoices.vat_lines is null`,
    )) as unknown as { rowCount?: number; affectedRows?: number };
    done += Number(res.rowCount ?? res.affectedRows ?? 0);
    if (pause) await new Promise((r) => setTimeout(r, pause));
  }
}

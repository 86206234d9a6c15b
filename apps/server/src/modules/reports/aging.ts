import type { AgingBucket, AgingPage } from '@duka/core';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { agingBucketSql, owedOn, rows } from './service';

/**
 * GET /api/reports/aging: one page of the invoices of an aging bucket on `asOf` (the summary lists only the
 * AGING_INVOICE_LIMIT largest), in the summary's order: largest balance first, then id. Same SQL as the summary.
 */
export async function agingPage(
  db: Db,
  userId: string,
  asOf: string,
  currency: string,
  bucket: AgingBucket,
  offset: number,
  limit: number,
): Promise<AgingPage> {
  const found = await rows(
    db,
    sql`with o as materialized (select r.id, r.balance from (${owedOn(userId, asOf, currency)}) r where ${agingBucketSql(asOf)} = ${bucket}::text)
    select (select count(*) from o) as n,
      (select coalesce(json_agg(json_build_array(t.id, t.balance)), '[]'::json)::text from (
        select o.id, o.balance from o order by o.balance desc, o.id offset ${offset} limit ${limit}) t) as page`,
  );
  const row = found[0] as { n: unknown; page: string };
  const invoices = (JSON.parse(row.page) as Array<[string, number]>).map(([id, balance]) => ({ id, balance: Number(balance) }));
  return { as_of: asOf, currency, bucket, count: Number(row.n), invoices };
}

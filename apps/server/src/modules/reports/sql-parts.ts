import type { ReportPeriod } from '@duka/core';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { PLAN_EACH_CALL } from '../../db/prepared';

/** SQL pieces the summary's queries share (service.ts, open-on.ts). */

export type Row = Record<string, unknown>;
/** A report's statement is planned for its own period on every call, never kept as a generic plan (PLAN_EACH_CALL). */
const plainRows = async (db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(sql`${sql.raw(PLAN_EACH_CALL)}${query}`)) as unknown as { rows: Row[] }).rows;
/**
 * The summary's queries run without JIT compilation: on PostgreSQL the planner's estimates over tens of thousands
 * of invoices switch it on, and compiling costs far more than it saves (≈1 s of the summary at 50k invoices).
 */
export const rows = (db: Db, query: ReturnType<typeof sql>) =>
  embedded(db)
    ? plainRows(db, query)
    : db.transaction(async (tx) => {
        await tx.execute(sql`set local jit = off`);
        return plainRows(tx as unknown as Db, query);
      });
/**
 * The embedded PGlite (its client has waitReady) has no JIT compiler: a query there needs no transaction around it,
 * which saves three statements per query on its one connection (a summary runs six).
 */
export const embedded = (db: Db) => 'waitReady' in ((db as unknown as { $client?: object }).$client ?? {});
export const num = (v: unknown) => (v == null ? 0 : Number(v));
export const str = (v: unknown) => (v == null ? '' : String(v));

export function issued(userId: string) {
  return sql`i.user_id = ${userId}::uuid and i.deleted_at is null and i.kind in ('invoice', 'sale') and i.status not in ('draft', 'void')`;
}
/** Its payments count as collected (core countsPayments): a void invoice's too (old rows, t19 N7), not a void sale's. */
export function paying(userId: string) {
  return sql`i.user_id = ${userId}::uuid and i.deleted_at is null and i.kind in ('invoice', 'sale') and (i.status <> 'void' or i.kind = 'invoice')`;
}
/** A payment `p` that is real money (not stamped test: issue 22), and an invoice `i` holding a test payment. */
export const realPayment = sql`(p->>'test') is distinct from 'true'`;
export const testPaid = sql`i.payments @> '[{"test": true}]'::jsonb`;
export const within = (col: ReturnType<typeof sql>, p: ReportPeriod, cast: 'date' | 'text') =>
  cast === 'date' ? sql`${col} between ${p.from}::date and ${p.to}::date` : sql`${col} between ${p.from}::text and ${p.to}::text`;

/**
 * What an issued invoice `i` owed on `day` (null when issued after it): the owedOn balance, in bigint. The payments
 * JSON is read only for an invoice paid after `day` or holding a test payment (`test`: a condition on `i`).
 */
export function balanceOn(day: string, test: ReturnType<typeof sql>) {
  return sql`case when i.issue_date > ${day}::date then null
    when (i.last_paid_on is null or i.last_paid_on <= ${day}::text) and not (${test}) then i.total_due - i.amount_paid
    else i.total_due - coalesce((select sum((p->>'amount')::bigint) from jsonb_array_elements(i.payments) p
      where p->>'date' <= ${day}::text and ${realPayment}), 0)::bigint end
    - case when i.credited_total = 0 then 0 else coalesce((select sum(c.total_due) from invoices c
        where c.user_id = i.user_id and c.credited_invoice_id = i.id and c.kind = 'credit_note' and c.deleted_at is null
          and c.status not in ('draft', 'void') and c.issue_date <= ${day}::date), 0)::bigint end`;
}

import { isLanguage, renamedDefaultFee } from '@duka/core';
import { and, asc, eq, gt, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { fees, users } from '../../db/schema';
import { backfillRows, type Tx } from '../../lib/backfill';
import type { AppContext } from '../../lib/context';

/**
 * Candidates: default VATs never written since they were seeded (updated_at = created_at: no edit by the owner, no
 * earlier run of this rewrite), of French owners (the only ones whose default name changed: core renamedDefaultFee).
 */
const UNTOUCHED = and(
  isNull(fees.deletedAt),
  eq(fees.kind, 'tax'),
  eq(fees.calculation, 'percentage'),
  sql`${fees.updatedAt} = ${fees.createdAt}`,
  or(sql`${fees.name} like 'VAT %'`, sql`${fees.name} like 'TVA %'`),
  eq(users.language, 'fr'),
);
const FIELDS = {
  id: fees.id,
  userId: fees.userId,
  name: fees.name,
  kind: fees.kind,
  calculation: fees.calculation,
  percentageBps: fees.percentageBps,
  country: users.country,
  language: users.language,
};
type Row = { [K in keyof typeof FIELDS]: unknown } & { id: string; userId: string };

const newName = (r: Row) =>
  renamedDefaultFee(
    { name: String(r.name), kind: String(r.kind), calculation: String(r.calculation), percentage_bps: Number(r.percentageBps) },
    String(r.country),
    isLanguage(r.language) ? r.language : null,
  );

/**
 * Start-up rewrite (issue 23, verify27): accounts made before the default VAT was named in the owner's language kept
 * the old name ('TVA 19.25%' for a Cameroonian owner who reads French; new accounts get 'TVA 19,25 %'). Their
 * untouched default fee gets today's name (lib/backfill: `batch` at a time, under each user's lock, with new sync
 * versions; invoices already made keep the name they were made with). A fee the owner renamed or edited is left
 * alone, and a renamed one is no longer untouched: a second run finds nothing to do. Returns how many were renamed.
 */
export function renameOldDefaultFees(ctx: AppContext, batch = 200, userId?: string): Promise<number> {
  const read = (db: Db | Tx, where: SQL | undefined) => db.select(FIELDS).from(fees).innerJoin(users, eq(users.id, fees.userId)).where(and(UNTOUCHED, where));
  return backfillRows<Row>(
    ctx.db,
    {
      page: (after, limit) =>
        read(ctx.db, and(gt(fees.id, after), userId ? eq(fees.userId, userId) : undefined))
          .orderBy(asc(fees.id))
          .limit(limit),
      again: (tx, userId, ids) => read(tx, and(eq(fees.userId, userId), inArray(fees.id, ids))),
      needs: (r) => newName(r) !== null,
      write: (tx, r, version) =>
        tx
          .update(fees)
          .set({ name: newName(r)!, version, updatedAt: sql`now()` })
          .where(and(eq(fees.id, r.id), eq(fees.userId, r.userId))),
    },
    batch,
  );
}

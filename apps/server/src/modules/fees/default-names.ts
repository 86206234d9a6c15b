import { isLanguage, renamedDefaultFee } from '@duka/core';
import { and, asc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { fees, users } from '../../db/schema';
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
type Row = { [K in keyof typeof FIELDS]: unknown };

const newName = (r: Row) =>
  renamedDefaultFee(
    { name: String(r.name), kind: String(r.kind), calculation: String(r.calculation), percentage_bps: Number(r.percentageBps) },
    String(r.country),
    isLanguage(r.language) ? r.language : null,
  );

/**
 * Start-up rewrite (issue 23, verify27): accounts made before the default VAT was named in the owner's language kept
 * the old name ('TVA 19.25%' for a Cameroonian owner who reads French; new accounts get 'TVA 19,25 %'). Their
 * untouched default fee gets today's name, `batch` at a time, each user's rows under that user's lock with new sync
 * versions (devices pull the renamed fee; invoices already made keep the name they were made with). A fee the owner
 * renamed or edited is left alone, and a renamed one is no longer untouched: a second run (or a second process
 * starting at once) finds nothing to do. Returns how many fees were renamed.
 */
export async function renameOldDefaultFees(ctx: AppContext, batch = 200): Promise<number> {
  let after = '00000000-0000-0000-0000-000000000000';
  let done = 0;
  for (;;) {
    const rows = await ctx.db
      .select(FIELDS)
      .from(fees)
      .innerJoin(users, eq(users.id, fees.userId))
      .where(and(UNTOUCHED, gt(fees.id, after)))
      .orderBy(asc(fees.id))
      .limit(batch);
    if (!rows.length) return done;
    after = rows[rows.length - 1]!.id;
    const perUser = new Map<string, string[]>();
    for (const r of rows.filter((r) => newName(r) !== null)) perUser.set(r.userId, [...(perUser.get(r.userId) ?? []), r.id]);
    for (const [userId, ids] of perUser) {
      done += await ctx.db.transaction(async (tx) => {
        // The user's lock first (as every sync write takes it), then the rows as they are now.
        await tx.select({ v: users.syncVersion }).from(users).where(eq(users.id, userId)).for('update');
        const fresh = (
          await tx
            .select(FIELDS)
            .from(fees)
            .innerJoin(users, eq(users.id, fees.userId))
            .where(and(UNTOUCHED, eq(fees.userId, userId), inArray(fees.id, ids)))
        ).filter((r) => newName(r) !== null);
        if (!fresh.length) return 0;
        const [u] = await tx
          .update(users)
          .set({ syncVersion: sql`${users.syncVersion} + ${fresh.length}` })
          .where(eq(users.id, userId))
          .returning({ v: users.syncVersion });
        let version = Number(u!.v) - fresh.length;
        for (const r of fresh) {
          version += 1;
          await tx
            .update(fees)
            .set({ name: newName(r)!, version, updatedAt: sql`now()` })
            .where(and(eq(fees.id, r.id), eq(fees.userId, userId)));
        }
        return fresh.length;
      });
    }
  }
}

import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { users } from '../db/schema';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What one start-up rewrite of old rows reads, decides and writes (the walk itself is backfillRows'). */
export interface Backfill<R extends { id: string; userId: string }> {
  /** The candidate rows with an id after `after`, in id order, `limit` at the most. */
  page: (after: string, limit: number) => PromiseLike<R[]>;
  /** The user's candidates among `ids`, read again inside the user's transaction, as they are now. */
  again: (tx: Tx, userId: string, ids: string[]) => PromiseLike<R[]>;
  /** Whether the row still needs writing (a row written once no longer does: a second run finds nothing). */
  needs: (row: R) => boolean;
  /** Writes the row with its new sync version. */
  write: (tx: Tx, row: R, version: number) => PromiseLike<unknown>;
}

/**
 * A start-up rewrite of old rows (issues 22, 23): walks the candidates `batch` at a time in id order; each user's rows
 * are written under that user's lock (as every sync write takes it), read again as they are now, each with a new
 * sync version so the user's devices pull them. Rows that no longer need writing are left alone, so a second run,
 * or a second process starting at once, writes nothing. Returns how many rows were written.
 */
export async function backfillRows<R extends { id: string; userId: string }>(db: Db, job: Backfill<R>, batch = 200): Promise<number> {
  let after = '00000000-0000-0000-0000-000000000000';
  let done = 0;
  for (;;) {
    const rows = await job.page(after, batch);
    if (!rows.length) return done;
    after = rows[rows.length - 1]!.id;
    const perUser = new Map<string, string[]>();
    for (const r of rows.filter(job.needs)) perUser.set(r.userId, [...(perUser.get(r.userId) ?? []), r.id]);
    for (const [userId, ids] of perUser) {
      done += await db.transaction(async (tx) => {
        // The user's lock first (as every sync write takes it), then the rows as they are now.
        await tx.select({ v: users.syncVersion }).from(users).where(eq(users.id, userId)).for('update');
        const fresh = (await job.again(tx, userId, ids)).filter(job.needs);
        if (!fresh.length) return 0;
        const [u] = await tx
          .update(users)
          .set({ syncVersion: sql`${users.syncVersion} + ${fresh.length}` })
          .where(eq(users.id, userId))
          .returning({ v: users.syncVersion });
        let version = Number(u!.v) - fresh.length;
        for (const r of fresh) await job.write(tx, r, ++version);
        return fresh.length;
      });
    }
  }
}

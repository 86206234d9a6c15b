import { refusal } from '@duka/core';
import { eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { preHandlerHookHandler } from 'fastify';
import type { Db } from '../db/connect';
import type { AppContext, ZApp } from './context';
import { AppError } from './errors';

/** A table whose rows have a client-chosen id and an owner (a sync table). */
export type OwnedTable = PgTable & { id: AnyPgColumn; userId: AnyPgColumn; deletedAt: AnyPgColumn };

/**
 * The answer to a create whose client-chosen id cannot be used (t19 A2). It is the same whether the id is held by
 * another account or already used by the caller (a deleted invoice, an earlier credit note): it says what to do and
 * never that the id belongs to someone, so a caller cannot tell another account's ids from its own used ones.
 */
export function idTaken(what: string): AppError {
  return new AppError(
    'conflict',
    `This id is already used: send no id (or a new one) to make a new ${what}`,
    {
      id: 'Already used: leave it out or use a new one',
    },
    refusal('id_taken'),
  );
}

/** Who holds `id` in `table` (null: nobody), with whether that row is deleted. */
export async function holderOf(db: Db, table: OwnedTable, id: string): Promise<{ userId: string; deleted: boolean } | null> {
  const [row] = await db
    .select({ userId: table.userId, deletedAt: table.deletedAt })
    .from(table as PgTable)
    .where(eq(table.id, id))
    .limit(1);
  return row ? { userId: String(row.userId), deleted: row.deletedAt != null } : null;
}

/** Refuses (409, idTaken) an id another account holds; the caller's own ids and unknown ones pass. */
export async function refuseOthersId(db: Db, table: OwnedTable, userId: string, id: string, what: string): Promise<void> {
  const holder = await holderOf(db, table, id);
  if (holder && holder.userId !== userId) throw idTaken(what);
}

/**
 * For a `POST <path>` registered later in this scope (e.g. by recordRoutes): a body id another account holds is
 * answered with idTaken before the handler runs, not with the "not found" of an id that is not the caller's.
 */
export function refuseOthersIdsOnCreate(app: ZApp, ctx: AppContext, path: string, table: OwnedTable, what: string): void {
  const guard: preHandlerHookHandler = async (request) => {
    const id = (request.body as { id?: unknown } | null | undefined)?.id;
    if (typeof id === 'string') await refuseOthersId(ctx.db, table, request.userId, id, what);
  };
  app.addHook('onRoute', (route) => {
    if (route.method !== 'POST' || route.routePath !== path) return;
    const before = route.preHandler === undefined ? [] : Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler];
    route.preHandler = [...before, guard];
  });
}

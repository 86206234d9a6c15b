import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { AppContext, ZApp } from '../../lib/context';
import { registerRoute } from '../../lib/route';
import { getAdapter, getSyncRegistry } from './registry';
import { countLive, firstPage } from './service';

/**
 * GET /sync/first (issue 30): the first page of a collection in its list order (clients by name, invoices newest
 * first), small enough to come ahead of the full pull on a weak link, with the user's sync version read before the
 * page and the live count of every collection (the first sync's progress). The full pull then passes `seen` and
 * `as_of` and leaves out what this page already brought.
 */
export function firstPageRoute(app: ZApp, ctx: AppContext): void {
  registerRoute(
    app,
    ctx,
    'GET /sync/first',
    async (request) => {
      const { collection, limit } = request.query;
      const adapter = getAdapter(ctx, collection);
      const userId = request.userId;
      // Read before the rows: a record changed after this version is pulled again, never skipped.
      const [u] = await ctx.db.select({ v: users.syncVersion }).from(users).where(eq(users.id, userId));
      const version = Number(u?.v ?? 0);
      const page = await firstPage(ctx.db, adapter, userId, limit);
      const totals: Record<string, number> = {};
      for (const [name, a] of getSyncRegistry(ctx).adapters) totals[name] = await countLive(ctx.db, a, userId);
      return { ...page, version, totals };
    },
    { tags: ['sync'] },
  );
}

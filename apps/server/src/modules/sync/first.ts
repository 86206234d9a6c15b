import { API_ROUTES } from '@duka/core';
import type { AppContext, ZApp } from '../../lib/context';
import { registerRoute } from '../../lib/route';
import { firstPageJson } from './first-json';
import { jsonTextSender } from './json-text';
import { getAdapter, getSyncRegistry } from './registry';

/**
 * GET /sync/first (issue 30): the first page of a collection in its list order (clients by name, invoices newest
 * first), small enough to come ahead of the full pull on a weak link, with the user's sync version read with the
 * page and the live count of every collection (the first sync's progress). The full pull then passes `seen` and
 * `as_of` and leaves out what this page already brought. Built by PostgreSQL as JSON text (first-json.ts).
 */
export function firstPageRoute(app: ZApp, ctx: AppContext): void {
  const send = jsonTextSender(ctx.config.nodeEnv === 'production', API_ROUTES['GET /sync/first'].response, 'GET /sync/first');
  registerRoute(
    app,
    ctx,
    'GET /sync/first',
    async (request, reply) => {
      const { collection, limit } = request.query;
      const adapter = getAdapter(ctx, collection);
      return send(reply, await firstPageJson(ctx.db, getSyncRegistry(ctx).adapters, adapter, request.userId, limit));
    },
    { tags: ['sync'] },
  );
}

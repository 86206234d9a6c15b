import { historyEntry, syncPullQuery, syncPullResponse, syncPushBody, syncPushResponse } from '@duka/core';
import { z } from 'zod';
import type { Module } from '../../lib/context';
import { applyMutations } from './engine';
import { getAdapter } from './registry';
import { historyOf, pull } from './service';

/** POST /sync/push, GET /sync/pull, GET /sync/history (collections come from registerSyncCollection). */
export const syncRoutes: Module = (app, ctx) => {
  const tags = ['sync'];
  const security = [{ bearer: [] }];

  app.post('/sync/push', { preHandler: ctx.auth, schema: { tags, security, body: syncPushBody, response: { 200: syncPushResponse } } }, async (request) => {
    const results = await applyMutations(ctx, request.userId, request.body.mutations);
    return { results: results.map(({ created: _created, ...r }) => r) };
  });

  app.get('/sync/pull', { preHandler: ctx.auth, schema: { tags, security, querystring: syncPullQuery, response: { 200: syncPullResponse } } }, async (request) => {
    const { collection, since, limit } = request.query;
    return pull(ctx.db, getAdapter(ctx, collection), request.userId, since, limit);
  });

  app.get(
    '/sync/history',
    {
      preHandler: ctx.auth,
      schema: { tags, security, querystring: z.object({ collection: z.string().min(1), id: z.uuid('Must be a UUID') }), response: { 200: z.array(historyEntry) } },
    },
    async (request) => {
      const { collection, id } = request.query;
      return historyOf(ctx.db, request.userId, collection, getAdapter(ctx, collection), id);
    },
  );
};

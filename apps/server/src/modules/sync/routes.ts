import { API_ROUTES, parseVersionRanges } from '@duka/core';
import type { Module } from '../../lib/context';
import { routesOf } from '../../lib/route';
import { chargeUser } from '../../lib/user-limits';
import { answeredRanges, answerText } from './answer-records';
import { applyMutations, committedVersion } from './engine';
import { firstPageRoute } from './first';
import { getAdapter } from './registry';
import { jsonTextSender } from './json-text';
import { manyPageText, pageText, pageWhenAllHeld, pullJson, pullManyJson } from './pull-json';
import { historyOf } from './service';

/** The largest push body (a full batch of big invoices). */
export const PUSH_BODY_LIMIT = 8 * 1024 * 1024;

/** POST /sync/push, GET /sync/pull, GET /sync/history (collections come from registerSyncCollection). */
export const syncRoutes: Module = (app, ctx) => {
  const route = routesOf(app, ctx, 'sync');
  // The hot answers: built as JSON text in the declared shape, checked against it outside production only.
  const production = ctx.config.nodeEnv === 'production';

  // The answer's records come as JSON text made by PostgreSQL (answer-records.ts), spliced in and sent as they are.
  const sendPushed = jsonTextSender(production, API_ROUTES['POST /sync/push'].response, 'POST /sync/push');
  route(
    'POST /sync/push',
    async (request, reply) => {
      // The pull asked for (issue 27): its collections are checked before anything is applied (an unknown one is a 400).
      const { pull } = request.body;
      const pullAdapters = pull?.collections.map((name) => getAdapter(ctx, name));
      // Applied upserts carry their stored record: the device keeps it and leaves its version out of the next pull.
      const results = await applyMutations(ctx, request.userId, request.body.mutations, new Date(), { records: true, group: true });
      if (!pull || !pullAdapters) return sendPushed(reply, answerText(results));
      // Read after the push's transaction committed, in one snapshot as GET /sync/pull reads (never skips a change);
      // the records this answer carries are left out as the device would leave them out (`except`). Nothing to read
      // when they and `except` are all there is since the device's cursor.
      const ranges = [...(pull.except ? parseVersionRanges(pull.except) : []), ...answeredRanges(results)];
      const page =
        pageWhenAllHeld(pullAdapters.length, pull.since, committedVersion(results), ranges) ??
        (await pullManyJson(ctx.db, pullAdapters, request.userId, pull.since, pull.limit, ranges));
      return sendPushed(reply, answerText(results, manyPageText(pull.collections, page)));
    },
    {
      // A batch of 500 records can pass the default 1 MB: the larger limit is for signed-in users only
      // (authenticated before the body is read), and each user's push volume is limited.
      bodyLimit: PUSH_BODY_LIMIT,
      preHandler: async (request) => {
        const body = request.body as { mutations: unknown[] };
        await chargeUser(ctx, request.userId, 'syncPushes');
        await chargeUser(ctx, request.userId, 'syncMutations', body.mutations.length);
      },
    },
  );

  // Pages built by PostgreSQL as JSON text (pull-json.ts), sent as they are (checked outside production).
  const sendPage = jsonTextSender(production, API_ROUTES['GET /sync/pull'].response, 'GET /sync/pull');
  route('GET /sync/pull', async (request, reply) => {
    const { collection, collections, since, limit, seen, as_of, except } = request.query;
    const ranges = except ? parseVersionRanges(except) : [];
    if (collections !== undefined) {
      // The query's schema refuses duplicates and seen/as_of here; an unknown name is a 400 naming it.
      const names = collections.split(',');
      const adapters = names.map((name) => getAdapter(ctx, name));
      return sendPage(reply, manyPageText(names, await pullManyJson(ctx.db, adapters, request.userId, since, limit, ranges)));
    }
    const had = seen !== undefined && as_of !== undefined ? { seen, asOf: as_of } : undefined;
    const adapter = getAdapter(ctx, collection ?? '');
    return sendPage(reply, pageText(await pullJson(ctx.db, adapter, request.userId, since, limit, had, ranges)));
  });
  firstPageRoute(app, ctx);

  route('GET /sync/history', async (request) => {
    const { collection, id } = request.query;
    return historyOf(ctx.db, request.userId, collection, getAdapter(ctx, collection), id);
  });
};

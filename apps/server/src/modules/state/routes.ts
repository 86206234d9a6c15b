import { stateResponse } from '@duka/core';
import type { z } from 'zod';
import { receiptPhotoModel } from '../../config';
import type { Module } from '../../lib/context';
import { registerRoute } from '../../lib/route';
import { AppError } from '../../lib/errors';
import { toApiUser } from '../accounts';
import { fiscalModeOf } from '../fiscal';
import { createCountsCache } from './service';
import { createUserCache } from './user-cache';

type StateResponse = z.infer<typeof stateResponse>;

/** GET /api/state: the signed-in user, credit, plan and the count of each collection (from the registry's counters). */
export const stateRoutes: Module = async (app, ctx) => {
  const counts = createCountsCache();
  const users = await createUserCache(ctx);
  ctx.registry.beforeUserDelete.push(async (userId) => counts.forget(userId));
  // The answer, kept while both of its sources are the very same cached objects (any change to the user row
  // or to a count gives new objects), and its JSON kept with it: a repeated call builds and serialises nothing.
  // A receipt photo is sent to the server only when a model can read it (issue 29): AI_VISION_MODEL names one
  // (issue 22: a text-only AI_MODEL cannot). The device reads it otherwise.
  const features = { receipt_model: receiptPhotoModel(ctx.config) !== undefined };
  const answers = new WeakMap<object, { counts: object; fiscal: string; body: object }>();
  const json = new WeakMap<object, string>();
  const serialise = (body: object) => {
    let text = json.get(body);
    if (text === undefined) {
      text = JSON.stringify(body);
      json.set(body, text);
    }
    return text;
  };

  registerRoute(
    app,
    ctx,
    'GET /state',
    async (request) => {
      const user = await users.get(request.userId);
      if (!user) throw new AppError('unauthorized', 'Please login to continue');
      const userCounts = await counts.get(ctx.db, ctx.registry, user.id, user.syncVersion);
      // How its documents are signed (issue 26): a device knows TEST MODE before its first invoice, offline too.
      const fiscal = await fiscalModeOf(ctx, user);
      const kept = answers.get(user);
      if (kept && kept.counts === userCounts && kept.fiscal === fiscal) return kept.body as StateResponse;
      const body: StateResponse = { user: toApiUser(user), credit: user.credit, plan: user.plan, counts: userCounts, features, fiscal };
      answers.set(user, { counts: userCounts, fiscal, body });
      return body;
    },
    {
      // The hottest route: the answer is built here from typed values (toApiUser, the counts) and sent already
      // serialised, not re-validated by zod on every call (≈9% of its CPU). The schema still documents it
      // (OpenAPI) and the state tests parse answers with it.
      serializerCompiler: () => (data) => serialise(data as object),
      tags: ['accounts'],
      summary: "The signed-in user's app state",
      errors: [401],
    },
  );
};

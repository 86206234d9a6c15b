import { stateResponse } from '@duka/core';
import type { Module } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { errors } from '../accounts/schemas';
import { toApiUser } from '../accounts/user';
import { createCountsCache } from './service';
import { createUserCache } from './user-cache';

/** GET /api/state: the signed-in user, credit, plan and the count of each collection (from the registry's counters). */
export const stateRoutes: Module = async (app, ctx) => {
  const counts = createCountsCache();
  const users = await createUserCache(ctx);
  ctx.registry.beforeUserDelete.push(async (userId) => counts.forget(userId));

  app.get(
    '/state',
    {
      preHandler: ctx.auth,
      // The hottest route: the response is built right here from typed values (toApiUser, the counts), so it is
      // written with plain JSON.stringify instead of being re-validated by zod on every call (≈9% of its CPU).
      // The schema still documents it (OpenAPI) and the state tests parse answers with it.
      serializerCompiler: () => (data) => JSON.stringify(data),
      schema: {
        tags: ['accounts'],
        summary: "The signed-in user's app state",
        security: [{ bearer: [] }],
        response: { 200: stateResponse, ...errors(401) },
      },
    },
    async (request) => {
      const user = await users.get(request.userId);
      if (!user) throw new AppError('unauthorized', 'Please login to continue');
      return { user: toApiUser(user), credit: user.credit, plan: user.plan, counts: await counts.get(ctx.db, ctx.registry, user.id, user.syncVersion) };
    },
  );
};

import type { SQL } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type ApiRoutes, recordListQuery, type RouteKey } from '@duka/core';
import type { z } from 'zod';
import type { AppContext, ZApp } from '../../lib/context';
import { registerRoute, type RouteExtras } from '../../lib/route';
import { AppError } from '../../lib/errors';
import { applyMutations, type MutationResult } from './engine';
import { getAdapter, getSyncRegistry, registerSyncCollection, type SyncAdapter } from './registry';
import { countLive, getOne, list, toRecord } from './service';

/** The list query of a collection's REST resource, as core's route map declares it. */
type ListQuery<N extends string> = ApiRoutes extends Record<`GET /${N}`, { query: infer S extends z.ZodType }> ? z.output<S> : never;

export interface RecordRoutesOptions<N extends string> {
  /** Sync collection name and REST path segment, e.g. 'contacts' (its routes are declared in core's route map). */
  collection: N;
  adapter: SyncAdapter;
  /** The filters the list query's own parameters make (the query is declared in core's route map). */
  filters?: (query: ListQuery<N>) => SQL[];
  tag: string;
  /**
   * Values a new record made by POST takes for the fields the caller left out (e.g. an expense's currency: the
   * business's, as the app fills it). Not used when the POST updates a record the caller already has.
   */
  createDefaults?: (ctx: AppContext, userId: string) => Promise<Record<string, unknown>>;
}

/** Throws the error of a rejected REST write as the HTTP answer. */
export function unwrap(result: MutationResult | undefined): MutationResult {
  if (!result) throw new AppError('internal', 'No result');
  if (result.status === 'rejected') {
    const e = result.error ?? { code: 'bad_request', message: 'Rejected' };
    throw new AppError(e.code as ConstructorParameters<typeof AppError>[0], e.message, e.fields);
  }
  return result;
}

/** True when the user has a live record with this id. */
async function ownLive(ctx: AppContext, adapter: SyncAdapter, userId: string, id: string): Promise<boolean> {
  try {
    await getOne(ctx.db, adapter, userId, id);
    return true;
  } catch (err) {
    if (err instanceof AppError && err.code === 'not_found') return false;
    throw err;
  }
}

/**
 * Registers a sync collection and its REST resource: GET/POST /<collection>, GET/PATCH/DELETE /<collection>/:id.
 * Writes go through the sync engine, so REST and sync share validation, versions and hooks.
 */
export function recordRoutes<N extends string>(app: ZApp, ctx: AppContext, opts: RecordRoutesOptions<N>): void {
  const { collection, adapter } = opts;
  registerSyncCollection(ctx, collection, adapter);
  ctx.registry.counters[collection] = (db, userId) => countLive(db, adapter, userId);
  const tags = [opts.tag];
  // The keys are built from the collection's name, so the handlers are typed here rather than by the map.
  type Request = FastifyRequest<{ Params: { id: string }; Querystring: unknown; Body: unknown }>;
  const route = (key: string, handler: (request: Request, reply: FastifyReply) => unknown, extras: RouteExtras = {}) =>
    registerRoute(app, ctx, key as RouteKey, handler as never, { tags, ...extras });
  const reload = async (userId: string, id: string) => toRecord(adapter, await getOne(ctx.db, adapter, userId, id));

  route(`GET /${collection}`, async (request) => {
    const query = request.query as z.infer<typeof recordListQuery> & ListQuery<N>;
    const filters = opts.filters ? opts.filters(query) : [];
    return list(ctx.db, adapter, request.userId, { q: query.q, limit: query.limit, cursor: query.cursor, filters });
  });

  route(
    `POST /${collection}`,
    async (request, reply) => {
      const { id: given, ...body } = request.body as { id?: string } & Record<string, unknown>;
      const id = given ?? crypto.randomUUID();
      const fresh = opts.createDefaults && !(given && (await ownLive(ctx, adapter, request.userId, given)));
      const data = fresh ? { ...(await opts.createDefaults!(ctx, request.userId)), ...body } : body;
      const [result] = await applyMutations(ctx, request.userId, [{ collection, op: 'upsert', id, data }]);
      const r = unwrap(result);
      return reply.status(r.created ? 201 : 200).send(await reload(request.userId, id));
    },
    { status: [200, 201] },
  );

  route(`GET /${collection}/:id`, async (request) => reload(request.userId, request.params.id));

  route(`PATCH /${collection}/:id`, async (request) => {
    const { id } = request.params;
    await getOne(ctx.db, adapter, request.userId, id);
    const [result] = await applyMutations(ctx, request.userId, [{ collection, op: 'upsert', id, data: request.body as Record<string, unknown> }]);
    unwrap(result);
    return reload(request.userId, id);
  });

  route(`DELETE /${collection}/:id`, async (request) => {
    const { id } = request.params;
    await getOne(ctx.db, adapter, request.userId, id);
    const [result] = await applyMutations(ctx, request.userId, [{ collection, op: 'delete', id }]);
    const r = unwrap(result);
    return { id, deleted: true as const, version: r.version ?? 0 };
  });
}

export { getAdapter, getSyncRegistry };

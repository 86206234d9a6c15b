import type { SQL } from 'drizzle-orm';
import { SYNC_LIMITS } from '@duka/core';
import { z } from 'zod';
import type { AppContext, ZApp } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { applyMutations, type MutationResult } from './engine';
import { getAdapter, getSyncRegistry, registerSyncCollection, type SyncAdapter } from './registry';
import { countLive, getOne, list, toRecord } from './service';

export const listQueryBase = z.object({
  limit: z.coerce.number().int().min(1).max(SYNC_LIMITS.maxPageSize).default(SYNC_LIMITS.defaultPageSize),
  cursor: z.string().max(1000).optional(),
  q: z.string().max(200).optional(),
});

const idParams = z.object({ id: z.uuid('Must be a UUID') });
const deletedResponse = z.object({ id: z.string(), deleted: z.literal(true), version: z.number().int() });

export interface RecordRoutesOptions<Q extends z.ZodObject> {
  /** Sync collection name and REST path segment, e.g. 'contacts'. */
  collection: string;
  adapter: SyncAdapter;
  /** The partial data schema (PATCH body; POST body plus optional id). */
  patch: z.ZodObject;
  /** The API record schema (responses). */
  record: z.ZodObject;
  /** Extra list query parameters and the filters they make. */
  listQuery?: Q;
  filters?: (query: z.infer<Q>) => SQL[];
  tag: string;
}

/** Throws the error of a rejected REST write as the HTTP answer. */
function unwrap(result: MutationResult | undefined): MutationResult {
  if (!result) throw new AppError('internal', 'No result');
  if (result.status === 'rejected') {
    const e = result.error ?? { code: 'bad_request', message: 'Rejected' };
    throw new AppError(e.code as ConstructorParameters<typeof AppError>[0], e.message, e.fields);
  }
  return result;
}

/**
 * Registers a sync collection and its REST resource: GET/POST /<collection>, GET/PATCH/DELETE /<collection>/:id.
 * Writes go through the sync engine, so REST and sync share validation, versions and hooks.
 */
export function recordRoutes<Q extends z.ZodObject>(app: ZApp, ctx: AppContext, opts: RecordRoutesOptions<Q>): void {
  const { collection, adapter } = opts;
  registerSyncCollection(ctx, collection, adapter);
  ctx.registry.counters[collection] = (db, userId) => countLive(db, adapter, userId);
  const base = `/${collection}`;
  const listQuery = opts.listQuery ? listQueryBase.extend(opts.listQuery.shape) : listQueryBase;
  const listResponse = z.object({ records: z.array(opts.record), next_cursor: z.string().nullable() });
  const tags = [opts.tag];
  const security = [{ bearer: [] }];

  const reload = async (userId: string, id: string) => toRecord(adapter, await getOne(ctx.db, adapter, userId, id));

  app.get(base, { preHandler: ctx.auth, schema: { tags, security, querystring: listQuery, response: { 200: listResponse } } }, async (request) => {
    const query = request.query as z.infer<typeof listQueryBase> & z.infer<Q>;
    const filters = opts.filters ? opts.filters(query) : [];
    return list(ctx.db, adapter, request.userId, { q: query.q, limit: query.limit, cursor: query.cursor, filters });
  });

  app.post(
    base,
    {
      preHandler: ctx.auth,
      schema: { tags, security, body: opts.patch.extend({ id: z.uuid('Must be a UUID').optional() }), response: { 200: opts.record, 201: opts.record } },
    },
    async (request, reply) => {
      const { id: given, ...data } = request.body as { id?: string } & Record<string, unknown>;
      const id = given ?? crypto.randomUUID();
      const [result] = await applyMutations(ctx, request.userId, [{ collection, op: 'upsert', id, data }]);
      const r = unwrap(result);
      return reply.status(r.created ? 201 : 200).send(await reload(request.userId, id));
    },
  );

  app.get(`${base}/:id`, { preHandler: ctx.auth, schema: { tags, security, params: idParams, response: { 200: opts.record } } }, async (request) =>
    reload(request.userId, request.params.id),
  );

  app.patch(
    `${base}/:id`,
    { preHandler: ctx.auth, schema: { tags, security, params: idParams, body: opts.patch, response: { 200: opts.record } } },
    async (request) => {
      const { id } = request.params;
      await getOne(ctx.db, adapter, request.userId, id);
      const [result] = await applyMutations(ctx, request.userId, [{ collection, op: 'upsert', id, data: request.body as Record<string, unknown> }]);
      unwrap(result);
      return reload(request.userId, id);
    },
  );

  app.delete(`${base}/:id`, { preHandler: ctx.auth, schema: { tags, security, params: idParams, response: { 200: deletedResponse } } }, async (request) => {
    const { id } = request.params;
    await getOne(ctx.db, adapter, request.userId, id);
    const [result] = await applyMutations(ctx, request.userId, [{ collection, op: 'delete', id }]);
    const r = unwrap(result);
    return { id, deleted: true as const, version: r.version ?? 0 };
  });
}

export { getAdapter, getSyncRegistry };

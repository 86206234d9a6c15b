import { randomUUID } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../lib/context';
import type { SignedUp } from '../../test/harness';

/** Small helpers for the records and sync tests. */
export function client(app: FastifyInstance, user: SignedUp) {
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) => {
    const res = await app.inject({ method, url: `/api${url}`, headers: user.auth, ...(payload !== undefined ? { payload: payload as object } : {}) });
    return { status: res.statusCode, body: res.body ? res.json() : undefined };
  };
  return {
    get: (url: string) => call('GET', url),
    post: (url: string, body: unknown) => call('POST', url, body),
    put: (url: string, body: unknown) => call('PUT', url, body),
    patch: (url: string, body: unknown) => call('PATCH', url, body),
    del: (url: string) => call('DELETE', url),
    push: (mutations: unknown[]) => call('POST', '/sync/push', { mutations }),
    pull: (collection: string, since = 0, limit = 100) => call('GET', `/sync/pull?collection=${collection}&since=${since}&limit=${limit}`),
  };
}

export const upsert = (collection: string, id: string, data: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  mutation_id: randomUUID(),
  collection,
  op: 'upsert' as const,
  id,
  data,
  ...extra,
});
export const remove = (collection: string, id: string, extra: Record<string, unknown> = {}) => ({
  mutation_id: randomUUID(),
  collection,
  op: 'delete' as const,
  id,
  ...extra,
});

/** Valid data for a new record of each collection. */
export const samples: Record<string, (n?: number) => Record<string, unknown>> = {
  contacts: (n = 1) => ({ name: `Client ${n}`, email: `c${n}@example.com` }),
  notes: (n = 1) => ({ body: `Note number ${n}` }),
  expenses: (n = 1) => ({ amount: 1000 + n, currency: 'NGN', date: '2026-11-01', category: 'Transport', vendor: `Vendor ${n}` }),
  catalogs: (n = 1) => ({ name: `Item ${n}`, unit_price: 500 * n }),
  fees: (n = 1) => ({ name: `Fee ${n}`, kind: 'fee', calculation: 'fixed', amount: 100 * n }),
};
export const COLLECTIONS = Object.keys(samples);

/**
 * For ctx: runs `work` with every statement's SQL text recorded, in or out of a transaction (all are turned into SQL
 * by the one dialect); `rewrite` may change a statement's text before it is sent (return undefined to leave it).
 */
export function statementTexts(ctx: AppContext) {
  return async <T>(work: () => Promise<T>, rewrite?: (text: string) => string | undefined): Promise<{ result: T; texts: string[] }> => {
    const dialect = (ctx.db as unknown as { dialect: { sqlToQuery: (q: SQL) => { sql: string } } }).dialect;
    const texts: string[] = [];
    const original = dialect.sqlToQuery;
    dialect.sqlToQuery = function (this: unknown, q: SQL) {
      const out = original.call(this, q);
      texts.push(out.sql);
      const changed = rewrite?.(out.sql);
      return changed === undefined ? out : { ...out, sql: changed };
    };
    try {
      return { result: await work(), texts };
    } finally {
      dialect.sqlToQuery = original;
    }
  };
}

import { API_ROUTES, type RouteContract, splitRouteKey } from '@duka/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ServedRoute } from '../app';
import { declaredSchemas } from '../lib/route';
import { openTestApp } from '../test/harness';

/** What a schema checks, comparable across two schema objects (the JSON Schema zod makes of it). */
function shape(schema: unknown): string | undefined {
  if (schema === undefined) return undefined;
  try {
    return JSON.stringify(z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }));
  } catch {
    return `unrepresentable:${String(schema)}`;
  }
}

/** The served API routes ("METHOD /path" under /api), with the schemas they registered. */
function servedApi(routes: ServedRoute[]): Map<string, ServedRoute> {
  const api = new Map<string, ServedRoute>();
  for (const r of routes) {
    if (!r.url.startsWith('/api/') || r.url.startsWith('/api/docs')) continue;
    api.set(`${r.method} ${r.url.slice('/api'.length)}`, r);
  }
  return api;
}

/** Differences between a served route's schemas and its declaration in core, e.g. ["body"]. */
function schemaDifferences(route: ServedRoute, contract: RouteContract): string[] {
  const declared = declaredSchemas(contract);
  const schema = (route.schema ?? {}) as { params?: unknown; querystring?: unknown; body?: unknown; response?: Record<number, unknown> };
  const response = schema.response ? (schema.response[200] ?? schema.response[201] ?? schema.response[204]) : undefined;
  const pairs: [string, unknown, unknown][] = [
    ['params', schema.params, declared.params],
    ['query', schema.querystring, declared.querystring],
    ['body', schema.body, declared.body],
    ['response', response, declared.response],
  ];
  return pairs.filter(([, served, decl]) => shape(served) !== shape(decl)).map(([name]) => name);
}

/** Every optional route switched on: test payments, the development helpers, metrics. */
const { app, routes } = await openTestApp({ paymentsTestMode: true, devMailbox: true, metricsToken: 'contract-metrics-token' });
const served = servedApi(routes);
const declared = Object.entries(API_ROUTES) as [string, RouteContract][];

describe('core route map against the routes the server serves (issue 24)', () => {
  it('serves every route of the map, with the same method and path', () => {
    expect(declared.map(([key]) => key).filter((key) => !served.has(key))).toEqual([]);
  });

  it('serves no API route the map does not declare', () => {
    expect([...served.keys()].filter((key) => !(key in API_ROUTES))).toEqual([]);
  });

  it("registers each route with its declaration's params, query, body and answer schemas", () => {
    const differing = declared.flatMap(([key, contract]) => {
      const route = served.get(key);
      const diff = route ? schemaDifferences(route, contract) : [];
      return diff.length ? [`${key}: ${diff.join(', ')}`] : [];
    });
    expect(differing).toEqual([]);
  });

  it('asks for a token exactly where the map says one is needed', () => {
    const wrong = declared.filter(([key, contract]) => {
      const security = (served.get(key)?.schema as { security?: unknown } | undefined)?.security;
      return (contract.auth === undefined) !== (security !== undefined);
    });
    expect(wrong.map(([key]) => key)).toEqual([]);
  });

  it('finds a route served outside the map, and a schema that differs (the checks can fail)', () => {
    const extra = servedApi([...routes, { method: 'GET', url: '/api/not-in-the-map' }]);
    expect([...extra.keys()].filter((key) => !(key in API_ROUTES))).toEqual(['GET /not-in-the-map']);
    const contract = API_ROUTES['POST /user_token'];
    const route = served.get('POST /user_token')!;
    expect(schemaDifferences(route, contract)).toEqual([]);
    const changed = { ...route, schema: { ...route.schema, body: z.object({ auth: z.object({ email: z.string() }) }) } };
    expect(schemaDifferences(changed, contract)).toEqual(['body']);
    expect(schemaDifferences({ ...route, schema: { ...route.schema, response: { 200: z.object({ jwt: z.number() }) } } }, contract)).toEqual(['response']);
  });

  it('answers a request the map says is bad with a 400 and a message', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/user_token', payload: { auth: { email: '' } } });
    expect(res.statusCode).toBe(400);
    expect(API_ROUTES['POST /user_token'].body.safeParse({ auth: { email: '' } }).success).toBe(false);
    expect(res.json().error.message).toBeTruthy();
  });

  it('keeps each path parameter of a served path in its declared params schema', () => {
    for (const [key, contract] of declared) {
      const names = [...splitRouteKey(key).path.matchAll(/:(\w+)/g)].map((m) => m[1]);
      for (const name of names) expect(Object.keys((contract.params as z.ZodObject).shape), key).toContain(name);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiPath, fillPath, HTTP_METHODS, PROVIDER_CALLBACKS, splitRouteKey } from './open';
import { QUOTE_DECLINE_REASON_MAX } from '../invoices/schemas';
import { API_ROUTES, type RouteContract } from './routes';

const entries = Object.entries(API_ROUTES) as [string, RouteContract][];

describe('API route map', () => {
  it('keys every route as "METHOD /path" with a known method', () => {
    for (const [key] of entries) {
      const { method, path } = splitRouteKey(key);
      expect(HTTP_METHODS, key).toContain(method);
      expect(path, key).toMatch(/^\/[\w\-./:]*\*?$/);
    }
  });

  it('gives every route a response schema, and a params schema naming exactly the path parameters', () => {
    for (const [key, route] of entries) {
      expect(route.response, key).toBeInstanceOf(z.ZodType);
      const names = [...splitRouteKey(key).path.matchAll(/:(\w+)|(\*)$/g)].map((m) => m[1] ?? m[2]).sort();
      if (names.length === 0) {
        expect(route.params, key).toBeUndefined();
        continue;
      }
      expect(route.params, key).toBeInstanceOf(z.ZodObject);
      expect(Object.keys((route.params as z.ZodObject).shape).sort(), key).toEqual(names);
    }
  });

  it('gives every POST, PUT and PATCH that reads a body a request schema, and never a body to GET', () => {
    for (const [key, route] of entries) {
      const { method } = splitRouteKey(key);
      if (method === 'GET' || method === 'DELETE') expect(route.body, key).toBeUndefined();
      if (method === 'PUT' || method === 'PATCH') expect(route.body, key).toBeInstanceOf(z.ZodType);
    }
  });

  it('reads a POST sent with no body as {} when the route needs no body (issue 22)', () => {
    // These create a record or carry a provider's event: they need a body, so an empty one is refused.
    const needBody = new Set([
      'POST /contacts',
      'POST /notes',
      'POST /expenses',
      'POST /catalogs',
      'POST /fees',
      'POST /webhooks/flutterwave',
      'POST /webhooks/airtel',
    ]);
    const bodyless: string[] = [];
    for (const [key, route] of entries) {
      if (splitRouteKey(key).method !== 'POST' || !route.body || route.raw || needBody.has(key) || !route.body.safeParse({}).success) continue;
      bodyless.push(key);
      expect(route.body.safeParse(undefined).success, key).toBe(true);
      expect(route.body.safeParse(null).success, key).toBe(true);
    }
    expect(bodyless).toContain('POST /announcements/:id/read');
    expect(bodyless).toContain('POST /admin/affiliate-payouts/:id/paid');
    expect(API_ROUTES['POST /invoices/public/:public_id/decline'].body.parse(null)).toEqual({ reason: '' });
  });

  it("takes a quote's decline reason up to QUOTE_DECLINE_REASON_MAX characters, the page's field limit (issue 24)", () => {
    const body = API_ROUTES['POST /invoices/public/:public_id/decline'].body!;
    expect(body.safeParse({ reason: 'x'.repeat(QUOTE_DECLINE_REASON_MAX) }).success).toBe(true);
    const over = body.safeParse({ reason: 'x'.repeat(QUOTE_DECLINE_REASON_MAX + 1) });
    expect(over.success).toBe(false);
    expect(over.error?.issues[0]?.message).toBe(`At most ${QUOTE_DECLINE_REASON_MAX} characters`);
  });

  it('keeps the SPEC spellings ai-writter and client-secrete', () => {
    const keys = entries.map(([k]) => k);
    expect(keys).toContain('POST /ai-writter/generate');
    expect(keys).toContain('GET /:provider/client-secrete/:public_id');
    expect(keys.some((k) => k.includes('ai-writer') || k.includes('client-secret/'))).toBe(false);
  });

  it('validates requests with the same rules the server applies', () => {
    const login = API_ROUTES['POST /user_token'].body;
    expect(login.safeParse({ auth: { email: 'ada@example.com', password: 'x' } }).success).toBe(true);
    expect(login.safeParse({ auth: { email: '' } }).success).toBe(false);
    expect(API_ROUTES['POST /invoices/:id/email'].params.safeParse({ id: 'nope' }).success).toBe(false);
  });

  it('fills path parameters, encoding them, and refuses a missing one', () => {
    expect(fillPath('/invoices/:id/receipts/:payment_id/email', { id: 'a b', payment_id: 'c/d' })).toBe('/invoices/a%20b/receipts/c%2Fd/email');
    expect(() => fillPath('/invoices/:id', {})).toThrow(':id');
  });

  it("writes a route's whole path for a link the server hands out (under /api; a wildcard keeps its slashes)", () => {
    expect(apiPath('GET /invoices/public/:public_id/logo.png', { public_id: 'abc_DEF-123' })).toBe('/api/invoices/public/abc_DEF-123/logo.png');
    expect(apiPath('GET /invoices/public/:public_id/reminders/stop', { public_id: 'p1' })).toBe('/api/invoices/public/p1/reminders/stop');
    expect(apiPath('GET /files/*', { '*': 'users/u1/logo.png' })).toBe('/api/files/users/u1/logo.png');
    expect(apiPath('GET /health')).toBe('/api/health');
    expect(() => apiPath('GET /invoices/public/:public_id')).toThrow(':public_id');
  });

  it('keeps the callback URLs providers already hold, byte for byte', () => {
    const token = 'Qm9vazEyMzQ1Njc4OTAxMjM0NTY3';
    expect(apiPath(PROVIDER_CALLBACKS.mpesa, { token })).toBe(`/api/webhooks/mpesa/${token}`);
    expect(apiPath(PROVIDER_CALLBACKS.rail, { provider: 'momo', token })).toBe(`/api/webhooks/rails/momo/${token}`);
    expect(apiPath(PROVIDER_CALLBACKS.signed, { provider: 'stripe' })).toBe('/api/webhooks/stripe');
    expect(apiPath(PROVIDER_CALLBACKS.flutterwave)).toBe('/api/webhooks/flutterwave');
    expect(apiPath(PROVIDER_CALLBACKS.airtel)).toBe('/api/webhooks/airtel');
    expect(apiPath(PROVIDER_CALLBACKS.chapa)).toBe('/api/webhooks/chapa');
    // Paynow and Ozow are handed the rail callback URL: it must land on their own (url-encoded) routes.
    for (const provider of ['paynow', 'ozow'] as const)
      expect(apiPath(PROVIDER_CALLBACKS.rail, { provider, token })).toBe(apiPath(PROVIDER_CALLBACKS[provider], { token }));
    // MoMo (PUT) and Chapa (GET) call the same URL with another method.
    for (const key of [PROVIDER_CALLBACKS.railPut, PROVIDER_CALLBACKS.railGet])
      expect(splitRouteKey(key).path).toBe(splitRouteKey(PROVIDER_CALLBACKS.rail).path);
    for (const key of Object.values(PROVIDER_CALLBACKS)) expect(API_ROUTES[key].auth, key).toBe(false);
  });
});

describe('OPEN_ROUTES', () => {
  it('lists exactly the routes the map marks auth: false', async () => {
    const { OPEN_ROUTES } = await import('./open');
    const open = entries
      .filter(([, r]) => r.auth === false)
      .map(([k]) => k)
      .sort();
    expect([...OPEN_ROUTES].sort()).toEqual(open);
  });
});

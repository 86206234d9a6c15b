import { describe, expect, it } from 'vitest';
import { invoiceBody, withContact } from './modules/invoices/test-utils';
import { openTestApp, signUp } from './test/harness';

/**
 * Issue 22: every route the app serves under /api — the route table itself, so webhooks, provider callbacks and
 * other routes left out of the OpenAPI document (which fuzz.test.ts walks) are included — answers wrong types with
 * a 4xx, never a 5xx: each path parameter as a real id of the account, a junk word, an escaped NUL and a 300-character
 * word; each JSON body as a wrong type, and each of its fields (as declared by the route's zod schema) set to a wrong
 * type; each declared query parameter repeated and out of range. With the account's token and without one.
 */
const { app, routes } = await openTestApp();
const WRONG: unknown[] = [{}, [], 'x', 1e308, null, true, -1, { a: { b: [1] } }, 'a\u0000b', '\ud800'];
const WRONG_QUERY = ['x', '1e308', '%00', '-1', '99999999999999999999', '0001-01-01', ''];

describe('wrong types on every served route (issue 22)', () => {
  it('never a 5xx', async () => {
    const owner = await signUp(app, { country: 'Kenya' });
    const { api, contactId } = await withContact(app, owner);
    const inv = (await api.post('/invoices', invoiceBody(contactId, { currency: 'KES', status: 'sent' }))).body;
    const params = [inv.id, inv.public_id, 'x', '%00', 'a'.repeat(300)];
    const failures: string[] = [];
    let sent = 0;
    for (const r of routes.filter((route) => route.url.startsWith('/api/') && !route.url.startsWith('/api/docs'))) {
      const schema = (r.schema ?? {}) as { body?: { shape?: Record<string, unknown> }; querystring?: { shape?: Record<string, unknown> } };
      for (const [n, param] of params.entries()) {
        const url = r.url.replace(/:[A-Za-z_]+/g, param).replace(/\*/g, param);
        const requests: Array<{ query: string; body?: unknown }> = [];
        if (r.method === 'GET' || r.method === 'DELETE') requests.push({ query: '' });
        else for (const body of WRONG) requests.push({ query: '', body });
        if (n === 0) {
          if (r.method !== 'GET' && r.method !== 'DELETE')
            for (const key of Object.keys(schema.body?.shape ?? {})) for (const w of WRONG) requests.push({ query: '', body: { [key]: w } });
          for (const key of Object.keys(schema.querystring?.shape ?? {})) for (const w of WRONG_QUERY) requests.push({ query: `?${key}=${w}&${key}=${w}` });
        }
        for (const headers of [owner.auth, {}]) {
          for (const { query, body } of requests) {
            sent++;
            const res = await app.inject({
              method: r.method as 'GET',
              url: url + query,
              headers: { ...headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
              ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
            });
            if (res.statusCode >= 500)
              failures.push(`${r.method} ${url}${query} ${JSON.stringify(body)?.slice(0, 80)} → ${res.statusCode} ${res.body.slice(0, 200)}`);
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(5_000);
    expect(failures).toEqual([]);
  }, 600_000);
});

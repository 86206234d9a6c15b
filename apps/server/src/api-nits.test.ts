import { randomUUID } from 'node:crypto';
import { API_ROUTES, type RouteContract, splitRouteKey } from '@duka/core';
import { describe, expect, it } from 'vitest';
import { invoiceBody, withContact } from './modules/invoices/test-utils';
import { client, samples } from './modules/sync/test-utils';
import { openTestApp, signUp } from './test/harness';

/**
 * The tester's API findings (t17 A1 and t19 A2, t17 A3, A4, A5, A7) against the real app: what a caller can learn of other accounts
 * or of the API without a token, and what a valid request is told.
 */
const { app } = await openTestApp({ paymentsTestMode: true, devMailbox: true, metricsToken: 'nits-metrics-token' });

type Answer = { status: number; body: { id?: string; error?: { message: string } } & Record<string, unknown> };

/** One resource that takes a client-chosen id on create, for t19 A2. */
interface Resource {
  name: string;
  what: string;
  /** Makes a record of `api`'s account with a client-chosen id; returns the id. */
  make: (api: Api, contactId: string) => Promise<string>;
  /** Creates with `id` as `api`'s account. */
  post: (api: Api, contactId: string, id: string) => Promise<Answer>;
  /** Where the record is read by id (the owner's view must not change). */
  read?: (id: string) => string;
  /** An id of the caller's own that a create cannot use either (same answer as another account's). */
  usedOwn?: (api: Api, contactId: string) => Promise<string>;
}
type Api = ReturnType<typeof client>;

const made = (r: Answer, name: string) => {
  expect(r.status, `${name}: ${JSON.stringify(r.body)}`).toBe(201);
  return r.body.id as string;
};
const sentInvoice = async (api: Api, contactId: string) =>
  (await api.post('/invoices', invoiceBody(contactId, { status: 'sent' }))).body as { id: string; lines: Array<{ id: string }> };
const stockItem = async (api: Api) => (await api.post('/catalogs', { name: 'Cement', unit_price: 100, track_stock: true })).body.id as string;

const resources: Resource[] = [
  ...(
    [
      ['contacts', 'client'],
      ['notes', 'note'],
      ['expenses', 'expense'],
      ['catalogs', 'item'],
      ['fees', 'fee'],
    ] as const
  ).map(([collection, what]): Resource => ({
    name: collection,
    what,
    make: async (api) => made(await api.post(`/${collection}`, { id: randomUUID(), ...samples[collection]!(1) }), collection),
    post: (api, _c, id) => api.post(`/${collection}`, { id, ...samples[collection]!(2) }),
    read: (id) => `/${collection}/${id}`,
  })),
  {
    name: 'invoices',
    what: 'invoice',
    make: async (api, contactId) => made(await api.post('/invoices', invoiceBody(contactId, { id: randomUUID() })), 'invoices'),
    post: (api, contactId, id) => api.post('/invoices', invoiceBody(contactId, { id })),
    read: (id) => `/invoices/${id}`,
    usedOwn: async (api, contactId) => {
      const id = made(await api.post('/invoices', invoiceBody(contactId, { id: randomUUID() })), 'invoices');
      expect((await api.del(`/invoices/${id}`)).status).toBe(200);
      return id;
    },
  },
  {
    name: 'credit notes',
    what: 'credit note',
    make: async (api, contactId) => {
      const inv = await sentInvoice(api, contactId);
      return made(
        await api.post(`/invoices/${inv.id}/credit-notes`, { id: randomUUID(), lines: [{ line_id: inv.lines[0]!.id, quantity: 1 }], reason: 'Wet' }),
        'credit notes',
      );
    },
    post: async (api, contactId, id) => {
      const inv = await sentInvoice(api, contactId);
      return api.post(`/invoices/${inv.id}/credit-notes`, { id, lines: [{ line_id: inv.lines[0]!.id, quantity: 1 }], reason: 'Wet' });
    },
    read: (id) => `/invoices/${id}`,
    // The caller's own invoice's id cannot be a credit note's either.
    usedOwn: async (api, contactId) => (await sentInvoice(api, contactId)).id,
  },
  {
    name: 'stock adjustments',
    what: 'stock adjustment',
    make: async (api) =>
      made(await api.post('/stock/adjustments', { id: randomUUID(), catalog_id: await stockItem(api), kind: 'received', quantity: 5 }), 'stock'),
    post: async (api, _c, id) => api.post('/stock/adjustments', { id, catalog_id: await stockItem(api), kind: 'received', quantity: 5 }),
  },
];

describe('a create with an id another account holds is an id conflict, not a "not found" (t19 A2, t17 A1)', () => {
  it.each(resources)('$name: 409 "This id is already used…", never saying whose; the owner’s record unchanged', async (r) => {
    const owner = await signUp(app, { country: 'Nigeria' });
    const other = await signUp(app, { country: 'Nigeria' });
    const { api: a, contactId } = await withContact(app, owner);
    const { api: b, contactId: bContact } = await withContact(app, other);
    const id = await r.make(a, contactId);
    const before = r.read ? JSON.stringify((await a.get(r.read(id))).body) : '';
    const answer = await r.post(b, bContact, id);
    expect(answer.status, `${r.name}: ${JSON.stringify(answer.body)}`).toBe(409);
    expect(answer.body.error).toMatchObject({
      code: 'conflict',
      message: `This id is already used: send no id (or a new one) to make a new ${r.what}`,
      fields: { id: 'Already used: leave it out or use a new one' },
    });
    expect(JSON.stringify(answer.body)).not.toMatch(/another|account|someone|belong|not found/i);
    if (r.read) {
      // Reading it stays "not found" for the other account; the owner's record is as it was.
      expect((await b.get(r.read(id))).status).toBe(404);
      expect(JSON.stringify((await a.get(r.read(id))).body)).toBe(before);
    }
    // An id of the caller's own that cannot be used gets the very same answer.
    if (r.usedOwn) {
      const own = await r.post(b, bContact, await r.usedOwn(b, bContact));
      expect({ status: own.status, body: own.body }).toEqual({ status: answer.status, body: answer.body });
    }
    // The same request with an id nobody has is accepted.
    expect((await r.post(b, bContact, randomUUID())).status).toBe(201);
  });
});

describe('authentication comes before validation on every route that needs a token (t17 A3)', () => {
  it('a bad token is 401 whatever the path, query or body, on every route of the map', async () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const [key, contract] of Object.entries(API_ROUTES) as Array<[string, RouteContract]>) {
      if (contract.auth !== undefined) continue;
      checked++;
      const { method, path } = splitRouteKey(key);
      const url = `/api${path.replace(/:\w+/g, 'not-a-uuid')}?limit=abc&since=-1&from=notadate`;
      const withBody = method !== 'GET' && method !== 'DELETE';
      for (const authorization of ['Bearer x', 'Bearer eyJhbGciOiJIUzI1NiJ9.e30.x', undefined]) {
        const res = await app.inject({
          method,
          url,
          headers: { ...(authorization ? { authorization } : {}), ...(withBody ? { 'content-type': 'application/json' } : {}) },
          ...(withBody ? { payload: '{"text": "' + 'x'.repeat(2_001) + '", "broken": ' } : {}),
        });
        if (res.statusCode !== 401) wrong.push(`${key} (${authorization ?? 'no token'}): ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  });

  it('the examples the tester gave', async () => {
    const long = await app.inject({
      method: 'POST',
      url: '/api/orders/draft',
      headers: { authorization: 'Bearer expired' },
      payload: { text: 'x'.repeat(2_001) },
    });
    expect(long.statusCode).toBe(401);
    const bad = await app.inject({ method: 'GET', url: '/api/invoices/not-a-uuid', headers: { authorization: 'Bearer x' } });
    expect(bad.statusCode).toBe(401);
    // With a good token, validation answers as before.
    const u = await signUp(app);
    expect((await app.inject({ method: 'GET', url: '/api/invoices/not-a-uuid', headers: u.auth })).statusCode).toBe(400);
  });
});

describe('a "__proto__" key is refused by name, not as "not valid JSON" (t17 A4)', () => {
  it('says which key is refused, on an open route and an authenticated one; real bad JSON is still "not valid JSON"', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/user_token',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__":{"x":1},"auth":{"email":"a@example.com","password":"secret123"}}',
    });
    expect(login.statusCode).toBe(400);
    expect(login.json().error.message).toBe('The request body has a key "__proto__" (at __proto__), which Duka does not accept: remove it');
    const u = await signUp(app);
    const nested = await app.inject({
      method: 'POST',
      url: '/api/contacts',
      headers: { ...u.auth, 'content-type': 'application/json' },
      payload: '{"name":"Ada","extra":[{"constructor":{"prototype":{"admin":true}}}]}',
    });
    expect(nested.statusCode).toBe(400);
    expect(nested.json().error.message).toBe(
      'The request body has a key "constructor" with a "prototype" (at extra[0].constructor.prototype), which Duka does not accept: remove it',
    );
    // Escaped in the text, the same key.
    const escaped = await app.inject({
      method: 'POST',
      url: '/api/contacts',
      headers: { ...u.auth, 'content-type': 'application/json' },
      payload: '{"\\u005f_proto__":{}}',
    });
    expect(escaped.json().error.message).toMatch(/key "__proto__"/);
    // A key merely named like it is fine, and so is "constructor" as text.
    const fine = await app.inject({
      method: 'POST',
      url: '/api/contacts',
      headers: { ...u.auth, 'content-type': 'application/json' },
      payload: '{"name":"constructor"}',
    });
    expect(fine.statusCode).toBe(201);
    const broken = await app.inject({ method: 'POST', url: '/api/contacts', headers: { ...u.auth, 'content-type': 'application/json' }, payload: '{"name":' });
    expect(broken.json().error.message).toBe('The request body is not valid JSON');
    const empty = await app.inject({
      method: 'POST',
      url: '/api/contacts',
      headers: { ...u.auth, 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      payload: '',
    });
    expect(empty.statusCode).toBe(400);
  });
});

describe("an expense POSTed without a currency is in the business's currency (t17 A5)", () => {
  it('defaults a new expense to the business currency; an update without one keeps the expense’s own', async () => {
    const u = await signUp(app, { country: 'Kenya' });
    const api = client(app, u);
    const state = (await api.get('/state')).body as { user?: { invoice_settings?: string } };
    const currency = JSON.parse(state.user?.invoice_settings ?? '{}').currency as string | undefined;
    const made = await api.post('/expenses', { amount: 150_000, date: '2026-11-20', category: 'Transport', vendor: 'Matatu' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.currency).toBe(currency ?? 'KES');
    expect(made.body.currency).toBe('KES');
    const usd = await api.post('/expenses', { amount: 5_000, currency: 'USD', date: '2026-11-20', category: 'Software', vendor: 'Hosting' });
    expect(usd.body.currency).toBe('USD');
    // POST with the id of an expense it has (an update): its currency stays.
    const again = await api.post('/expenses', { id: usd.body.id, amount: 6_000 });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ currency: 'USD', amount: 6_000 });
  });
});

describe("a draft's link says it is not sent yet (t17 A7)", () => {
  it('serves nothing of a draft (page, viewed, PDF) and serves it once finished', async () => {
    const u = await signUp(app, { country: 'Nigeria' });
    const { api, contactId } = await withContact(app, u, { name: 'Secret Client Ltd' });
    const draft = (await api.post('/invoices', invoiceBody(contactId))).body as { id: string; public_id: string; status: string };
    expect(draft.status).toBe('draft');
    for (const [method, path] of [
      ['GET', ''],
      ['POST', '/viewed'],
      ['GET', '/pdf'],
    ] as const) {
      const res = await app.inject({ method, url: `/api/invoices/public/${draft.public_id}${path}` });
      expect(res.statusCode, path).toBe(409);
      expect(res.json().error).toMatchObject({
        message: 'This invoice has not been sent yet: ask the business to send it to you',
        fields: { invoice: 'not_sent' },
      });
      expect(res.body).not.toContain('Secret Client');
    }
    expect((await api.post(`/invoices/${draft.id}/send`, {})).status).toBe(200);
    const shown = await app.inject({ method: 'GET', url: `/api/invoices/public/${draft.public_id}` });
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('Secret Client');
  });
});

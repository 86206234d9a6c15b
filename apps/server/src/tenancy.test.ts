import { randomUUID } from 'node:crypto';
import { AI_EXAMPLE_FIELDS, API_ROUTES, OPEN_ROUTES, fillPath, splitRouteKey, type RouteKey } from '@duka/core';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { invoiceBody, withContact } from './modules/invoices/test-utils';
import { remove, upsert } from './modules/sync/test-utils';
import { openTestApp, signUp, type SignedUp } from './test/harness';
import { booksOf, multipart, photo, railPayment } from './test-utils';

/**
 * Issue 22: every route of core's route map, called by user B with user A's records. A route that takes an id
 * answers 404 for A's (422 where the id is a field of the body), a list or a total shows none of A's records,
 * and afterwards A's records are exactly as they were. The cases are keyed by the map itself, so a new route
 * without a case fails the first test (and the typecheck); only open routes whose link or reference is the
 * credential may be exempt, each with its reason.
 */
const { app, ctx } = await openTestApp({ paymentsTestMode: true, devMailbox: true, metricsToken: 'tenancy-metrics-token' });

const a = await signUp(app, { company_name: 'Zawadi Stores' });
const b = await signUp(app, { company_name: 'Baraka Stores' });
const fresh = await signUp(app, { company_name: 'Fresh Stores' });
const A = await booksOf(app, ctx, a);
const aRail = await railPayment(app, await signUp(app, { country: 'Uganda' }));
const bRail = await railPayment(app, await signUp(app, { country: 'Uganda' }));
// B's own invoice, in another currency than A's, for the routes of a public link (issued before the VAT return's
// period asked below: B's own return would name it, as a foreign-currency invoice with no rate).
const bBooks = await withContact(app, b, { name: 'Baraka client' });
const bInvoice = (
  await bBooks.api.post('/invoices', invoiceBody(bBooks.contactId, { status: 'sent', currency: 'GHS', issue_date: '2026-10-22', fees: [], fee_ids: [] }))
).body;
const aRailPaymentIds = [aRail.reference];

interface Request {
  params?: Record<string, string>;
  query?: string;
  payload?: unknown;
  headers?: Record<string, string>;
}
/**
 * id: names A's record (404, or `status`); list: shows none of A's records; total: the same answer as a new
 * account's; own: B's own account, nothing of A's to name; admin: refused to a non-admin; link: a public link of
 * B's with A's record behind it (404). Every answer is checked for A's ids.
 */
type Kind = 'id' | 'list' | 'total' | 'own' | 'admin' | 'link';
interface Probe {
  kind: Kind;
  req?: () => Request | Promise<Request>;
  status?: number[];
  check?: (res: LightMyRequestResponse) => void;
}
type Case = Probe | { exempt: string };

const inv = () => ({ id: A.invoice.id as string });
const LINK = 'the public link (or its reference) is the credential: whoever holds it may open it';
const PROVIDER = "a provider's callback: signed, or keyed by a token made for one payment";
const TEST_PAY = 'the test provider’s pages, keyed by a reference made for one checkout';
const SYSTEM = 'no account: the server’s own health, metrics, development helpers, or sign-in';
type RecordKey<N extends string> = `GET /${N}` | `POST /${N}` | `GET /${N}/:id` | `PATCH /${N}/:id` | `DELETE /${N}/:id`;
const recordCases = <N extends 'contacts' | 'notes' | 'expenses' | 'catalogs' | 'fees'>(
  name: N,
  id: () => string,
  patch: Record<string, unknown>,
): Record<RecordKey<N>, Case> =>
  ({
    [`GET /${name}`]: { kind: 'list' },
    [`POST /${name}`]: { kind: 'id', req: () => ({ payload: { ...patch, id: id() } }), status: [404, 409, 422] },
    [`GET /${name}/:id`]: { kind: 'id', req: () => ({ params: { id: id() } }) },
    [`PATCH /${name}/:id`]: { kind: 'id', req: () => ({ params: { id: id() }, payload: patch }) },
    [`DELETE /${name}/:id`]: { kind: 'id', req: () => ({ params: { id: id() } }) },
  }) as Record<RecordKey<N>, Case>;

const CASES = {
  // ---- accounts ----
  'POST /users': { exempt: SYSTEM },
  'POST /user_token': { exempt: SYSTEM },
  'PATCH /users/:username': { kind: 'id', req: () => ({ params: { username: a.username }, payload: { user: { name: 'Taken over' } } }) },
  'POST /users/change-password': { kind: 'own', req: () => ({ payload: { current_password: 'not the password', password: 'another long one' } }) },
  'POST /users/iforgot': { exempt: SYSTEM },
  'POST /users/reset-password': { exempt: SYSTEM },
  'POST /users/login-link': { exempt: SYSTEM },
  'POST /users/login-link/redeem': { exempt: SYSTEM },
  'DELETE /users/delete': { kind: 'own' },
  'GET /state': { kind: 'own' },

  // ---- sync ----
  'POST /sync/push': {
    kind: 'id',
    req: () => ({
      payload: {
        mutations: [
          upsert('contacts', A.contactId, { name: 'Taken over' }),
          remove('notes', A.noteId),
          upsert('stock_movements', A.movementId, { catalog_id: A.itemId, kind: 'received', quantity: 1, reason: '' }),
          upsert('stock_movements', randomUUID(), { catalog_id: A.itemId, kind: 'received', quantity: 1, reason: '' }),
          upsert('invoices', A.invoice.id, invoiceBody(bBooks.contactId)),
          remove('expenses', A.expenseId),
        ],
      },
    }),
    status: [200],
    // Writes refused; deletes of A's ids find nothing of B's to delete (as an unknown id: t19 A2) and change nothing.
    check: (res) => {
      expect(res.statusCode).toBe(200);
      const results = res.json().results as { status: string; version?: number }[];
      expect(results.map((r) => r.status)).toEqual(['rejected', 'applied', 'rejected', 'rejected', 'rejected', 'applied']);
      expect([results[1].version, results[5].version]).toEqual([undefined, undefined]);
    },
  },
  'GET /sync/pull': { kind: 'list', req: () => ({ query: 'collection=invoices&since=0' }) },
  'GET /sync/first': { kind: 'list', req: () => ({ query: 'collection=contacts' }) },
  'GET /sync/history': { kind: 'id', req: () => ({ query: `collection=contacts&id=${A.contactId}` }), status: [404] },

  // ---- invoices (owner) ----
  'GET /invoices/logo.png': { kind: 'own' },
  'POST /invoices/:id/convert': { kind: 'id', req: () => ({ params: { id: A.quote.id } }) },
  'POST /invoices/:id/credit-notes': {
    kind: 'id',
    req: () => ({ params: inv(), payload: { lines: [{ line_id: A.invoice.lines[0].id, quantity: 1 }], reason: 'x' } }),
  },
  'GET /reports/vat': { kind: 'total', req: () => ({ query: 'from=2026-11-01&to=2026-11-30&currency=NGN' }) },
  'POST /invoices/:id/email': { kind: 'id', req: () => ({ params: inv(), payload: { to: 'b@example.com' } }) },
  'POST /invoices/:id/receipts/:payment_id/email': {
    kind: 'id',
    req: () => ({ params: { ...inv(), payment_id: A.paymentId }, payload: { to: 'b@example.com' } }),
  },
  'GET /invoices/:id/reminders': { kind: 'id', req: () => ({ params: inv() }) },
  'PUT /invoices/:id/reminders': { kind: 'id', req: () => ({ params: inv(), payload: { stopped: false } }) },
  'POST /invoices/:id/reminders/send': { kind: 'id', req: () => ({ params: inv(), payload: { channel: 'email' } }) },
  'GET /reminders/settings': { kind: 'own' },
  'PUT /reminders/settings': {
    kind: 'own',
    req: async () => ({ payload: (await app.inject({ method: 'GET', url: '/api/reminders/settings', headers: b.auth })).json() }),
  },

  // ---- fiscal ----
  'GET /fiscal/settings': { kind: 'own' },
  'PUT /fiscal/settings': { kind: 'own', req: () => ({ payload: { api_base: 'https://example.com/etims', tin: 'P051234567Q', branch_id: '00' } }) },
  'DELETE /fiscal/settings': { kind: 'own' },
  'GET /fiscal/codes': { kind: 'own' },
  'GET /fiscal/items': { kind: 'list' },
  'POST /fiscal/items/:id/register': { kind: 'id', req: () => ({ params: { id: A.itemId as string } }) },
  'GET /invoices/:id/fiscal': { kind: 'id', req: () => ({ params: inv() }) },
  'POST /invoices/:id/fiscal/retry': { kind: 'id', req: () => ({ params: inv() }) },

  // ---- recurring ----
  'GET /recurring-invoices': { kind: 'list', req: () => ({ query: `invoice_id=${A.invoice.id}` }) },
  'POST /recurring-invoices': { kind: 'id', req: () => ({ payload: { invoice_id: A.invoice.id, frequency: 'monthly', start_date: '2030-02-01' } }) },
  'GET /recurring-invoices/:id': { kind: 'id', req: () => ({ params: { id: A.recurringId } }) },
  'PATCH /recurring-invoices/:id': { kind: 'id', req: () => ({ params: { id: A.recurringId }, payload: { status: 'paused' } }) },
  'DELETE /recurring-invoices/:id': { kind: 'id', req: () => ({ params: { id: A.recurringId } }) },
  'GET /recurring-invoices/:id/occurrences': { kind: 'id', req: () => ({ params: { id: A.recurringId } }) },

  // ---- refunds ----
  'GET /invoices/:id/refunds-due': { kind: 'id', req: () => ({ params: inv() }) },
  'POST /invoices/:id/refunds-due/:intent_id/refunded': { kind: 'id', req: () => ({ params: { ...inv(), intent_id: randomUUID() } }) },

  // ---- the public invoice link and its payments ----
  'GET /invoices/public/:public_id': { exempt: LINK },
  'POST /invoices/public/:public_id/viewed': { exempt: LINK },
  'POST /invoices/public/:public_id/accept': { exempt: LINK },
  'POST /invoices/public/:public_id/decline': { exempt: LINK },
  'GET /payments/config': { exempt: SYSTEM },
  'GET /:provider/client-secrete/:public_id': { exempt: LINK },
  'POST /test-pay/confirm': { exempt: TEST_PAY },
  'GET /pay/:public_id/checkout': { exempt: LINK },
  'POST /pay/:public_id/checkout': { exempt: LINK },
  'GET /pay/verify/:reference': { exempt: LINK },
  'GET /test-pay/invoice-checkouts/:reference': { exempt: TEST_PAY },
  'POST /test-pay/invoice-checkouts/:reference/confirm': { exempt: TEST_PAY },
  'GET /invoices/link/:public_id/mpesa': { exempt: LINK },
  'POST /invoices/link/:public_id/mpesa': { exempt: LINK },
  'GET /invoices/link/:public_id/mpesa/:checkout_request_id': {
    kind: 'link',
    req: () => ({ params: { public_id: bRail.publicId, checkout_request_id: aRail.reference } }),
  },
  'POST /invoices/link/:public_id/rails/:rail': { exempt: LINK },
  'GET /invoices/link/:public_id/rails/:rail/:reference': {
    kind: 'link',
    req: () => ({ params: { public_id: bRail.publicId, rail: 'mtn_momo', reference: aRail.reference } }),
  },
  // B's invoice link cannot send a code for A's payment.
  'POST /invoices/link/:public_id/rails/:rail/:reference/otp': {
    kind: 'link',
    req: () => ({ params: { public_id: bRail.publicId, rail: 'mtn_momo', reference: aRail.reference }, payload: { otp: '123456' } }),
  },
  'GET /test-phone/:reference': { exempt: TEST_PAY },
  'POST /test-phone/:reference/:action': { exempt: TEST_PAY },

  // ---- plans and AI credit ----
  'GET /subscriptions': { kind: 'own' },
  'POST /subscriptions/cancel-plan': { kind: 'own' },
  'POST /subscriptions/change-plan': { kind: 'own', req: () => ({ payload: { subscription: { plan: 'ng-monthly' } } }) },
  'POST /transactions': { kind: 'own', req: () => ({ payload: { transaction: { credit_pack: 'credits-100' } } }) },
  'GET /transactions': { kind: 'list' },
  'GET /transactions/:reference': { kind: 'id', req: () => ({ params: { reference: A.reference } }) },
  'POST /portal': { kind: 'own' },
  'POST /transactions/portal-init': { kind: 'own' },
  'GET /test-pay/checkouts/:reference': { exempt: TEST_PAY },
  'POST /test-pay/checkouts/:reference/confirm': { exempt: TEST_PAY },
  'GET /test-pay/portal/:session': { exempt: TEST_PAY },
  'POST /test-pay/portal/:session/:action': { exempt: TEST_PAY },

  // ---- AI writer, orders in words, receipt photos ----
  'POST /ai-writter/generate': { kind: 'own', req: () => ({ payload: { generate: 'newsletter', ...AI_EXAMPLE_FIELDS.newsletter } }) },
  // B's order names A's catalog item: it is read against B's catalog only.
  'POST /orders/draft': { kind: 'own', req: () => ({ payload: { text: '3 Zawadi soap for Zawadi Traders' } }) },
  'POST /expenses/receipt-read': {
    kind: 'own',
    req: () => ({ payload: { image: `data:image/jpeg;base64,${photo.toString('base64')}`, text: 'Zawadi soap 300' } }),
  },
  // B's photo is read for B (B's currency and day); nothing is stored (ocr/ocr.test.ts reads real photos).
  'POST /expenses/receipt-scan': { kind: 'own', req: () => ({ ...multipart(photo, 'photo'), query: 'language=en' }) },
  'GET /ai-writter/credit': { kind: 'own' },
  'GET /ai-writter/history': { kind: 'list' },
  'GET /ai-writter/favorites': { kind: 'list' },
  'PATCH /ai-writter/:id': { kind: 'id', req: () => ({ params: { id: A.aiId }, payload: { ai_writter: { favorite: true } } }) },

  // ---- announcements (the admin's, read by every owner) ----
  'GET /announcements': { kind: 'list' },
  'POST /announcements/:id/read': { kind: 'own', req: () => ({ params: { id: randomUUID() }, payload: {} }), status: [404] },
  'GET /admin/announcements': { kind: 'admin' },
  'POST /admin/announcements': { kind: 'admin', req: () => ({ payload: { title: 'Hi', body: 'All', level: 'info' } }) },
  'PATCH /admin/announcements/:id': { kind: 'admin', req: () => ({ params: { id: randomUUID() }, payload: { title: 'Hi', body: 'All', level: 'info' } }) },
  'DELETE /admin/announcements/:id': { kind: 'admin', req: () => ({ params: { id: randomUUID() } }) },

  // ---- affiliates ----
  'GET /affiliates/terms': { exempt: SYSTEM },
  'POST /affiliates/click': { kind: 'own', req: () => ({ payload: { ref: a.username, visitor_id: randomUUID() } }) },
  'GET /affiliates/me': { kind: 'own' },
  'POST /affiliates': { kind: 'own', req: () => ({ payload: { payout_method: 'mobile_money', mobile_provider: 'MTN', mobile_number: '0803 123 4567' } }) },
  'POST /affiliates/payouts': { kind: 'own', req: () => ({ payload: { currency: 'NGN' } }) },
  'GET /admin/affiliate-payouts': { kind: 'admin' },
  'POST /admin/affiliate-payouts/:id/paid': { kind: 'admin', req: () => ({ params: { id: randomUUID() }, payload: {} }) },

  // ---- stock ----
  'GET /stock/levels': { kind: 'list' },
  'GET /stock/low': { kind: 'list' },
  'GET /stock/value': { kind: 'total' },
  'GET /stock/levels.csv': { kind: 'total' },
  'GET /stock/items/:id/movements': { kind: 'id', req: () => ({ params: { id: A.itemId } }) },
  'POST /stock/adjustments': {
    kind: 'id',
    req: () => ({ payload: { id: A.movementId, catalog_id: A.itemId, quantity: 1, kind: 'received' } }),
    status: [404, 409, 422],
  },
  'POST /stock/opening': {
    kind: 'own',
    req: () => ({ payload: { csv: 'sku,quantity\nZAW-1,5\n' } }),
    check: (res) => expect(res.json().created).toBe(0),
  },

  // ---- records ----
  ...recordCases('contacts', () => A.contactId, { name: 'Taken over' }),
  ...recordCases('notes', () => A.noteId, { body: 'Taken over' }),
  ...recordCases('expenses', () => A.expenseId, { amount: 1, currency: 'NGN', date: '2026-11-03', category: 'Rent' }),
  'POST /expenses/:id/receipt': {
    kind: 'id',
    req: () => {
      const upload = multipart(photo);
      return { params: { id: A.expenseId }, payload: upload.payload, headers: upload.headers };
    },
  },
  ...recordCases('catalogs', () => A.itemId, { name: 'Taken over', unit_price: 1 }),
  ...recordCases('fees', () => A.fee.id, { name: 'Taken over', kind: 'fee', calculation: 'fixed', amount: 1 }),

  // ---- invoices, payments, receipts ----
  'GET /invoices': { kind: 'list' },
  'POST /invoices': {
    kind: 'id',
    req: () => ({ payload: { ...invoiceBody(bBooks.contactId), id: A.invoice.id, public_id: A.invoice.public_id } }),
    status: [404, 409, 422],
  },
  'GET /invoices/:id': { kind: 'id', req: () => ({ params: inv() }) },
  'PATCH /invoices/:id': { kind: 'id', req: () => ({ params: inv(), payload: { notes: 'Taken over' } }) },
  'DELETE /invoices/:id': { kind: 'id', req: () => ({ params: inv() }) },
  'POST /invoices/:id/void': { kind: 'id', req: () => ({ params: inv() }) },
  'POST /invoices/:id/send': { kind: 'id', req: () => ({ params: inv() }) },
  'POST /invoices/:id/payments': { kind: 'id', req: () => ({ params: inv(), payload: { amount: 100, method: 'cash', date: '2026-11-24' } }) },
  'DELETE /invoices/:id/payments/:payment_id': { kind: 'id', req: () => ({ params: { ...inv(), payment_id: A.paymentId } }) },
  'GET /invoices/:id/pdf': { kind: 'id', req: () => ({ params: inv() }) },
  'GET /invoices/public/:public_id/pdf': { exempt: LINK },
  'GET /invoices/public/:public_id/logo.png': { exempt: LINK },
  'GET /invoices/:id/receipts': { kind: 'id', req: () => ({ params: inv() }) },
  'GET /invoices/:id/receipts/:payment_id/pdf': { kind: 'id', req: () => ({ params: { ...inv(), payment_id: A.paymentId } }) },
  // B's link with A's payment: B's link opens B's receipts only.
  'GET /invoices/public/:public_id/receipts/:payment_id/pdf': {
    kind: 'link',
    req: () => ({ params: { public_id: bInvoice.public_id, payment_id: A.paymentId } }),
  },
  // The debtors (aging) and totals of the period.
  'GET /reports/summary': { kind: 'total', req: () => ({ query: 'from=2026-01-01&to=2026-12-31&currency=NGN' }) },
  'GET /reports/aging': { kind: 'total', req: () => ({ query: 'from=2026-01-01&to=2026-12-31&currency=NGN&bucket=0-30' }) },
  // The till's day: the day of A's cash payment (booksOf).
  'GET /reports/cash-up': { kind: 'total', req: () => ({ query: 'date=2026-11-23' }) },
  // B keeps its own till for the day; A's float and count are never in B's cash-up (reports/cashup.test.ts).
  'PUT /reports/cash-up/till': { kind: 'own', req: () => ({ payload: { date: '2026-11-23', currency: 'NGN', opening_float: 5_000, counted: null } }) },

  // ---- system ----
  'GET /health': { exempt: SYSTEM },
  'GET /metrics': { exempt: SYSTEM },
  'GET /files/*': { exempt: 'stored files are served by a random key that only their owner’s records hold' },
  'POST /webhooks/:provider': { exempt: PROVIDER },
  'POST /webhooks/mpesa/:token': { exempt: PROVIDER },
  'POST /webhooks/rails/:provider/:token': { exempt: PROVIDER },
  'PUT /webhooks/rails/:provider/:token': { exempt: PROVIDER },
  'GET /webhooks/rails/:provider/:token': { exempt: PROVIDER },
  'POST /webhooks/flutterwave': { exempt: PROVIDER },
  'POST /webhooks/airtel': { exempt: PROVIDER },
  'POST /webhooks/rails/paynow/:token': { exempt: PROVIDER },
  'POST /webhooks/rails/ozow/:token': { exempt: PROVIDER },
  'POST /webhooks/chapa': { exempt: PROVIDER },
  'GET /invoices/public/:public_id/reminders/stop': { exempt: LINK },
  'POST /invoices/public/:public_id/reminders/stop': { exempt: LINK },
  'GET /dev/mailbox': { exempt: SYSTEM },
  'GET /dev/sms': { exempt: SYSTEM },
  'POST /dev/clock': { exempt: SYSTEM },
} satisfies Record<RouteKey, Case>;

const cases = CASES as Record<string, Case>;
const isExempt = (c: Case): c is { exempt: string } => 'exempt' in c;

async function call(key: string, user: SignedUp, probe: Probe): Promise<LightMyRequestResponse> {
  const { method, path } = splitRouteKey(key);
  const r = (await probe.req?.()) ?? {};
  const url = `/api${fillPath(path, r.params)}${r.query ? `?${r.query}` : ''}`;
  const payload = r.payload as string | object | Buffer | undefined;
  return app.inject({ method, url, headers: { ...user.auth, ...r.headers }, ...(payload !== undefined ? { payload } : {}) });
}

/** Everything of A's the API shows A: each sync collection from the start, and the routes that are not records. */
async function snapshotOfA(): Promise<Record<string, unknown>> {
  const get = async (url: string) => {
    const res = await app.inject({ method: 'GET', url: `/api${url}`, headers: a.auth });
    return [res.statusCode, String(res.headers['content-type']).includes('json') ? res.json() : res.body.length];
  };
  const unknown = await app.inject({ method: 'GET', url: '/api/sync/pull?collection=none', headers: a.auth });
  const collections = (unknown.json().error.fields.collection as string).replace('Use one of: ', '').split(', ');
  const out: Record<string, unknown> = {};
  for (const c of collections) out[c] = await get(`/sync/pull?collection=${c}&since=0&limit=500`);
  for (const url of [
    `/invoices/${A.invoice.id}/reminders`,
    `/invoices/${A.invoice.id}/receipts`,
    `/invoices/${A.invoice.id}/refunds-due`,
    `/invoices/${A.invoice.id}/fiscal`,
    `/recurring-invoices/${A.recurringId}/occurrences`,
    '/recurring-invoices',
    `/stock/items/${A.itemId}/movements`,
    '/stock/levels',
    '/reminders/settings',
    '/subscriptions',
    '/transactions',
    '/ai-writter/history',
    '/ai-writter/credit',
    '/affiliates/me',
    '/fiscal/settings',
    '/fiscal/items',
  ])
    out[url] = await get(url);
  return out;
}

describe('tenancy of every route (issue 22)', () => {
  it('has a case for every route of the map, and exempts only open routes', () => {
    expect(Object.keys(API_ROUTES).filter((key) => !(key in cases))).toEqual([]);
    expect(Object.keys(cases).filter((key) => !(key in API_ROUTES))).toEqual([]);
    const open = new Set<string>(OPEN_ROUTES);
    expect(Object.entries(cases).filter(([key, c]) => isExempt(c) && !open.has(key))).toEqual([]);
  });

  it("gives user B none of user A's records on any route, and changes none of them", async () => {
    for (const id of A.ids) expect(typeof id, 'every id of A was made').toBe('string');
    const before = await snapshotOfA();
    // A's books are all there to be probed: the invoice, its credit note and the quote; the stock movement; the schedule.
    expect((before.invoices as [number, { records: unknown[] }])[1].records.length).toBeGreaterThanOrEqual(3);
    expect((before.stock_movements as [number, { records: unknown[] }])[1].records.length).toBeGreaterThanOrEqual(1);
    expect((before['/recurring-invoices'] as [number, { records: unknown[] }])[1].records).toHaveLength(1);
    const problems: string[] = [];
    // Deleting B's own account goes last: the other cases still need B.
    const order = Object.keys(cases).sort((x, y) => Number(x === 'DELETE /users/delete') - Number(y === 'DELETE /users/delete'));
    for (const key of order) {
      const c = cases[key];
      if (isExempt(c)) continue;
      const res = await call(key, b, c);
      const body = res.body;
      const leaked = [...A.ids, ...aRailPaymentIds].filter((id) => body.includes(id));
      if (leaked.length) problems.push(`${key}: shows A's ${leaked.join(', ')}`);
      const expected = c.status ?? { id: [404], link: [404], admin: [403], list: [200], total: [200], own: [] }[c.kind];
      if (expected.length ? !expected.includes(res.statusCode) : res.statusCode >= 500)
        problems.push(`${key}: ${res.statusCode} ${body.slice(0, 200)} (expected ${expected.join(' or ') || 'no 5xx'})`);
      if (c.kind === 'total') {
        const theirs = await call(key, fresh, c);
        if (theirs.body !== body) problems.push(`${key}: differs from a new account's answer: ${body.slice(0, 300)}`);
      }
      try {
        c.check?.(res);
      } catch (e) {
        problems.push(`${key}: ${(e as Error).message}`);
      }
    }
    expect.soft(problems).toEqual([]);
    expect(await snapshotOfA()).toEqual(before);
  });
});

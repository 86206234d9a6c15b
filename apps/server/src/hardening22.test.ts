import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rowToRecord } from '@duka/core';
import { describe, expect, it } from 'vitest';
import { redactUrl } from './app';
import { configWarnings, loadConfig } from './config';
import { openTestApp, signUp } from './test/harness';
import { postPaystackEvent } from './test/paystack-server';

/** Issue 22 items 8, 11 and 12 against the real app (PGlite, or PostgreSQL with TEST_DATABASE_URL). */
const PAYSTACK_SECRET = 'sk_test_hardening22';
const { app } = await openTestApp({ paystackSecretKey: PAYSTACK_SECRET, paystackApiBase: 'http://127.0.0.1:9' });
const noDocs = await openTestApp({ apiDocs: false });

const paystackWebhook = (payload: object) => postPaystackEvent(app, PAYSTACK_SECRET, payload);

describe('item 6: the CSV preview and the server apply one phone rule', () => {
  it('rows the preview accepts are all applied by the server; the row it flags is refused with the same words', async () => {
    const u = await signUp(app, { country: 'Nigeria' });
    const rows: Array<Record<string, string>> = [
      { name: 'Ada', phone: '0803 123 4567' },
      { name: 'Bayo', phone: '07010000001' },
      { name: 'Wanjiru', phone: '0710000000', country: 'Kenya' },
      { name: 'Chidi', phone: '+234 701 000 0002' },
      { name: 'Efe', phone: '0710000000' },
    ];
    const results = rows.map((r) => rowToRecord('contacts', r, { currency: 'NGN', country: 'Nigeria' }));
    expect(results.map((r) => r.ok)).toEqual([true, true, true, true, false]);
    const mutations = rows.map((r, i) => {
      const result = results[i]!;
      return { mutation_id: crypto.randomUUID(), collection: 'contacts', op: 'upsert', id: crypto.randomUUID(), data: result.ok ? result.data : r };
    });
    const res = await app.inject({ method: 'POST', url: '/api/sync/push', headers: u.auth, payload: { mutations } });
    expect(res.statusCode).toBe(200);
    const answers = res.json().results as Array<{ status: string; error?: { message: string } }>;
    expect(answers.map((a) => a.status)).toEqual(['applied', 'applied', 'applied', 'applied', 'rejected']);
    const flagged = results[4]!;
    expect(answers[4]!.error?.message).toBe(flagged.ok ? '' : (flagged.errors.phone as { message: string }).message);
  });
});

describe('item 8: no 500s', () => {
  it('a report from year 0001 (or 0000) is a 400 that names the field; a usual period still answers', async () => {
    const u = await signUp(app);
    for (const [from, to] of [
      ['0001-01-01', '0001-12-31'],
      ['0000-01-01', '0000-02-01'],
      ['1899-12-31', '1900-03-01'],
      ['9999-01-01', '9999-12-31'],
    ]) {
      const res = await app.inject({ method: 'GET', url: `/api/reports/summary?from=${from}&to=${to}`, headers: u.auth });
      expect([from, res.statusCode]).toEqual([from, 400]);
      expect(res.json().error.message).toMatch(/Use dates/);
    }
    const ok = await app.inject({ method: 'GET', url: '/api/reports/summary?from=1900-01-01&to=1900-12-31', headers: u.auth });
    expect(ok.statusCode).toBe(200);
  });

  it('a signed Paystack event with an amount of 1e308 (or -1, or 1.5) is refused with a 400 and grants nothing', async () => {
    const u = await signUp(app);
    for (const amount of [1e308, -1, 1.5, '1e308']) {
      const res = await paystackWebhook({
        event: 'charge.success',
        data: {
          id: Math.floor(Math.random() * 1e9),
          reference: `ref-${Math.random()}`,
          amount,
          currency: 'NGN',
          metadata: { user_id: u.userId, kind: 'credit_pack', item: 'ng-500' },
        },
      });
      expect([amount, res.statusCode]).toEqual([amount, 400]);
    }
    const history = await app.inject({ method: 'GET', url: '/api/transactions', headers: u.auth });
    expect(history.statusCode).toBe(200);
    expect(history.json().data).toEqual([]);
  });

  it('a signed refund of a payment Duka never took writes nothing in the history', async () => {
    const u = await signUp(app);
    const res = await paystackWebhook({
      event: 'refund.processed',
      data: {
        id: 424242,
        transaction_reference: 'never-paid',
        amount: 99_999_999_900,
        currency: 'NGN',
        metadata: { user_id: u.userId, kind: 'plan', item: 'ng-yearly' },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().ignored).toMatch(/unknown payment/);
    const history = await app.inject({ method: 'GET', url: '/api/transactions', headers: u.auth });
    expect(history.json().data).toEqual([]);
  });

  it('a sync push refuses only the change with a NUL: the others in the batch apply (sync/poison.test.ts has every field)', async () => {
    const u = await signUp(app);
    const bad = { mutation_id: crypto.randomUUID(), collection: 'contacts', op: 'upsert', id: crypto.randomUUID(), data: { name: 'A\u0000' } };
    const good = { mutation_id: crypto.randomUUID(), collection: 'contacts', op: 'upsert', id: crypto.randomUUID(), data: { name: 'Ada' } };
    const res = await app.inject({ method: 'POST', url: '/api/sync/push', headers: u.auth, payload: { mutations: [bad, good] } });
    expect(res.statusCode).toBe(200);
    expect(res.json().results.map((r: { status: string }) => r.status)).toEqual(['rejected', 'applied']);
  });

  it('a NUL or a lone surrogate in test-pay/confirm, reset-password or any JSON body is a 400, never a 500', async () => {
    const u = await signUp(app);
    const card = { card_number: '4242 4242 4242 4242', exp: '12/40', cvc: '123', name: 'Ada' };
    const cases: Array<[string, string, unknown, Record<string, string>?]> = [
      ['POST', '/api/test-pay/confirm', { client_secret: 'pi_1\u0000x', ...card }],
      ['POST', '/api/test-pay/confirm', { client_secret: '\ud800', ...card }],
      ['POST', '/api/users/reset-password', { user: { token: 'abc\u0000def', password: 'a new long password' } }],
      ['POST', '/api/users/reset-password', { user: { token: 'abc\udc00', password: 'a new long password' } }],
      ['PATCH', `/api/users/${u.username}`, { user: { company_name: 'Shop \ud83d' } }, u.auth],
    ];
    for (const [method, url, payload, headers] of cases) {
      const res = await app.inject({ method: method as 'POST' | 'PATCH', url, payload: payload as object, headers });
      expect([url, res.statusCode]).toEqual([url, 400]);
      expect(res.json().error.message).toMatch(/NUL or a broken character/);
    }
    // A whole emoji (a surrogate pair) is fine.
    const fine = await app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: u.auth,
      payload: { mutations: [{ mutation_id: crypto.randomUUID(), collection: 'contacts', op: 'upsert', id: crypto.randomUUID(), data: { name: 'Mama 🍲' } }] },
    });
    expect(fine.statusCode).toBe(200);
    expect(fine.json().results[0].status).toBe('applied');
  });
});

describe('item 11: logs, API docs, proxy', () => {
  it('the request log redacts the M-Pesa callback token and public invoice ids in the path, as well as secret query values', () => {
    expect(redactUrl('/api/webhooks/mpesa/9f2c1d7e-secret-token')).toBe('/api/webhooks/mpesa/[redacted]');
    expect(redactUrl('/api/webhooks/mpesa/tok?x=1')).toBe('/api/webhooks/mpesa/[redacted]?x=1');
    expect(redactUrl('/api/webhooks/rails/momo/Qm9vazEyMzQ1Njc4OTAxMjM0')).toBe('/api/webhooks/rails/momo/[redacted]');
    expect(redactUrl('/api/invoices/public/AbC123xyz')).toBe('/api/invoices/public/[redacted]');
    expect(redactUrl('/api/invoices/link/AbC123xyz/mpesa')).toBe('/api/invoices/link/[redacted]/mpesa');
    expect(redactUrl('/invoice/link/AbC123xyz')).toBe('/invoice/link/[redacted]');
    expect(redactUrl('/api/stripe/client-secrete/AbC123')).toBe('/api/stripe/client-secrete/[redacted]');
    expect(redactUrl('/api/pay/AbC123/checkout')).toBe('/api/pay/[redacted]/checkout');
    expect(redactUrl('/transactions?token=eyJ.x.y&intent=ng-monthly')).toBe('/transactions?token=%5Bredacted%5D&intent=ng-monthly');
    expect(redactUrl('/api/invoices/3f1e?status=paid')).toBe('/api/invoices/3f1e?status=paid');
  });

  it('/api/docs is served only with API_DOCS=on, then never framed and with a CSP', async () => {
    expect(loadConfig({}).apiDocs).toBe(false);
    expect(loadConfig({ API_DOCS: 'on' }).apiDocs).toBe(true);
    for (const url of ['/api/docs', '/api/docs/json', '/api/docs/static/index.html']) {
      expect([url, (await noDocs.app.inject({ method: 'GET', url })).statusCode]).toEqual([url, 404]);
    }
    const page = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(page.headers['x-frame-options']).toBe('DENY');
  });

  it('warns at start when TRUST_PROXY is set and the server listens on every interface', () => {
    expect(configWarnings(loadConfig({ TRUST_PROXY: '1' }))).toEqual([expect.stringMatching(/TRUST_PROXY is set and HOST is 0\.0\.0\.0.*HOST=127\.0\.0\.1/)]);
    expect(configWarnings(loadConfig({ TRUST_PROXY: '1', HOST: '::' }))).toHaveLength(1);
    expect(configWarnings(loadConfig({ TRUST_PROXY: '1', HOST: '127.0.0.1' }))).toEqual([]);
    expect(configWarnings(loadConfig({}))).toEqual([]);
  });
});

describe('item 12: Node versions', () => {
  it('the engines range takes Node 20.19+, 22 and 24 LTS, and nothing older or newer (Vite needs 22.12+ on 22)', () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
    const range = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).engines.node as string;
    const satisfies = (v: string) =>
      range.split('||').some((part) =>
        part
          .trim()
          .split(/\s+/)
          .every((c) => {
            const m = /^(>=|<|\^)?(\d+)(?:\.(\d+))?/.exec(c)!;
            const [maj, min] = v.split('.').map(Number) as [number, number];
            const want = [Number(m[2]), Number(m[3] ?? 0)] as const;
            const cmp = maj - want[0] || min - want[1];
            return m[1] === '>=' ? cmp >= 0 : m[1] === '<' ? cmp < 0 : maj === want[0] && cmp >= 0;
          }),
      );
    expect(['20.19', '22.12', '22.20', '24.0', '24.11'].filter((v) => !satisfies(v))).toEqual([]);
    expect(['18.20', '20.0', '22.0', '25.0'].filter(satisfies)).toEqual([]);
  });
});

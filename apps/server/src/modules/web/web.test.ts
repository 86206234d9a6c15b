import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import { openTestApp, signUp } from '../../test/harness';
import { invoiceBody, withContact } from '../invoices/test-utils';
import { addSecurityHeaders } from './headers';
import { paySummaryHtml } from './payPage';
import { contentSecurityPolicy } from './index';

// A built web app in miniature, with the brotli and gzip copies the build makes.
const webDist = mkdtempSync(path.join(tmpdir(), 'duka-web-'));
const js = `export const answer = ${JSON.stringify('forty-two '.repeat(200))};\n`;
writeFileSync(path.join(webDist, 'index.html'), '<title>app</title>');
writeFileSync(path.join(webDist, 'login.html'), '<title>login</title>');
writeFileSync(path.join(webDist, 'pay.html'), '<title>public</title><div id="root"></div>');
mkdirSync(path.join(webDist, 'assets'));
writeFileSync(path.join(webDist, 'assets', 'main-abc.js'), js);
writeFileSync(path.join(webDist, 'assets', 'main-abc.js.br'), brotliCompressSync(js));
writeFileSync(path.join(webDist, 'assets', 'main-abc.js.gz'), gzipSync(js));
const { app } = await openTestApp({ webDist });

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

function directives(csp: string | undefined): Map<string, string[]> {
  return new Map(
    (csp ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([k, ...v]) => [k, v]),
  );
}

describe('security headers', () => {
  it('every page and file of the app has a CSP with no inline script, no framing, nosniff and a referrer policy', async () => {
    for (const url of ['/', '/login', '/tabs/home', '/invoice/link/AbC_123-xyz', '/thank-you', '/assets/main-abc.js', '/sw.js']) {
      const res = await get(url);
      const csp = directives(res.headers['content-security-policy'] as string);
      expect(csp.get('script-src'), url).toEqual(["'self'", "'wasm-unsafe-eval'"]);
      expect(csp.get('frame-ancestors'), url).toEqual(["'none'"]);
      expect(csp.get('object-src'), url).toContain('blob:');
      expect(csp.get('connect-src'), url).toEqual(["'self'", 'blob:']);
      expect(csp.get('default-src'), url).toEqual(["'self'"]);
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      // Served over plain HTTP here: no HSTS.
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('API answers get nosniff and the referrer policy, not the page CSP', async () => {
    const res = await get('/api/health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['content-security-policy']).toBeUndefined();
  });

  it('sends HSTS only when the request came over HTTPS', async () => {
    const server = Fastify({ trustProxy: true });
    addSecurityHeaders(server, testConfig());
    server.get('/', async () => 'ok');
    const https = await server.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000');
    const http = await server.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'http' } });
    expect(http.headers['strict-transport-security']).toBeUndefined();
    await server.close();
  });

  it('allows Stripe Elements only when Stripe is configured', () => {
    const off = directives(contentSecurityPolicy(testConfig()));
    expect([...off.values()].flat().join(' ')).not.toContain('stripe');
    const on = directives(contentSecurityPolicy(testConfig({ stripeSecretKey: 'sk_test_x', stripeWebhookSecret: 'whsec_x' })));
    expect(on.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'", 'https://js.stripe.com']);
    expect(on.get('frame-src')).toContain('https://js.stripe.com');
    expect(on.get('connect-src')).toContain('https://api.stripe.com');
    expect(on.get('frame-ancestors')).toEqual(["'none'"]);
  });
});

describe('compression', () => {
  it('sends the brotli or gzip file made at build by Accept-Encoding, keeps immutable caching, and varies on it', async () => {
    const br = await get('/assets/main-abc.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(js);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);

    const gz = await get('/assets/main-abc.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(js);

    const plain = await get('/assets/main-abc.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(js);
  });

  it('compresses API answers over 1 KB (a sync pull) and leaves small ones alone', async () => {
    const user = await signUp(app);
    for (let i = 0; i < 12; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/contacts',
        headers: user.auth,
        payload: { name: `Client number ${i} of a long list`, email: `client${i}@example.com` },
      });
      expect(res.statusCode).toBe(201);
    }
    const pull = await get('/api/sync/pull?collection=contacts', { ...user.auth, 'accept-encoding': 'br, gzip' });
    expect(pull.statusCode).toBe(200);
    expect(pull.headers['content-encoding']).toBe('br');
    const records = JSON.parse(brotliDecompressSync(pull.rawPayload).toString()).records;
    expect(records).toHaveLength(12);
    const gz = await get('/api/sync/pull?collection=contacts', { ...user.auth, 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const small = await get('/api/health', { 'accept-encoding': 'br, gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('/login gets the login entry; other app paths index.html; invoice links the public entry', async () => {
    expect((await get('/login')).body).toContain('login');
    expect((await get('/register')).body).toContain('app');
    expect((await get('/invoice/link/abc')).body).toContain('public');
  });
});

describe('the pay page draws the amount due in its HTML', () => {
  it('puts the business, number and total due of the linked invoice into #root, never cached', async () => {
    const user = await signUp(app);
    const { api, contactId } = await withContact(app, user);
    // A draft's link draws nothing of it (t17 A7): the plain page, which says it is not sent yet.
    const draft = await api.post('/invoices', invoiceBody(contactId));
    const plain = await get(`/invoice/link/${draft.body.public_id}`);
    expect(plain.statusCode).toBe(200);
    expect(plain.body).not.toContain(`Invoice ${draft.body.number}`);
    expect(plain.body).not.toContain('Ada Stores');
    const created = await api.post('/invoices', invoiceBody(contactId, { status: 'sent' }));
    expect(created.status).toBe(201);
    const res = await get(`/invoice/link/${created.body.public_id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.link).toBe(`</api/invoices/public/${created.body.public_id}>; rel=preload; as=fetch; crossorigin`);
    expect(res.body).toContain('<div id="root"><main data-first-paint');
    expect(res.body).toContain(`Invoice ${created.body.number}`);
    expect(res.body).toContain('Total due');
    expect(res.body).toContain('₦3,762.50'); // kobo shown: an amount with a fraction keeps its minor units
    expect(res.body).toContain('Ada Stores');
    expect(res.body).toContain('>AS<');
    expect(res.body).not.toMatch(/<script(?![^>]*src=)/);
    expect(directives(res.headers['content-security-policy'] as string).get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('sends the plain page for a link that does not exist', async () => {
    const res = await get('/invoice/link/AAAAAAAAAAAAAAAAAAAAAA');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('<title>public</title><div id="root"></div>');
  });

  it('escapes what the business and client typed', () => {
    const html = paySummaryHtml({
      number: 'INV-<1>',
      currency: 'NGN',
      total_due: 100,
      balance: 100,
      business: { name: '<img src=x onerror=alert(1)>' },
      client: { name: '"Chidi" & <b>' },
    });
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<b>');
    expect(html).toContain('&#60;img src=x onerror=alert(1)&#62;');
    expect(html).toContain('INV-&#60;1&#62;');
  });

  it('a quote’s first paint speaks of a quote, in its language: no Bill to, Due date or Total due (issue 23)', () => {
    const quote = {
      kind: 'quote',
      number: 'QUO-0001',
      currency: 'XAF',
      total_due: 150_000,
      balance: 150_000,
      due_date: '2026-12-20',
      client: { name: 'Jean Mbarga' },
    };
    const en = paySummaryHtml({ ...quote, language: 'en' });
    expect(en).toContain('Quote QUO-0001');
    expect(en).toContain('Prepared for: Jean Mbarga');
    expect(en).toContain('Valid until: 20 Dec 26');
    expect(en).not.toMatch(/Invoice|Bill to|Due date|Total due|Facturé/);
    const fr = paySummaryHtml({ ...quote, language: 'fr' });
    expect(fr).toContain('Devis QUO-0001');
    expect(fr).toContain('Préparé pour: Jean Mbarga');
    expect(fr).toContain('Valable jusqu’au: 20 déc. 26');
    expect(fr).not.toMatch(/Facture|Facturé|Échéance|Total à payer/);
    expect(paySummaryHtml({ ...quote, language: 'sw' })).toContain('Imeandaliwa kwa: Jean Mbarga');
  });
});

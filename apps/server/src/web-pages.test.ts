import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openTestApp } from './test/harness';

// A built web app in miniature: the app page, the public entry and one hashed asset.
const webDist = mkdtempSync(path.join(tmpdir(), 'duka-web-'));
writeFileSync(path.join(webDist, 'index.html'), '<title>app</title>');
writeFileSync(path.join(webDist, 'pay.html'), '<title>public</title>');
mkdirSync(path.join(webDist, 'assets'));
writeFileSync(path.join(webDist, 'assets', 'a-123.js'), 'export {}');
const { app } = await openTestApp({ webDist });

const get = (url: string) => app.inject({ method: 'GET', url });

describe('web pages', () => {
  it('serves the small public entry for invoice links and the thank-you page', async () => {
    for (const url of ['/invoice/link/AbC_123-xyz', '/thank-you', '/thank-you?invoice=AbC']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('public');
    }
  });

  it('serves the app for every other page, deep links included', async () => {
    for (const url of ['/', '/tabs/invoice', '/invoices/123', '/invoice/link', '/invoice/link/a/b']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('app');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets as immutable, and unknown API paths as JSON 404s', async () => {
    const asset = await get('/assets/a-123.js');
    expect(asset.headers['cache-control']).toContain('immutable');
    const api = await get('/api/nope');
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe('not_found');
  });
});

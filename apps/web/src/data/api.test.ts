import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

/** The typed client against a real HTTP server on 127.0.0.1 that answers like the Duka API. */
interface Seen {
  method: string;
  url: string;
  authorization?: string;
  contentType?: string;
  body: string;
}
let server: Server;
let seen: Seen[] = [];
let answer: (req: Seen) => { status: number; body?: unknown; raw?: string; type?: string } = () => ({ status: 200, body: {} });
let client: typeof import('./api');

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = '';
    req.on('data', (c: Buffer) => (data += c.toString()));
    req.on('end', () => resolve(data));
  });

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const s: Seen = {
      method: req.method ?? '',
      url: req.url ?? '',
      authorization: req.headers.authorization,
      contentType: req.headers['content-type'],
      body: await read(req),
    };
    seen.push(s);
    const a = answer(s);
    res.writeHead(a.status, { 'content-type': a.type ?? 'application/json' });
    res.end(a.raw ?? (a.body === undefined ? '' : JSON.stringify(a.body)));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  vi.stubEnv('VITE_API_BASE', `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`);
  vi.resetModules();
  client = await import('./api');
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await new Promise((r) => server.close(r));
});
beforeEach(() => {
  seen = [];
  localStorage.clear();
  localStorage.setItem('token', 'tok-123');
});

describe('typed API client', () => {
  it('fills path parameters, encodes them, sends the JSON body and the token, and returns the answer', async () => {
    answer = () => ({ status: 200, body: { message: 'Sent', to: 'ada@example.com' } });
    const res = await client.api('POST /invoices/:id/receipts/:payment_id/email', {
      params: { id: 'a/b', payment_id: 'c d' },
      body: { to: 'ada@example.com' },
    });
    expect(res.to).toBe('ada@example.com');
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/api/invoices/a%2Fb/receipts/c%20d/email',
      authorization: 'Bearer tok-123',
      contentType: 'application/json',
    });
    expect(JSON.parse(seen[0].body)).toEqual({ to: 'ada@example.com' });
  });

  it('sends no token to the open routes of the map (login, the public invoice)', async () => {
    answer = () => ({ status: 200, body: { user: {}, jwt: 'j' } });
    await client.api('POST /user_token', { body: { auth: { email: 'ada', password: 'pw' } } });
    await client.api('GET /invoices/public/:public_id', { params: { public_id: 'pub' } });
    expect(seen.map((s) => s.authorization)).toEqual([undefined, undefined]);
  });

  it('sends the token to an optional-auth route when there is one', async () => {
    answer = () => ({ status: 200, body: { counted: false } });
    await client.api('POST /affiliates/click', { body: { code: 'ADA', visitor_id: 'visitor-1' } });
    expect(seen[0].authorization).toBe('Bearer tok-123');
  });

  it('writes the query from defined values only', async () => {
    answer = () => ({ status: 200, body: { data: [], next_cursor: null } });
    await client.api('GET /ai-writter/history', { query: { cursor: undefined } });
    await client.api('GET /announcements', { query: { page: 2, per_page: 20 } });
    expect(seen.map((s) => s.url)).toEqual(['/api/ai-writter/history', '/api/announcements?page=2&per_page=20']);
  });

  it('throws an ApiError carrying the server status, code, message and fields on a 4xx', async () => {
    answer = () => ({
      status: 422,
      body: { error: { code: 'validation_failed', message: 'Enter a valid e-mail address', fields: { 'user.email': 'Enter a valid e-mail address' } } },
    });
    const err = await client.api('POST /users/iforgot', { body: { user: { email: 'x' } } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(client.ApiError);
    expect(err).toMatchObject({
      status: 422,
      code: 'validation_failed',
      message: 'Enter a valid e-mail address',
      fields: { 'user.email': 'Enter a valid e-mail address' },
    });
  });

  it('gives a plain message for a failure without an error body, and status 0 when the network fails', async () => {
    answer = () => ({ status: 502, raw: '<html>bad gateway</html>', type: 'text/html' });
    await expect(client.api('GET /state')).rejects.toMatchObject({ status: 502, code: 'http_error', message: 'Request failed (502)' });
    const closed = await new Promise<number>((resolve) => {
      const s = createServer();
      s.listen(0, '127.0.0.1', () => {
        const port = (s.address() as AddressInfo).port;
        s.close(() => resolve(port));
      });
    });
    vi.stubEnv('VITE_API_BASE', `http://127.0.0.1:${closed}/api`);
    vi.resetModules();
    const unreachable = await import('./api');
    vi.stubEnv('VITE_API_BASE', client.API_BASE);
    await expect(unreachable.api('GET /state')).rejects.toMatchObject({ status: 0, code: 'network', message: 'You appear to be offline' });
  });

  it('hands bytes back as a Blob for binary routes', async () => {
    answer = () => ({ status: 200, raw: 'PNGDATA', type: 'image/png' });
    const blob = await client.apiBlob('GET /invoices/logo.png');
    expect(await blob.text()).toBe('PNGDATA');
  });
});

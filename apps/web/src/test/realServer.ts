import { afterAll, vi } from 'vitest';
import { buildApp } from '../../../server/src/app';
import { testConfig } from '../../../server/src/config';

/**
 * The real Duka server (apps/server's Fastify app on an in-memory PGlite database) listening on 127.0.0.1,
 * for device tests that need the server: the web code's fetch of `/api/…` goes to it over HTTP. Between the two
 * sits a network the test controls, the one place faults are made: a request can be answered 500 (a proxy or a
 * server bug), dropped (the connection fails), or the server can be unreachable. Every request is logged.
 * One server per test file (opening the database takes seconds); tests keep apart by signing up their own users.
 * Run under `// @vitest-environment node` (Node's own fetch, FormData and Blob talk to the server).
 */

export interface Call {
  method: string;
  /** The API path after /api, with the query string, e.g. '/sync/pull?collection=contacts&since=0&limit=500'. */
  path: string;
  body?: unknown;
}

export type Fault = 'http500' | 'network' | null;

export interface RealServer {
  origin: string;
  calls: Call[];
  /** Decides the fate of each request before it reaches the server. */
  fault: (call: Call) => Fault;
  /** The server cannot be reached at all (connection refused). */
  down: boolean;
  /** Registers a user through the API; the token signs the device's and `as`'s requests. */
  signUp(): Promise<string>;
  /** A request straight to the server as `token` (another device, or a look at what the server holds). */
  as<T>(token: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }>;
  /** Forgets the logged calls and the faults. */
  reset(): void;
}

export async function startRealServer(): Promise<RealServer> {
  const { app } = await buildApp(testConfig({ databaseUrl: 'memory://', rateLimits: false }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the test server has no port');
  const origin = `http://127.0.0.1:${address.port}`;
  const realFetch = globalThis.fetch;

  const server: RealServer = {
    origin,
    calls: [],
    fault: () => null,
    down: false,
    async signUp() {
      const suffix = crypto.randomUUID().replace(/-/g, '').slice(0, 10);
      const user = {
        name: 'Ada Obi',
        username: `ada_${suffix}`,
        email: `ada.${suffix}@example.com`,
        password: 'correct horse battery',
        company_name: 'Ada Stores',
        country: 'Nigeria',
      };
      const res = await server.as<{ token: string }>('', 'POST', '/users', { user });
      if (res.status !== 201) throw new Error(`sign up failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.token;
    },
    async as<T>(token: string, method: string, path: string, body?: unknown) {
      const res = await realFetch(`${origin}/api${path}`, {
        method,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
    },
    reset() {
      server.calls.length = 0;
      server.fault = () => null;
      server.down = false;
    },
  };

  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(String(input), origin);
      const call: Call = {
        method: init?.method ?? 'GET',
        path: url.pathname.replace(/^\/api/, '') + url.search,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
      };
      server.calls.push(call);
      // A closed port: the same failure a browser sees when the server is not there.
      if (server.down) return realFetch(`http://127.0.0.1:9${url.pathname}${url.search}`, init);
      const fault = server.fault(call);
      if (fault === 'network') throw new TypeError('fetch failed');
      if (fault === 'http500') {
        return new Response(JSON.stringify({ error: { code: 'internal', message: 'Something went wrong on the server' } }), {
          status: 500,
          headers: { 'content-type': 'application/json' },
        });
      }
      return realFetch(`${origin}${url.pathname}${url.search}`, init);
    }),
  );
  afterAll(async () => {
    vi.unstubAllGlobals();
    await app.close();
  });
  return server;
}

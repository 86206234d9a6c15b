// The built Duka server for a bench: a free port, a temporary DATA_DIR, PGlite, production mode, no rate limits.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverNodeFlags } from '../../scripts/server-flags.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** The server bundle to run: DUKA_SERVER_MAIN or apps/server/dist/main.js (exits with a hint when it is not built). */
export function serverMain() {
  const main = path.resolve(process.env.DUKA_SERVER_MAIN ?? path.join(root, 'apps', 'server', 'dist', 'main.js'));
  if (!existsSync(main)) {
    console.error(`no ${main}: run \`node apps/server/build.mjs\` first`);
    process.exit(1);
  }
  return main;
}

/** The environment of a benched server: production, on PGlite in `dataDir`, no rate limits, TEST MODE payments. */
export function benchServerEnv(dataDir, port) {
  return {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    RATE_LIMITS: 'off',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    PAYMENTS_TEST_MODE: 'on',
    DATABASE_URL: '',
  };
}

/**
 * Starts the server (with npm start's node flags, scripts/server-flags.mjs) and waits for /api/health. `base` ends in /api; stop() ends it and removes its data.
 * `env` is added to the server's environment (or a function of the server's origin giving it); `nodeArgs` go to node
 * before the bundle (e.g. --cpu-prof).
 */
export async function startServer({ name = 'bench', env = {}, dataDir, nodeArgs = [] } = {}) {
  const main = serverMain();
  const port = await freePort();
  const dir = dataDir ?? mkdtempSync(path.join(tmpdir(), `duka-bench-${name}-`));
  const origin = `http://127.0.0.1:${port}`;
  const serverEnv = { ...benchServerEnv(dir, port), ...(typeof env === 'function' ? env(origin) : env) };
  const child = spawn(process.execPath, [...serverNodeFlags(serverEnv), ...nodeArgs, main], {
    env: serverEnv,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = () => {
    child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${origin}/api/health`)).ok) break;
    } catch {
      // starting
    }
    if (Date.now() > deadline) {
      stop();
      throw new Error('the server did not start within 120 s');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { origin, base: `${origin}/api`, port, child, dataDir: dir, stop };
}

/** Registers a fresh user (a business in `country`, Nigeria unless told); returns JSON headers with its token. */
export async function signUp(base, { country = 'Nigeria' } = {}) {
  const suffix = randomUUID().slice(0, 8);
  const res = await fetch(`${base}/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      user: {
        name: 'Bench',
        username: `bench_${suffix}`,
        email: `bench.${suffix}@example.com`,
        password: 'correct horse battery',
        company_name: 'Bench',
        country,
      },
    }),
  });
  if (res.status !== 201) throw new Error(`sign up answered ${res.status}: ${await res.text()}`);
  return { authorization: `Bearer ${(await res.json()).token}`, 'content-type': 'application/json' };
}

/**
 * Creates a client and a one-line invoice of 123,456.00 (in `currency`) for the signed-in `headers`;
 * returns the invoice and its public link.
 */
export async function createInvoiceLink(server, headers, { currency = 'NGN', description = 'Rice, 50 kg bag' } = {}) {
  const contactRes = await fetch(`${server.base}/contacts`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: 'Chidi Okafor', email: 'chidi@example.com' }),
  });
  if (!contactRes.ok) throw new Error(`creating the client answered ${contactRes.status}: ${await contactRes.text()}`);
  const contact = await contactRes.json();
  const created = await fetch(`${server.base}/invoices`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      contact_id: contact.id,
      issue_date: '2026-11-22',
      currency,
      lines: [{ id: randomUUID(), description, quantity: 1, unit_price: 12_345_600, fee_ids: [] }],
      fees: [],
      fee_ids: [],
    }),
  });
  if (!created.ok) throw new Error(`creating the invoice answered ${created.status}: ${await created.text()}`);
  const draft = await created.json();
  // Sent, as a customer gets it: a draft's link only says it has not been sent yet.
  const sent = await fetch(`${server.base}/invoices/${draft.id}/send`, { method: 'POST', headers: { authorization: headers.authorization } });
  if (!sent.ok) throw new Error(`sending the invoice answered ${sent.status}: ${await sent.text()}`);
  const invoice = await sent.json();
  return { invoice, url: `${server.origin}/invoice/link/${invoice.public_id}` };
}

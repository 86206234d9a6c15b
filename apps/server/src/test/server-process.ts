import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll } from 'vitest';

/** Real server processes for tests that need more than app.inject (a SIGKILL, two processes on one database). */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** Bundles src/main.ts for this test file (inside apps/server, so it finds drizzle/ and node_modules). Returns its path and a cleanup. */
export async function bundleServer(name: string): Promise<{ file: string; remove: () => void }> {
  const file = path.join(serverDir, 'node_modules/.cache', `duka-${name}`, `main-${process.pid}-${randomUUID().slice(0, 8)}.js`);
  await build({
    entryPoints: [path.join(serverDir, 'src/main.ts')],
    outfile: file,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    // Workspace packages ship TypeScript: bundle every packages/<name> as @duka/<name>.
    alias: Object.fromEntries(
      readdirSync(path.join(serverDir, '../../packages'))
        .filter((pkg) => existsSync(path.join(serverDir, '../../packages', pkg, 'src/index.ts')))
        .map((pkg) => [`@duka/${pkg}`, path.join(serverDir, '../../packages', pkg, 'src/index.ts')]),
    ),
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
    logLevel: 'warning',
  });
  return { file, remove: () => rmSync(file, { force: true }) };
}

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  /** SIGKILL (no clean shutdown) and wait for the exit. */
  kill(): Promise<void>;
}

/** Starts a bundled server and waits until /api/health answers. */
export async function startServerProcess(bundle: string, env: Record<string, string>, port?: number): Promise<ServerProcess> {
  const p = port ?? (await freePort());
  const child = spawn(process.execPath, [bundle], {
    env: { ...process.env, PORT: String(p), HOST: '127.0.0.1', RATE_LIMITS: 'off', LOG_LEVEL: 'warn', NODE_ENV: 'test', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${p}/api`;
  const kill = async () => {
    if (child.exitCode !== null || child.signalCode) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  };
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/health`)).ok) return { child, base, kill };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await kill();
  throw new Error('server did not start');
}

/**
 * Two bundled server processes on one PostgreSQL (TEST_DATABASE_URL), each with its own DATA_DIR, started before
 * the file's tests and killed after. Without TEST_DATABASE_URL nothing starts (the tests skip: PGlite is one
 * process per data directory by design). `bases` holds the two API addresses once started.
 */
export function twoServerProcesses(name: string, env: Record<string, string> = {}): { url: string | undefined; bases: string[] } {
  const url = process.env.TEST_DATABASE_URL;
  const bases: string[] = [];
  const dirs: string[] = [];
  const servers: ServerProcess[] = [];
  let bundle: Awaited<ReturnType<typeof bundleServer>> | undefined;
  beforeAll(async () => {
    if (!url) return;
    bundle = await bundleServer(name);
    for (let i = 0; i < 2; i++) {
      const dir = mkdtempSync(path.join(tmpdir(), `duka-${name}-`));
      dirs.push(dir);
      const server = await startServerProcess(bundle.file, { DATABASE_URL: url, DATA_DIR: dir, JWT_SECRET: 'two-process-secret-two-process-secret', ...env });
      servers.push(server);
      bases.push(server.base);
    }
  }, 150_000);
  afterAll(async () => {
    for (const s of servers) await s.kill();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
    bundle?.remove();
  });
  return { url, bases };
}

/** A JSON request to a server process: POST when there is a body, the token as a Bearer header. */
export async function call<T>(base: string, p: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<{ status: number; body: T }> {
  const res = await fetch(`${base}${p}`, {
    method: init.method ?? (init.body ? 'POST' : 'GET'),
    headers: { ...(init.body ? { 'content-type': 'application/json' } : {}), ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as T };
}

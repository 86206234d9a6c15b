import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The repository's root (the built product is apps/server/dist and apps/web/dist below it). */
export const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** A port free on 127.0.0.1 now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/** Starts the built server with `env`; resolves once `base`/api/health answers (within `ms`). */
export async function spawnProduct(env: NodeJS.ProcessEnv, base: string, ms: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(ROOT, 'apps/server/dist/main.js')], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return child;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      await stopProduct(child);
      throw new Error(`the product did not start within ${ms / 1000} s`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Stops a product started by spawnProduct (SIGTERM), once it has exited. */
export async function stopProduct(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

export interface OwnProduct {
  base: string;
  /** Stops it and removes its data directory. */
  close: () => Promise<void>;
}

/**
 * The built product started once more for one spec whose settings differ from the shared e2e product's (rate limits
 * on, a provider's keys): its own port (`port`, else a free one) and data directory, embedded database, dev mailbox,
 * no background jobs; `env` adds to or overrides that.
 */
export async function startOwnProduct(name: string, env: Record<string, string>, port?: number): Promise<OwnProduct> {
  const p = port ?? (await freePort());
  const base = `http://127.0.0.1:${p}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), `duka-e2e-${name}-`));
  let child: ChildProcess | undefined;
  const close = async () => {
    await stopProduct(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    child = await spawnProduct(
      {
        ...process.env,
        PORT: String(p),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_URL: base,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        RATE_LIMITS: 'off',
        DEV_MAILBOX: 'on',
        JOBS: 'off',
        ...env,
      },
      base,
      90_000,
    );
  } catch (err) {
    await close();
    throw err;
  }
  return { base, close };
}

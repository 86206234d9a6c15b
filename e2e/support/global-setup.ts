import { type ChildProcess, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { type DarajaServer, startDarajaServer } from '../../apps/server/src/test/daraja-server';
import { type FlutterwaveServer, startFlutterwaveServer } from '../../apps/server/src/test/flutterwave-server';
import { E2E_ADMIN } from './admin';
import { freePort, ROOT, spawnProduct, stopProduct } from './product';
import { E2E_WORKERS } from './workers';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One product per e2e worker (E2E_WORKERS): a spec file talks to its worker's (browser.ts baseUrl()). */
    baseUrls: string[];
    dataDirs: string[];
  }
}

interface Product {
  child?: ChildProcess;
  dataDir: string;
  flutterwave: FlutterwaveServer;
}
const products: Product[] = [];
let daraja: DarajaServer | undefined;
/**
 * Flutterwave settings (issue 25): a local server speaking Flutterwave v3, with its own hosted checkout page (Pay /
 * Cancel) and mobile-money charges approved by themselves after 1.5 s. A live key's form (not FLWSECK_TEST…): its
 * payments are money, as a live account's are.
 */
const FLUTTERWAVE = { secretKey: 'FLWSECK-e2e-local-0123456789', webhookHash: 'e2e-flutterwave-webhook-hash-0123' };
/** M-Pesa settings of the product under test: a local server speaking Daraja, which accepts every prompt after 1.5 s. */
const MPESA = { consumerKey: 'e2e_ck', consumerSecret: 'e2e_cs', shortcode: '174379', passkey: 'e2e_passkey' };

/**
 * Starts the built product (apps/server/dist + apps/web/dist) once per e2e worker, each on a random port with a fresh
 * DATA_DIR and its own Flutterwave (whose webhooks go to that product): spec files run two at a time on CI's two
 * cores, and no file ever shares a product with a file running at the same time (announcements, the dev clock and the
 * admin's lists are a product's own).
 */
export async function setup(project: TestProject) {
  daraja = await startDarajaServer(MPESA);
  daraja.autoResultCode = 0;
  daraja.autoDelayMs = 1500;
  const started = await Promise.all(Array.from({ length: E2E_WORKERS }, () => startOne(daraja!)));
  project.provide(
    'baseUrls',
    started.map((p) => p.baseUrl),
  );
  project.provide(
    'dataDirs',
    started.map((p) => p.dataDir),
  );
}

async function startOne(darajaServer: DarajaServer): Promise<{ baseUrl: string; dataDir: string }> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'duka-e2e-'));
  const flutterwave = await startFlutterwaveServer({
    ...FLUTTERWAVE,
    webhookUrl: () => `http://127.0.0.1:${port}/api/webhooks/flutterwave`,
    autoCompleteMs: 1500,
  });
  const product: Product = { dataDir, flutterwave };
  products.push(product);
  const mpesaEnv = {
    MPESA_CONSUMER_KEY: MPESA.consumerKey,
    MPESA_CONSUMER_SECRET: MPESA.consumerSecret,
    MPESA_SHORTCODE: MPESA.shortcode,
    MPESA_PASSKEY: MPESA.passkey,
    MPESA_API_BASE: darajaServer.base,
    FLUTTERWAVE_SECRET_KEY: FLUTTERWAVE.secretKey,
    FLUTTERWAVE_WEBHOOK_HASH: FLUTTERWAVE.webhookHash,
    FLUTTERWAVE_API_BASE: flutterwave.base,
  };
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    RATE_LIMITS: 'off',
    DEV_MAILBOX: 'on',
    JOBS: 'on',
    // The fiscal spec's business connects its own eTIMS device on a local OSCU server (127.0.0.1): the operator's switch.
    ETIMS_ALLOW_PRIVATE_ADDRESSES: 'true',
    ...mpesaEnv,
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  const start = async () => {
    product.child = await spawnProduct(env, baseUrl, 60_000);
  };
  await start();
  // The administrator: registered, then (the embedded database is one process: server stopped) granted by the operator's command.
  const res = await fetch(`${baseUrl}/api/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user: { name: 'Duka Admin', company_name: 'Duka', country: 'Kenya', language: 'en', ...E2E_ADMIN } }),
  });
  if (res.status !== 201) throw new Error(`the e2e admin could not register: ${res.status} ${await res.text()}`);
  await stopProduct(product.child);
  execFileSync(process.execPath, [path.join(ROOT, 'apps/server/dist/admin.js'), 'grant', E2E_ADMIN.username], { env, stdio: 'inherit' });
  await start();
  return { baseUrl, dataDir };
}

export async function teardown() {
  for (const p of products) {
    await stopProduct(p.child);
    await p.flutterwave.close();
  }
  await daraja?.close();
  await new Promise((r) => setTimeout(r, 300));
  for (const p of products) rmSync(p.dataDir, { recursive: true, force: true });
}

import { type ChildProcess, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { type DarajaServer, startDarajaServer } from '../../apps/server/src/test/daraja-server';
import { type FlutterwaveServer, startFlutterwaveServer } from '../../apps/server/src/test/flutterwave-server';
import { E2E_ADMIN } from './admin';
import { freePort, ROOT, spawnProduct, stopProduct } from './product';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}

let child: ChildProcess | undefined;
let dataDir = '';
let daraja: DarajaServer | undefined;
let flutterwave: FlutterwaveServer | undefined;
/**
 * Flutterwave settings (issue 25): a local server speaking Flutterwave v3, with its own hosted checkout page (Pay /
 * Cancel) and mobile-money charges approved by themselves after 1.5 s. A live key's form (not FLWSECK_TEST…): its
 * payments are money, as a live account's are.
 */
const FLUTTERWAVE = { secretKey: 'FLWSECK-e2e-local-0123456789', webhookHash: 'e2e-flutterwave-webhook-hash-0123' };
/** M-Pesa settings of the product under test: a local server speaking Daraja, which accepts every prompt after 1.5 s. */
const MPESA = { consumerKey: 'e2e_ck', consumerSecret: 'e2e_cs', shortcode: '174379', passkey: 'e2e_passkey' };

/** Starts the built product (apps/server/dist + apps/web/dist) once, on a random port with a fresh DATA_DIR. */
export async function setup(project: TestProject) {
  const port = await freePort();
  dataDir = mkdtempSync(path.join(tmpdir(), 'duka-e2e-'));
  daraja = await startDarajaServer(MPESA);
  daraja.autoResultCode = 0;
  daraja.autoDelayMs = 1500;
  flutterwave = await startFlutterwaveServer({ ...FLUTTERWAVE, webhookUrl: () => `http://127.0.0.1:${port}/api/webhooks/flutterwave`, autoCompleteMs: 1500 });
  const mpesaEnv = {
    MPESA_CONSUMER_KEY: MPESA.consumerKey,
    MPESA_CONSUMER_SECRET: MPESA.consumerSecret,
    MPESA_SHORTCODE: MPESA.shortcode,
    MPESA_PASSKEY: MPESA.passkey,
    MPESA_API_BASE: daraja.base,
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
    child = await spawnProduct(env, baseUrl, 60_000);
  };
  // The administrator: registered, then (the embedded database is one process: server stopped) granted by the operator's command.
  await start();
  const res = await fetch(`${baseUrl}/api/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user: { name: 'Duka Admin', company_name: 'Duka', country: 'Kenya', language: 'en', ...E2E_ADMIN } }),
  });
  if (res.status !== 201) throw new Error(`the e2e admin could not register: ${res.status} ${await res.text()}`);
  await stopServer();
  execFileSync(process.execPath, [path.join(ROOT, 'apps/server/dist/admin.js'), 'grant', E2E_ADMIN.username], { env, stdio: 'inherit' });
  await start();
  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);
}

async function stopServer() {
  await stopProduct(child);
}

export async function teardown() {
  await stopServer();
  await daraja?.close();
  await flutterwave?.close();
  await new Promise((r) => setTimeout(r, 300));
  rmSync(dataDir, { recursive: true, force: true });
}

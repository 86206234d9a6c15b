// Plans and AI credit: webhook handling latency on PGlite (target p95 < 20 ms), against the built server
// (apps/server/dist/main.js) with the built-in test provider. Events are signed here exactly as the test
// provider signs them (HMAC-SHA256 `t=…,v1=…` with the secret derived from JWT_SECRET) and posted to
// POST /api/webhooks/test-pay: first payments of checkouts (activate + 200 credits), renewals (credit +
// period), credit packs, and replays of already-applied events (answered as duplicates).
// Latency is the client's round trip on 127.0.0.1 (HTTP + signature check + the one database transaction).
// Writes bench/results/billing.json.
import { createHash, createHmac, randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { signUp, startServer } from './lib/server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const USERS = Number(process.env.BENCH_BILLING_USERS ?? 20);
const RENEWALS = Number(process.env.BENCH_BILLING_RENEWALS ?? 10);
const JWT_SECRET = `bench-${randomUUID()}`;
const secret = createHash('sha256').update(`${JWT_SECRET}:test-pay-webhook`).digest('base64url');

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const r2 = (x) => Math.round(x * 100) / 100;
const stats = (xs) => ({ n: xs.length, p50_ms: r2(pct(xs, 50)), p95_ms: r2(pct(xs, 95)), max_ms: r2(Math.max(...xs)) });

const serverMs = [];
const cpuMs = [];
const server = await startServer({ name: 'billing', env: { JWT_SECRET, PAYMENTS_TEST_MODE: 'on' } });
try {
  const send = async (event) => {
    const body = JSON.stringify(event);
    const t = Math.floor(Date.now() / 1000);
    const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
    const started = performance.now();
    const res = await fetch(`${server.base}/webhooks/test-pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'test-pay-signature': `t=${t},v1=${v1}` },
      body,
    });
    const json = await res.json();
    const ms = performance.now() - started;
    if (res.status !== 200) throw new Error(`webhook answered ${res.status}: ${JSON.stringify(json)}`);
    const handled = Number(/apply;dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1] ?? NaN);
    serverMs.push(handled);
    cpuMs.push(Number(/cpu;dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1] ?? NaN));
    return { ms, json };
  };
  const event = (type, object) => ({ id: `evt_bench_${randomUUID()}`, type, created: Math.floor(Date.now() / 1000), data: { object } });

  // The first user warms up (JIT, caches) and is left out of the figures.
  const first = [];
  const renewals = [];
  const packs = [];
  const replays = [];
  const applied = [];
  for (let u = 0; u < USERS; u++) {
    const headers = await signUp(server.base);
    const userId = JSON.parse(Buffer.from(headers.authorization.split('.')[1], 'base64url').toString()).sub;
    const start = async (transaction) => {
      const res = await fetch(`${server.base}/transactions`, { method: 'POST', headers, body: JSON.stringify({ transaction }) });
      if (res.status !== 200) throw new Error(`checkout answered ${res.status}: ${await res.text()}`);
      return (await res.json()).reference;
    };
    const planRef = await start({ intent: 'ng-monthly' });
    const sub = `sub_bench_${u}`;
    const base = { user_id: userId, currency: 'NGN', customer_id: `cus_bench_${u}`, period_end: null };
    const paid = event('billing.paid', { ...base, reference: planRef, kind: 'plan', item: 'ng-monthly', amount: 200000, subscription_id: sub });
    const r = await send(paid);
    if (u > 0) first.push(r.ms);
    applied.push(paid);
    for (let i = 0; i < RENEWALS; i++) {
      const renewal = event('billing.paid', { ...base, reference: null, kind: 'plan', item: 'ng-monthly', amount: 200000, subscription_id: sub });
      const x = await send(renewal);
      if (u > 0) renewals.push(x.ms);
      applied.push(renewal);
    }
    const packRef = await start({ credit_pack: 'credits-100' });
    const pack = event('billing.paid', { ...base, reference: packRef, kind: 'credit_pack', item: 'credits-100', amount: 150000, subscription_id: null });
    const p = await send(pack);
    if (u > 0) packs.push(p.ms);
    const credit = (await (await fetch(`${server.base}/ai-writter/credit`, { headers })).json()).credit;
    const expected = 50 + 200 * (1 + RENEWALS) + 100;
    if (credit !== expected) throw new Error(`user ${u}: credit ${credit}, expected ${expected}`);
  }
  for (const e of applied.slice(0, 100)) {
    const x = await send(e);
    if (!x.json.duplicate) throw new Error('a replay was applied again');
    replays.push(x.ms);
  }
  const all = [...first, ...renewals, ...packs, ...replays];
  const result = {
    measured_at: new Date().toISOString(),
    database: 'PGlite',
    users: USERS,
    // Time in the handler (signature check, parsing, the transaction), from its Server-Timing header.
    webhook_handling_server: stats(serverMs.slice(RENEWALS + 2)),
    // CPU time of the server process inside the handler: what the handling costs when the machine is not
    // shared (wall figures above include waiting for a CPU on a loaded machine).
    webhook_handling_cpu: stats(cpuMs.slice(RENEWALS + 2)),
    // Round trip seen by the sender on 127.0.0.1.
    webhook_all: stats(all),
    webhook_first_payment: stats(first),
    webhook_renewal: stats(renewals),
    webhook_credit_pack: stats(packs),
    webhook_replay: stats(replays),
    target_p95_ms: 20,
    within_target: pct(serverMs.slice(RENEWALS + 2), 95) < 20,
    within_target_cpu: pct(cpuMs.slice(RENEWALS + 2), 95) < 20,
    // The machine's load while measuring (a shared machine inflates every figure).
    load_average_1m: Math.round(os.loadavg()[0] * 100) / 100,
    cpus: os.cpus().length,
  };
  mkdirSync(path.join(here, 'results'), { recursive: true });
  writeFileSync(path.join(here, 'results', 'billing.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log(JSON.stringify(result, null, 2));
} finally {
  server.stop();
}

// Invoices: (1) PDF of a 50-line invoice made in Node with @duka/pdf (the web app measures the same in
// Chromium), (2) server create-invoice throughput and latency against the built server
// (apps/server/dist/main.js) on PGlite in a temp DATA_DIR, (3) PDF served by the API. Writes
// bench/results/invoices.json.
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { signUp, startServer } from './lib/server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const results = {};
/** CPU time (ms) the server process used so far, from /proc (Linux); null elsewhere. */
const cpuMs = (pid) => {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
  } catch {
    return null;
  }
};
const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return Number(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))].toFixed(1));
};

// ---- 1. PDF in Node: bundle @duka/pdf (TypeScript source) to a temp module and time it.
const tmp = mkdtempSync(path.join(tmpdir(), 'duka-bench-invoices-'));
const bundle = path.join(tmp, 'pdf.mjs');
await build({
  stdin: { contents: "export { buildInvoicePdf } from '@duka/pdf';", resolveDir: root, loader: 'ts' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  outfile: bundle,
  logLevel: 'warning',
  alias: { '@duka/pdf': path.join(root, 'packages/pdf/src/index.ts'), '@duka/core': path.join(root, 'packages/core/src/index.ts') },
});
const { buildInvoicePdf } = await import(pathToFileURL(bundle).href);
const vat = { id: 'vat', name: 'VAT', kind: 'tax', calculation: 'percentage', percentage_bps: 750, amount: 0, inclusive: false };
const lines = Array.from({ length: 50 }, (_, i) => ({
  id: `l${i}`,
  description: `Item ${i + 1}: rice, beans and palm oil, bag of 50 kg`,
  quantity: (i % 4) + 1,
  unit_price: 150_000 + i * 1_000,
  fee_ids: [],
}));
const invoice = {
  kind: 'invoice',
  number: 'INV-0050',
  status: 'sent',
  issue_date: '2026-11-22',
  due_date: '2026-12-06',
  currency: 'NGN',
  lines,
  fees: [vat],
  fee_ids: ['vat'],
  discount: null,
  payments: [],
  notes: 'Thank you for your business.',
  terms: 'Payment within 14 days.',
  payment_instructions: 'GTBank 0123456789 (Ada Stores)\nMobile money 0803 000 0000',
};
const opts = {
  business: { name: 'Ada Stores', email: 'ada@example.com' },
  client: { name: 'Chidi Okafor', email: 'chidi@example.com', address: '5 Allen Avenue\nIkeja, Nigeria' },
  payLink: 'https://duka.example/invoice/link/AbCdEfGhIjKlMnOpQrStUv',
};
const first = performance.now();
const bytes = await buildInvoicePdf(invoice, opts);
const coldMs = performance.now() - first;
const times = [];
for (let i = 0; i < 20; i++) {
  const t = performance.now();
  await buildInvoicePdf(invoice, opts);
  times.push(performance.now() - t);
}
results.pdf_node_50_lines = { cold_ms: Number(coldMs.toFixed(1)), p50_ms: pct(times, 50), p95_ms: pct(times, 95), bytes: bytes.length, target_ms: 1000 };
console.log('PDF (Node, 50 lines):', results.pdf_node_50_lines);

// ---- 2. Server: create-invoice throughput.
const { base, child } = await startServer({ name: 'invoices', dataDir: path.join(tmp, 'data') });
let failed = false;
try {
  const headers = await signUp(base);
  const contact = await (
    await fetch(`${base}/contacts`, { method: 'POST', headers, body: JSON.stringify({ name: 'Chidi Okafor', email: 'chidi@example.com' }) })
  ).json();
  const body = (n) =>
    JSON.stringify({
      contact_id: contact.id,
      issue_date: '2026-11-22',
      currency: 'NGN',
      lines: Array.from({ length: 5 }, (_, i) => ({ id: randomUUID(), description: `Item ${n}.${i}`, quantity: i + 1, unit_price: 10_000 + i, fee_ids: [] })),
      fees: [vat],
      fee_ids: ['vat'],
    });

  const N = Number(process.env.BENCH_INVOICES ?? 1000);
  const CONCURRENCY = 8;
  const latencies = [];
  let next = 0;
  const cpuBefore = cpuMs(child.pid);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < N) {
        const n = next++;
        const t = performance.now();
        const res = await fetch(`${base}/invoices`, { method: 'POST', headers, body: body(n) });
        if (res.status !== 201) throw new Error(`create answered ${res.status}: ${await res.text()}`);
        await res.arrayBuffer();
        latencies.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpuAfter = cpuMs(child.pid);
  results.server_create_invoice = {
    invoices: N,
    concurrency: CONCURRENCY,
    per_second: Number((N / seconds).toFixed(1)),
    p50_ms: pct(latencies, 50),
    p95_ms: pct(latencies, 95),
    total_s: Number(seconds.toFixed(2)),
    server_cpu_ms_per_invoice: cpuBefore !== null && cpuAfter !== null ? Number(((cpuAfter - cpuBefore) / N).toFixed(2)) : null,
  };
  console.log('Server create invoice:', results.server_create_invoice);

  const list = await (await fetch(`${base}/invoices?limit=1`, { headers })).json();
  const id = list.records[0].id;
  const pdfTimes = [];
  for (let i = 0; i < 10; i++) {
    const t = performance.now();
    const res = await fetch(`${base}/invoices/${id}/pdf`, { headers });
    if (res.status !== 200) throw new Error(`pdf answered ${res.status}`);
    await res.arrayBuffer();
    pdfTimes.push(performance.now() - t);
  }
  results.server_pdf_5_lines = { p50_ms: pct(pdfTimes, 50), p95_ms: pct(pdfTimes, 95) };
  console.log('Server PDF:', results.server_pdf_5_lines);
} catch (err) {
  failed = true;
  console.error(err);
} finally {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  rmSync(tmp, { recursive: true, force: true });
}

results.load_average_1m = Number(loadavg()[0].toFixed(1));
results.cores = cpus().length;
results.engine = 'PGlite on disk (default), one process';
mkdirSync(path.join(here, 'results'), { recursive: true });
writeFileSync(path.join(here, 'results', 'invoices.json'), JSON.stringify(results, null, 2));
if (failed) process.exit(1);

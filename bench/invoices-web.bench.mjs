// Invoices on the device, in Chromium against the built product (issue 5 figures):
// - the PDF made on the device for a 50-line invoice (target < 1 s),
// - the invoice list with 5,000 invoices: first render, and filter per keystroke (target < 200 ms),
// - the public invoice page's JS, gzipped (target ≤ 120 KB), from the Vite manifest.
// Needs `node scripts/build.mjs` first. Writes bench/results/invoices-web.json.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startServer } from './lib/server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const dist = path.join(root, 'apps', 'web', 'dist');
const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const round = (x) => Math.round(x * 10) / 10;

// ---- 1. public page JS from the manifest ----
function publicPageJs() {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
  const gz = (f) => gzipSync(readFileSync(path.join(dist, f)), { level: 9 }).length;
  const closure = (key, seen = new Set()) => {
    const c = manifest[key];
    if (!c || seen.has(c.file)) return seen;
    if (c.file.endsWith('.js')) seen.add(c.file);
    for (const i of c.imports ?? []) closure(i, seen);
    return seen;
  };
  const keyOf = (suffix) => Object.keys(manifest).find((k) => k.endsWith(suffix));
  // The server sends the public entry (pay.html) for invoice links; the card form loads when the client pays.
  const open = closure('pay.html');
  const pay = new Set([
    ...open,
    ...closure(keyOf('features/invoices/components/CardPaymentModal.tsx')),
    ...closure(keyOf('features/invoices/components/TestCardForm.tsx')),
  ]);
  const sum = (s) => [...s].reduce((n, f) => n + gz(f), 0);
  return {
    public_page_js_gzip_kb: kb(sum(open)),
    public_page_with_card_form_js_gzip_kb: kb(sum(pay)),
    public_page_budget_kb: 120,
    public_page_files: [...open],
  };
}

// ---- 2. the product in Chromium ----
async function post(base, p, body) {
  const res = await fetch(`${base}/api${p}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${p} → ${res.status} ${await res.text()}`);
  return res.json();
}

/** Writes records straight into the app's IndexedDB (the list reads the device database). */
async function seed(page, invoices, contacts) {
  await page.evaluate(
    ([inv, con]) =>
      new Promise((resolve, reject) => {
        const req = indexedDB.open('duka');
        req.onsuccess = () => {
          const tx = req.result.transaction(['invoices', 'contacts'], 'readwrite');
          for (const c of con) tx.objectStore('contacts').put(c);
          for (const i of inv) tx.objectStore('invoices').put(i);
          tx.oncomplete = () => resolve(true);
          tx.onerror = () => reject(tx.error);
        };
        req.onerror = () => reject(req.error);
      }),
    [invoices, contacts],
  );
}

function makeInvoice(n, contactId, lines = 2) {
  const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  const ls = Array.from({ length: lines }, (_, i) => ({
    id: `10000000-0000-4000-8000-${String(n * 100 + i).padStart(12, '0')}`,
    catalog_id: null,
    description: `Item ${i + 1} — bag of rice, 50 kg`,
    quantity: 1 + (i % 3) * 0.5,
    unit_price: 150_000 + i * 1_250,
    fee_ids: [],
  }));
  const total = ls.reduce((s, l) => s + Math.round(l.quantity * l.unit_price), 0);
  const vat = Math.round(total * 0.16);
  const paid = n % 4 === 0 ? total + vat : 0;
  const day = String((n % 28) + 1).padStart(2, '0');
  return {
    id,
    kind: 'invoice',
    number: `INV-${String(n).padStart(4, '0')}`,
    contact_id: contactId,
    issue_date: `2026-10-${day}`,
    due_date: `2026-11-${day}`,
    currency: 'KES',
    lines: ls,
    fees: [{ id: 'vat', name: 'VAT', kind: 'tax', calculation: 'percentage', percentage_bps: 1600, amount: 0, inclusive: false }],
    fee_ids: ['vat'],
    discount: null,
    notes: 'Thank you for your business.',
    terms: 'Payment within 14 days.',
    payment_instructions: 'M-Pesa till 123456',
    public_id: `pub${n}`,
    status: paid ? 'paid' : 'sent',
    sent_at: '2026-10-01T00:00:00Z',
    voided_at: null,
    converted_invoice_id: null,
    quote_id: null,
    notice: null,
    payments: paid
      ? [{ id: `20000000-0000-4000-8000-${String(n).padStart(12, '0')}`, amount: total + vat, method: 'cash', date: '2026-11-02', reference: '' }]
      : [],
    subtotal: total,
    discount_total: 0,
    tax_total: vat,
    total_due: total + vat,
    amount_paid: paid,
    balance: total + vat - paid,
    created_at: '2026-10-01T00:00:00Z',
    updated_at: '2026-10-01T00:00:00Z',
    version: 1,
  };
}

async function inBrowser() {
  const started = await startServer({ name: 'inv' });
  const server = { base: started.origin, stop: started.stop };
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const u = `bench_${Date.now().toString(36)}`;
    await post(server.base, '/users', {
      user: {
        name: 'Bench Owner',
        username: u,
        email: `${u}@example.com`,
        password: 'bench-pass-123',
        company_name: 'Bench Traders',
        country: 'Kenya',
        language: 'en',
      },
    });
    const { user, jwt } = await post(server.base, '/user_token', { auth: { email: u, password: 'bench-pass-123' } });
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: server.base });
    await context.addInitScript(
      ([t, us]) => {
        localStorage.setItem('token', t);
        localStorage.setItem('user', us);
        localStorage.setItem('welcome', 'true');
      },
      [jwt, JSON.stringify(user)],
    );
    const page = await context.newPage();
    await page.goto('/tabs/invoice');
    await page.getByRole('heading', { name: 'Invoices', exact: true }).waitFor();

    const contacts = Array.from({ length: 200 }, (_, i) => ({
      id: `30000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      name: `${['Ade', 'Bola', 'Chidi', 'Dayo', 'Esi'][i % 5]} Stores ${i}`,
      permalink: `c${i}`,
      email: '',
      phone: '',
      created_at: '2026-10-01T00:00:00Z',
      updated_at: '2026-10-01T00:00:00Z',
      version: 1,
    }));
    const invoices = Array.from({ length: 5000 }, (_, i) => makeInvoice(i + 1, contacts[i % 200].id));
    const big = makeInvoice(9999, contacts[0].id, 50);
    await seed(page, [...invoices, big], contacts);

    // PDF of a 50-line invoice, made on the device (includes loading the PDF code the first time).
    const pdfMs = [];
    for (let i = 0; i < 4; i++) {
      await page.goto(`/invoices/${big.id}`);
      const el = page.getByTestId('pdf-preview');
      await el.waitFor({ timeout: 60_000 });
      pdfMs.push(Number(await el.getAttribute('data-ms')));
    }

    // The list of 5,000: time to first rows, then filtering per keystroke.
    const renderMs = [];
    for (let i = 0; i < 3; i++) {
      const t0 = Date.now();
      await page.goto('/tabs/invoice');
      await page.getByTestId('invoice-row').first().waitFor({ timeout: 60_000 });
      renderMs.push(Date.now() - t0);
    }
    const keystrokes = await page.evaluate(async () => {
      const input = document.querySelector('input[type="search"]');
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
      const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      const times = [];
      for (const text of ['a', 'ad', 'ade', 'ade ', 'ade s', 'ade st', 'ade sto', 'ade st', 'ade s', 'ade', 'inv-0', 'inv-00', 'inv-004', 'inv-0042', '']) {
        const t0 = performance.now();
        setter.call(input, text);
        input.dispatchEvent(new Event('input', { bubbles: true }));
        await frame();
        times.push(performance.now() - t0);
      }
      return { times, rows: document.querySelectorAll('[data-testid="invoice-row"]').length };
    });
    await context.close();
    return {
      pdf_50_lines_ms_first: pdfMs[0],
      pdf_50_lines_ms_median_warm: median(pdfMs.slice(1)),
      pdf_budget_ms: 1000,
      list_invoices: 5000,
      list_page_to_first_rows_ms_median: median(renderMs),
      list_filter_per_keystroke_ms_median: round(median(keystrokes.times)),
      list_filter_per_keystroke_ms_max: round(Math.max(...keystrokes.times)),
      list_filter_budget_ms: 200,
    };
  } finally {
    await browser.close();
    server.stop();
  }
}

if (!existsSync(path.join(dist, '.vite', 'manifest.json')) || !existsSync(path.join(root, 'apps/server/dist/main.js'))) {
  console.error('build first: node scripts/build.mjs');
  process.exit(1);
}
const result = { measured_at: new Date().toISOString(), ...publicPageJs(), ...(await inBrowser()) };
mkdirSync(path.join(here, 'results'), { recursive: true });
writeFileSync(path.join(here, 'results', 'invoices-web.json'), JSON.stringify(result, null, 2));
const { public_page_files: _files, ...shown } = result;
console.log(JSON.stringify(shown, null, 2));

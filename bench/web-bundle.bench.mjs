// Gzipped JS of the login screen, the app shell and every page chunk, read from the built web app.
// Build first (`npm run build`); this reads apps/web/dist (or WEB_DIST) and writes bench/results/web-bundle.json.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build as esbuild } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.resolve(process.env.WEB_DIST ?? path.join(here, '..', 'apps', 'web', 'dist'));
const manifestPath = path.join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`no Vite manifest at ${manifestPath}: run \`npm run build\` first (build.manifest is on in apps/web/vite.config.ts)`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const LOGIN_BUDGET_KB = 170;
const BILLING_BUDGET_KB = 40;
const PAY_PAGE_BUDGET_KB = 120;

const gz = new Map();
function gzipKb(file) {
  if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length);
  return gz.get(file);
}
const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;

/** The JS files a chunk needs before it runs: itself and its static imports, transitively. */
function closure(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  if (chunk.file.endsWith('.js')) seen.add(chunk.file);
  for (const imp of chunk.imports ?? []) closure(imp, seen);
  return seen;
}
const sum = (files) => [...files].reduce((n, f) => n + gzipKb(f), 0);

// The entry is the script that dist/index.html loads; check it against the manifest's entry.
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const htmlScripts = [...html.matchAll(/<script[^>]+src="\/?([^"]+\.js)"/g)].map((m) => m[1]);
const htmlPreloads = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/?([^"]+\.js)"/g)].map((m) => m[1]);
const entryKey = manifest['index.html'] ? 'index.html' : Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entryKey) throw new Error('the manifest has no entry');
const entry = closure(entryKey);
for (const f of [...htmlScripts, ...htmlPreloads]) entry.add(f);

// A page gathered into a group chunk (apps/web/build/chunks.ts: the login page is in `login`) has no manifest key of
// its own: dist/.vite/chunks.json (written at build) says which chunk holds it.
const chunksPath = path.join(dist, '.vite', 'chunks.json');
const chunkModules = existsSync(chunksPath) ? JSON.parse(readFileSync(chunksPath, 'utf8')) : {};
const keyOfFile = (file) => Object.keys(manifest).find((k) => manifest[k].file === file);
const optionalKey = (suffix) => {
  const k = Object.keys(manifest).find((x) => x.endsWith(suffix));
  if (k) return k;
  const file = Object.keys(chunkModules).find((f) => chunkModules[f].some((id) => id.endsWith(suffix)));
  return file ? keyOfFile(file) : undefined;
};
const keyOf = (suffix) => {
  const k = optionalKey(suffix);
  if (!k) throw new Error(`no chunk for ${suffix} in the manifest or dist/.vite/chunks.json`);
  return k;
};
const beyond = (set, base) => new Set([...set].filter((f) => !base.has(f)));
// The entry's own code behind its tiny script (src/main.tsx imports src/appMain.tsx once boot/appGate.ts lets it, issue 30):
// every page of the app runs it, so it counts as the entry.
const bootKey = optionalKey('src/appMain.tsx');
if (bootKey) closure(bootKey, entry);

const loginFiles = new Set([...entry, ...closure(keyOf('features/accounts/pages/LoginPage.tsx'))]);
const shellKey = keyOf('src/app/Shell.tsx');
const shellFiles = closure(shellKey);

const pages = {};
for (const [key, chunk] of Object.entries(manifest)) {
  const m = key.match(/features\/([^/]+)\/pages\/([^/]+)\.tsx$/);
  if (!m) continue;
  const files = closure(key);
  pages[`${m[1]}/${m[2]}`] = {
    chunk_gzip_kb: kb(gzipKb(chunk.file)),
    // What opening the page from the signed-in app downloads beyond the entry and the shell.
    extra_gzip_kb: kb(sum(beyond(files, new Set([...entry, ...shellFiles])))),
    // Everything a cold visit to this page needs (entry + shell + page).
    cold_gzip_kb: kb(sum(new Set([...entry, ...shellFiles, ...files]))),
  };
}
// Issue 18: the public pay page (pay.html) with the Paystack choice: the entry, the "Pay now" button with
// its fee line, and each page a customer passes through (the test Paystack-like checkout, thank-you's verify).
const payEntry = manifest['pay.html'] ? closure('pay.html') : new Set();
const payWith = (...suffixes) => new Set([...payEntry, ...suffixes.flatMap((s) => (optionalKey(s) ? [...closure(optionalKey(s))] : []))]);
const payPage = {
  entry_gzip_kb: kb(sum(payEntry)),
  with_paystack_choice_gzip_kb: kb(sum(payWith('features/paystack/PaystackPay.tsx'))),
  // A Kenyan shilling invoice: the M-Pesa form (features/invoices/components/MpesaPay.tsx), loaded by a tap on its button.
  with_mpesa_choice_gzip_kb: kb(sum(payWith('features/invoices/components/MpesaPay.tsx'))),
  // Issue 25: the country with the most rails (Uganda, Rwanda, Zambia: MTN MoMo, Airtel Money, Flutterwave and the card form);
  // the rails' form (features/rails/RailPay.tsx) loads on a tap on a rail's button; so does the card form, as for every card currency.
  with_largest_country_rails_gzip_kb: kb(sum(payWith('features/rails/RailPay.tsx'))),
  thank_you_verify_gzip_kb: kb(sum(payWith('features/invoices/pages/ThankYouPage.tsx', 'features/paystack/VerifyPayment.tsx'))),
};
// Issue 25, per country: an invoice in the country's own currency, every rail offered (the owner's default), no part
// payment (core's COUNTRY_RAILS through railsFor, read from the source). What loads with the page: the entry, which
// draws every rail's button, and the Paystack button with its fee line (paystack). What a tap on a rail's button loads
// (on intent: a finger or the pointer on it): the M-Pesa form (mpesa on Daraja; without Daraja, the rails' form serves
// M-Pesa in TEST MODE: both counted), the rails' form with the phone field (every other phone rail), the rails' form
// alone (a hosted checkout, and the way back from it); `after_tap_gzip_kb` is the page with the heaviest of them. Both count against the budget. The card form also loads on a tap and is reported apart (not in the budget).
const railsSource = await esbuild({
  stdin: {
    contents: "export * from './rails.ts'; export * from './country-rails.ts';",
    resolveDir: path.join(here, '..', 'packages', 'core', 'src', 'payments'),
    loader: 'ts',
  },
  bundle: true,
  format: 'esm',
  platform: 'neutral',
  write: false,
  logLevel: 'warning',
});
const core = await import(`data:text/javascript;base64,${Buffer.from(railsSource.outputFiles[0].text).toString('base64')}`);
const WITH_PAGE = { paystack: ['features/paystack/PaystackPay.tsx'] };
const RAILS_FORM = 'features/rails/RailPay.tsx';
const PHONE_FIELD = 'features/rails/RailPhone.tsx';
const CHECKOUT = new Set(
  Object.entries(core.RAILS)
    .filter(([, r]) => r.kind === 'checkout')
    .map(([id]) => id),
);
/** Each rail's taps: one list of modules per way it can go (M-Pesa: on Daraja, or in TEST MODE). */
const ON_TAP = { paystack: [], card: [], mpesa: [['features/invoices/components/MpesaPay.tsx'], [RAILS_FORM, PHONE_FIELD]] };
const tapsOf = (rail) => ON_TAP[rail] ?? [CHECKOUT.has(rail) ? [RAILS_FORM] : [RAILS_FORM, PHONE_FIELD]];
const payPageByCountry = {};
for (const [country, { currencies }] of Object.entries(core.COUNTRY_RAILS)) {
  const rails = core.railsFor(country, currencies[0]);
  const modules = [...new Set(rails.flatMap((r) => WITH_PAGE[r] ?? []))];
  const taps = rails.flatMap(tapsOf).filter((m) => m.length);
  for (const m of [...modules, ...taps.flat()]) if (!optionalKey(m)) throw new Error(`no chunk for ${m} (${country})`);
  payPageByCountry[country] = {
    currency: currencies[0],
    rails,
    gzip_kb: kb(sum(payWith(...modules))),
    after_tap_gzip_kb: kb(Math.max(sum(payWith(...modules)), ...taps.map((t) => sum(payWith(...modules, ...t))))),
  };
}
const payCountryWorst = Math.max(...Object.values(payPageByCountry).flatMap((c) => [c.gzip_kb, c.after_tap_gzip_kb]));

// The test provider's stand-in for Paystack's own hosted checkout page (TEST MODE only; live payments go to
// Paystack's page): reported, not part of the pay page's budget.
const testCheckout = kb(sum(payWith('features/paystack/TestPaystackCheckout.tsx')));
const payWorst = Math.max(...Object.values(payPage), payCountryWorst);

const allJs = Object.values(manifest)
  .filter((c) => c.file.endsWith('.js'))
  .map((c) => c.file);

const result = {
  measured_at: new Date().toISOString(),
  dist,
  login_screen_gzip_kb: kb(sum(loginFiles)),
  login_budget_kb: LOGIN_BUDGET_KB,
  login_within_budget: kb(sum(loginFiles)) <= LOGIN_BUDGET_KB,
  login_files: [...loginFiles],
  entry_gzip_kb: kb(sum(entry)),
  shell_gzip_kb: kb(sum(beyond(shellFiles, entry))),
  signed_in_home_gzip_kb: kb(sum(new Set([...entry, ...shellFiles, ...closure(keyOf('features/clients/pages/ClientsTab.tsx'))]))),
  all_js_gzip_kb: kb(sum(new Set(allJs))),
  // Analytics (issue 17, budget 120 KB): what /report downloads beyond the signed-in shell as it runs (with its sync status slot, which loads the device database).
  report_beyond_shell_gzip_kb: kb(
    sum(beyond(closure(keyOf('features/reports/pages/ReportPage.tsx')), new Set([...entry, ...shellFiles, ...closure(keyOf('app/shell/SyncStatus.tsx'))]))),
  ),
  report_budget_kb: 120,
  // Issue 15: plan/subscribe and settings/billing beyond the shell, budget 40 KB gz each.
  billing_pages_budget_kb: BILLING_BUDGET_KB,
  billing_pages_extra_gzip_kb: {
    'plan/subscribe': pages['plans/SubscribePage']?.extra_gzip_kb ?? null,
    'settings/billing': pages['settings/BillingSettingsPage']?.extra_gzip_kb ?? null,
  },
  billing_pages_within_budget: ['plans/SubscribePage', 'settings/BillingSettingsPage'].every((k) => (pages[k]?.extra_gzip_kb ?? Infinity) <= BILLING_BUDGET_KB),
  pay_page_budget_kb: PAY_PAGE_BUDGET_KB,
  pay_page_gzip_kb: payPage,
  pay_page_by_country_gzip_kb: payPageByCountry,
  pay_page_worst_gzip_kb: payWorst,
  test_checkout_page_gzip_kb: testCheckout,
  pay_page_within_budget: manifest['pay.html'] !== undefined && payWorst <= PAY_PAGE_BUDGET_KB,
  pages,
};
mkdirSync(path.join(here, 'results'), { recursive: true });
writeFileSync(path.join(here, 'results', 'web-bundle.json'), `${JSON.stringify(result, null, 2)}\n`);
console.log(
  `login screen JS ${result.login_screen_gzip_kb} KB gz (budget ${LOGIN_BUDGET_KB}), entry ${result.entry_gzip_kb} KB, shell +${result.shell_gzip_kb} KB, all JS ${result.all_js_gzip_kb} KB`,
);
console.log(
  `pay page JS with the Paystack choice ${payPage.with_paystack_choice_gzip_kb} KB gz, with the M-Pesa choice ${payPage.with_mpesa_choice_gzip_kb} KB, thank-you verify ${payPage.thank_you_verify_gzip_kb} KB (budget ${PAY_PAGE_BUDGET_KB}); test checkout page ${testCheckout} KB`,
);
console.log(
  `pay page JS by country (budget ${PAY_PAGE_BUDGET_KB}): ${Object.entries(payPageByCountry)
    .map(([c, v]) => `${c} ${v.gzip_kb} (after a tap on a rail ${v.after_tap_gzip_kb})`)
    .join(', ')}`,
);
console.table(Object.fromEntries(Object.entries(pages).map(([k, v]) => [k, v])));

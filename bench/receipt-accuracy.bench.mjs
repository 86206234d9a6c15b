// Receipt OCR field accuracy (issue 29) on a folder of receipt photos, against the built server (apps/server/dist):
// each photo is sent to POST /api/expenses/receipt-scan as the expense form sends it, and the fields read are compared
// with the fields written in the folder's expected.json. Reports, per field, how many of the photos that name it were
// read right (vendor, date, total, currency, tax), how many photos were read whole, and the time per photo.
//
// The folder (RECEIPT_PHOTOS, default bench/receipts/real):
//   expected.json   {"country": "Ghana", "receipts": [{"file": "IMG_0412.jpg", "language": "en", "vendor": "Shoprite Accra Mall",
//                     "date": "2026-11-20", "total": "227.13", "currency": "GHS", "tax": "29.63", "note": "creased, dim light"}]}
//   IMG_0412.jpg …  the photos as the phone took them (JPEG, PNG or WebP, ≤ 12 MB, ≤ 50 MP; EXIF orientation is honoured)
// Amounts are written as printed on the receipt (major units: "227.13", "12 500"); a field left out is not scored;
// `language` "fr" reads with the French data (the screen's language), else English; `country` is the business's
// (its currency is the one assumed when a receipt prints none).
//
// RECEIPT_PHOTOS=rendered makes the set instead from the server tests' rendered receipts (apps/server/src/test/receipt-photo.ts:
// drawn, not photographed), written to a temporary folder in the same format: a check that the bench works, not a
// figure of accuracy on real photos. Writes bench/results/receipt-accuracy.json.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { core, PHOTO_TYPES, photoMaker } from './lib/receipt-photos.mjs';
import { root, signUp, startServer } from './lib/server.mjs';

const r1 = (x) => Math.round(x * 10) / 10;
const pct = (ok, n) => (n ? Math.round((1000 * ok) / n) / 10 : null);
const FIELDS = ['vendor', 'date', 'total', 'currency', 'tax'];

/** Writes the rendered receipts (upright, tilted, speckled, sideways, upside down, French) and their expected.json. */
async function renderedSet() {
  const { englishReceipt, frenchReceipt, printedDate, receiptPhoto } = await photoMaker();
  const dir = mkdtempSync(path.join(tmpdir(), 'duka-receipts-rendered-'));
  const day = printedDate(4);
  const en = { language: 'en', vendor: 'Shoprite Accra Mall', date: day.iso, total: '227.13', currency: 'GHS', tax: '29.63' };
  const fr = { language: 'fr', vendor: 'Pharmacie du Centre', date: day.iso, total: '12 500', currency: 'XAF', tax: '2 018' };
  const set = [
    ['en-12mp-tilt2-noise.jpg', englishReceipt, { width: 4000, height: 3000, tilt: 2, noise: true }, en],
    ['en-8mp-tilt-4.jpg', englishReceipt, { width: 3264, height: 2448, tilt: -4 }, en],
    ['en-20mp.png', englishReceipt, { width: 5472, height: 3648, tilt: 1, format: 'png' }, en],
    ['en-sideways.jpg', englishReceipt, { width: 3000, height: 2250, sideways: true }, en],
    ['en-upside-down-12mp.jpg', englishReceipt, { width: 4000, height: 3000, tilt: 2, noise: true, upsideDown: true }, en],
    ['en-blur-slight.webp', englishReceipt, { width: 3000, height: 2250, blur: 3, format: 'webp' }, en],
    ['fr-portrait-tilt-2.jpg', frenchReceipt, { width: 3000, height: 4000, tilt: -2, noise: true }, fr],
    ['fr-upside-down.jpg', frenchReceipt, { width: 3000, height: 4000, noise: true, upsideDown: true }, fr],
  ];
  const receipts = [];
  for (const [file, lines, options, fields] of set) {
    writeFileSync(path.join(dir, file), await receiptPhoto(lines(day.printed), options));
    receipts.push({ file, ...fields });
  }
  writeFileSync(path.join(dir, 'expected.json'), JSON.stringify({ country: 'Ghana', receipts }, null, 2));
  return dir;
}

const rendered = process.env.RECEIPT_PHOTOS === 'rendered';
const folder = rendered ? await renderedSet() : path.resolve(process.env.RECEIPT_PHOTOS ?? path.join(root, 'bench', 'receipts', 'real'));
if (!existsSync(path.join(folder, 'expected.json'))) {
  console.log(
    `No expected.json in ${folder}: put the receipt photos and their expected.json there (see the top of this file), or run with RECEIPT_PHOTOS=rendered.`,
  );
  process.exit(rendered ? 1 : 0);
}
const expected = JSON.parse(readFileSync(path.join(folder, 'expected.json'), 'utf8'));
const listed = new Set(expected.receipts.map((r) => r.file));
const unlisted = readdirSync(folder).filter((f) => PHOTO_TYPES[path.extname(f).toLowerCase()] && !listed.has(f));
const { minorDigits, parseMoney } = await core();
/** An amount written as printed, in minor units of the receipt's currency (the expected currency, else the business's). */
const minor = (text, currency) => (text === undefined || text === null ? undefined : parseMoney(String(text).replace(/\s/g, ''), minorDigits(currency)));
const words = (s) =>
  String(s ?? '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

const started = { load1: r1(loadavg()[0]), cores: cpus().length };
const server = await startServer({ name: 'ocr-accuracy' });
const out = {
  photos: rendered ? 'RENDERED receipts (drawn by apps/server/src/test/receipt-photo.ts), not real photos' : folder,
  machine_at_start: started,
  count: expected.receipts.length,
  unlisted_photos: unlisted,
  fields: {},
  receipts: [],
};
try {
  const headers = await signUp(server.base, { country: expected.country ?? 'Nigeria' });
  delete headers['content-type'];
  const tally = Object.fromEntries(FIELDS.map((f) => [f, { ok: 0, of: 0 }]));
  let whole = 0;
  const times = [];
  for (const r of expected.receipts) {
    const file = path.join(folder, r.file);
    const type = PHOTO_TYPES[path.extname(r.file).toLowerCase()];
    const form = new FormData();
    form.append('photo', new Blob([readFileSync(file)], { type: type ?? 'application/octet-stream' }), r.file);
    const t = performance.now();
    const res = await fetch(`${server.base}/expenses/receipt-scan?language=${r.language === 'fr' ? 'fr' : 'en'}`, { method: 'POST', headers, body: form });
    const ms = Math.round(performance.now() - t);
    times.push(ms);
    const body = await res.json();
    const draft = res.status === 200 ? body.draft : null;
    const currency = r.currency ?? draft?.currency ?? 'NGN';
    const checks = {};
    if (r.vendor !== undefined)
      checks.vendor = Boolean(draft?.vendor) && (words(draft.vendor) === words(r.vendor) || words(draft.vendor).includes(words(r.vendor)));
    if (r.date !== undefined) checks.date = draft?.date === r.date;
    if (r.total !== undefined) checks.total = draft?.total === minor(r.total, currency);
    if (r.currency !== undefined) checks.currency = draft?.currency === r.currency;
    if (r.tax !== undefined) checks.tax = draft?.tax === minor(r.tax, currency);
    for (const [f, ok] of Object.entries(checks)) {
      tally[f].of++;
      if (ok) tally[f].ok++;
    }
    const all = Object.values(checks).every(Boolean);
    if (all) whole++;
    out.receipts.push({
      file: r.file,
      status: res.status,
      ms,
      source: body.source ?? null,
      right: Object.entries(checks)
        .filter(([, ok]) => ok)
        .map(([f]) => f),
      wrong: Object.fromEntries(
        Object.entries(checks)
          .filter(([, ok]) => !ok)
          .map(([f]) => [f, { expected: r[f], read: draft ? draft[f] : (body.error?.message ?? null) }]),
      ),
    });
    console.log(`${r.file}: ${res.status} in ${ms} ms, ${all ? 'all fields right' : `wrong: ${Object.keys(out.receipts.at(-1).wrong).join(', ')}`}`);
  }
  for (const f of FIELDS) out.fields[f] = { right: tally[f].ok, of: tally[f].of, percent: pct(tally[f].ok, tally[f].of) };
  out.whole_receipts = { right: whole, of: expected.receipts.length, percent: pct(whole, expected.receipts.length) };
  const sorted = [...times].sort((a, b) => a - b);
  out.ms_per_photo = { median: sorted[Math.floor(sorted.length / 2)] ?? null, max: sorted.at(-1) ?? null };
} finally {
  server.stop();
  if (rendered) rmSync(folder, { recursive: true, force: true });
}
out.machine_at_end = { load1: r1(loadavg()[0]), cores: cpus().length };
mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
writeFileSync(path.join(root, 'bench', 'results', 'receipt-accuracy.json'), JSON.stringify(out, null, 2));
console.log(JSON.stringify({ ...out, receipts: undefined }, null, 2));

// Receipt OCR on the server (issue 29), against the built server (apps/server/dist/main.js):
// - time of POST /api/expenses/receipt-scan for a 12 MP (4000 × 3000) and a 20 MP (5472 × 3648) JPEG receipt photo,
//   and a 12 MP one taken upside down (read twice: upright, then turned a half)
//   (drawn like the server tests' photos: till font, tilted 2°, specks), first reading (the OCR worker starts and loads
//   the English data) and then warm readings, median reported; the target: 12 MP ≤ 5 s;
// - the server process's memory (RSS from /proc, sampled every 25 ms) before any OCR and its peak during each
//   reading: growth = peak − before (target ≤ 300 MB extra);
// - GET /api/health answered while a photo is read (the OCR never blocks other requests): its slowest time;
// - the server's CPU time per reading (/proc/<pid>/stat, every thread of the process): the cost of a reading on an
//   idle machine, as the wall time on a shared one depends on its load;
// - the machine's load (1-minute load average, cores) at the start and the end: figures on a shared machine vary.
// Writes bench/results/receipt-ocr.json.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { photoMaker } from './lib/receipt-photos.mjs';
import { root, signUp, startServer } from './lib/server.mjs';

const ROUNDS = Number(process.env.BENCH_OCR_ROUNDS ?? 3);
const r1 = (x) => Math.round(x * 10) / 10;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const load = () => ({ load1: r1(loadavg()[0]), cores: cpus().length });

/** CPU time the server process (all its threads, the OCR worker's included) has used, in ms (/proc, 100 ticks a second). */
const cpuMs = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

const rssMb = (pid) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
};

const { englishReceipt, printedDate, receiptPhoto } = await photoMaker();
const day = printedDate(2);
const photos = {
  '12mp': await receiptPhoto(englishReceipt(day.printed), { width: 4000, height: 3000, tilt: 2, noise: true }),
  '20mp': await receiptPhoto(englishReceipt(day.printed), { width: 5472, height: 3648, tilt: 2, noise: true }),
  // Taken upside down (no EXIF): read upright (nothing readable), then turned a half.
  '12mp_upside_down': await receiptPhoto(englishReceipt(day.printed), { width: 4000, height: 3000, tilt: 2, noise: true, upsideDown: true }),
};

const started = load();
const server = await startServer({ name: 'ocr' });
const pid = server.child.pid;
const out = { machine_at_start: started, photos: {}, before_any_ocr_rss_mb: null };
try {
  const headers = await signUp(server.base);
  delete headers['content-type'];
  // Settle, then the memory before any OCR.
  await new Promise((r) => setTimeout(r, 1500));
  const before = rssMb(pid);
  out.before_any_ocr_rss_mb = r1(before);
  let peakOverall = before;
  for (const [name, photo] of Object.entries(photos)) {
    const times = [];
    const cpu = [];
    const peaks = [];
    let healthWorst = 0;
    let fields = null;
    for (let i = 0; i < ROUNDS; i++) {
      let peak = rssMb(pid);
      const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 25);
      let reading = true;
      // Other requests while the photo is read.
      const health = (async () => {
        while (reading) {
          const t = performance.now();
          await fetch(`${server.base}/health`);
          healthWorst = Math.max(healthWorst, performance.now() - t);
          await new Promise((r) => setTimeout(r, 100));
        }
      })();
      const form = new FormData();
      form.append('photo', new Blob([photo], { type: 'image/jpeg' }), 'receipt.jpg');
      const c = cpuMs(pid);
      const t = performance.now();
      const res = await fetch(`${server.base}/expenses/receipt-scan?language=en`, { method: 'POST', headers, body: form });
      const ms = performance.now() - t;
      cpu.push(cpuMs(pid) - c);
      reading = false;
      await health;
      clearInterval(sampler);
      const body = await res.json();
      if (res.status !== 200) throw new Error(`${name}: ${res.status} ${JSON.stringify(body)}`);
      fields = { total: body.draft.total, date: body.draft.date === day.iso, vendor: body.draft.vendor, tax: body.draft.tax };
      times.push(ms);
      peaks.push(peak);
      peakOverall = Math.max(peakOverall, peak);
      console.log(
        `${name} #${i + 1}: ${Math.round(ms)} ms (server CPU ${cpu[i]} ms), RSS peak ${Math.round(peak)} MB (+${Math.round(peak - before)}), load ${r1(loadavg()[0])}`,
      );
    }
    out.photos[name] = {
      bytes: photo.length,
      first_ms: Math.round(times[0]),
      warm_median_ms: Math.round(median(times.slice(1).length ? times.slice(1) : times)),
      all_ms: times.map(Math.round),
      // CPU time the server spent on each reading (health checks included, a few ms): what the reading costs on an idle machine.
      server_cpu_ms: cpu,
      warm_median_server_cpu_ms: median(cpu.slice(1).length ? cpu.slice(1) : cpu),
      rss_peak_growth_mb: Math.round(Math.max(...peaks) - before),
      health_worst_ms_while_reading: Math.round(healthWorst),
      read: fields,
    };
  }
  out.rss_peak_growth_mb = Math.round(peakOverall - before);
  out.targets = {
    '12mp_warm_le_5s': out.photos['12mp'].warm_median_ms <= 5000,
    '12mp_warm_server_cpu_le_5s': out.photos['12mp'].warm_median_server_cpu_ms <= 5000,
    '12mp_upside_down_warm_le_5s': out.photos['12mp_upside_down'].warm_median_ms <= 5000,
    '12mp_upside_down_warm_server_cpu_le_5s': out.photos['12mp_upside_down'].warm_median_server_cpu_ms <= 5000,
    rss_growth_le_300mb: out.rss_peak_growth_mb <= 300,
  };
} finally {
  server.stop();
}
out.machine_at_end = load();
mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
writeFileSync(path.join(root, 'bench', 'results', 'receipt-ocr.json'), JSON.stringify(out, null, 2));
console.log(JSON.stringify(out, null, 2));

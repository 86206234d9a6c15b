import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { chromium } from 'playwright-core';
const port = 40000 + Math.floor(Math.random() * 5000);
const child = spawn(process.execPath, ['apps/server/dist/main.js'], { env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: mkdtempSync('/tmp/dk-'), NODE_ENV: 'production', LOG_LEVEL: 'warn', RATE_LIMITS: 'off', DATABASE_URL: '' }, stdio: 'inherit' });
for (;;) { try { if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break; } catch {} await new Promise((r) => setTimeout(r, 200)); }
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage();
page.on('console', (m) => console.log('console', m.type(), m.text()));
page.on('pageerror', (e) => console.log('pageerror', e.message));
for (const p of process.argv.slice(2)) {
  await page.goto(`http://127.0.0.1:${port}${p}`);
  await page.waitForTimeout(3000);
  console.log(p, (await page.locator('body').innerText()).slice(0, 200).replace(/\n/g, ' | '));
}
await browser.close(); child.kill();

// `npm run videos`: records the AI writer's tutorial and intro videos (and the banner image) by using
// the real, built product in Chromium with Playwright's video recording. Output: apps/web/public/videos/
//   <slug>.webm  one tutorial per AI page (Watch Tutorial)
//   intro.webm   the intro video of the banner popup (SPEC modal 4)
//   banner.png   the banner image
// Options: --only=<slug,...> to record some of them; --base-url=http://… to use a running server.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Playwright records video through its own ffmpeg build, which it downloads from outside the npm
 * registry. Where that is missing, use the system's ffmpeg (Debian: apt-get install ffmpeg; it has
 * libvpx-vp9) by pointing PLAYWRIGHT_BROWSERS_PATH at a folder that holds it under Playwright's name.
 */
function provideFfmpeg() {
  const require = createRequire(import.meta.url);
  const pwDir = path.dirname(require.resolve('playwright-core/package.json'));
  const { browsers } = JSON.parse(readFileSync(path.join(pwDir, 'browsers.json'), 'utf8'));
  const revision = browsers.find((b) => b.name === 'ffmpeg')?.revision;
  const base = process.env.PLAYWRIGHT_BROWSERS_PATH ?? path.join(homedir(), '.cache', 'ms-playwright');
  if (!revision || existsSync(path.join(base, `ffmpeg-${revision}`, 'ffmpeg-linux'))) return;
  const system = ['/usr/bin/ffmpeg', '/usr/local/bin/ffmpeg'].find((f) => existsSync(f));
  if (!system) throw new Error('Video recording needs ffmpeg with libvpx-vp9: install it (Debian/Ubuntu: apt-get install ffmpeg).');
  const dir = mkdtempSync(path.join(tmpdir(), 'duka-pw-'));
  mkdirSync(path.join(dir, `ffmpeg-${revision}`));
  symlinkSync(system, path.join(dir, `ffmpeg-${revision}`, 'ffmpeg-linux'));
  process.env.PLAYWRIGHT_BROWSERS_PATH = dir;
}
provideFfmpeg();
const { chromium } = await import('playwright-core');
const outDir = path.join(root, 'apps/web/public/videos');
const MAX_BYTES = 1.5 * 1024 * 1024;
const SIZE = { width: 360, height: 640 };
const arg = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const only = arg('only')?.split(',');

async function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/** Starts the built product as e2e/support/global-setup.ts does: random port, fresh DATA_DIR. */
async function startProduct() {
  execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs'), '--if-missing'], { stdio: 'inherit', cwd: root });
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'duka-videos-'));
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    env: {
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
      AI_BASE_URL: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let exited = null;
  child.on('exit', (code) => (exited = code));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exited !== null) throw new Error(`the product exited with code ${exited} before answering`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error('the product did not start within 60 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    stop: () => {
      child.kill('SIGTERM');
      setTimeout(() => rmSync(dataDir, { recursive: true, force: true }), 500);
    },
  };
}

/** A fresh user for each recording (each starts with the free credit). */
async function freshUser(baseUrl) {
  const id = `demo${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const password = 'demo-password-1';
  const post = (p, body) => fetch(`${baseUrl}/api${p}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const reg = await post('/users', {
    user: { name: 'Amina Bello', username: id, email: `${id}@example.com`, password, company_name: 'Amina Fabrics', country: 'Nigeria' },
  });
  if (reg.status !== 201) throw new Error(`registration failed: ${reg.status} ${await reg.text()}`);
  const login = await post('/user_token', { auth: { email: id, password } });
  if (!login.ok) throw new Error(`login failed: ${login.status}`);
  return login.json();
}

const pause = (page, ms) => page.waitForTimeout(ms);
const type = async (page, label, text) => {
  const field = page.getByLabel(label, { exact: false }).first();
  await field.click();
  await field.fill('');
  await field.pressSequentially(text, { delay: 25 });
  await pause(page, 300);
};
async function pickCountry(page, buttonName, country) {
  await page.getByRole('button', { name: buttonName }).click();
  await pause(page, 400);
  await page.getByRole('dialog').locator('input').first().pressSequentially(country, { delay: 40 });
  await pause(page, 900);
  await page
    .getByRole('dialog')
    .getByRole('button', { name: new RegExp(country) })
    .first()
    .click();
  await pause(page, 400);
}

/** How each page is used in its tutorial; `generate: false` shows the sample instead (no network for links). */
const SCRIPTS = {
  'business-name': async (p) => type(p, 'Describe The Business', 'A shop in Yaba selling fresh fruit juice and smoothies'),
  'business-plan': async (p) => {
    await type(p, 'Describe The Business', 'A tailoring shop making ready-to-wear Ankara outfits');
    await pickCountry(p, /^Currency/, 'Ghana');
  },
  'content-idea': async (p) => type(p, 'Describe Your Business', 'A bakery in Accra known for meat pies and cakes'),
  'content-link': async (p) => type(p, 'Link', 'https://example.com/blog/new-shop'),
  'idea-customer': async (p) => {
    await type(p, 'Describe Your Business', 'Affordable solar lamps for shops and homes');
    await pickCountry(p, /^Select A Country/, 'Kenya');
  },
  'user-persona': async (p) => {
    await p.getByRole('button', { name: /^Age Range/ }).click();
    await pause(p, 500);
    await p.getByLabel('Middle Age').check();
    await pause(p, 400);
    await type(p, 'Describe Your Business', 'A mobile app for booking hair appointments');
  },
  newsletter: async (p) => type(p, 'Describe Your Update', 'We opened a second branch in Lekki with new opening hours'),
  'birthday-wishes': async (p) => {
    await p.getByRole('button', { name: 'Select A Customer' }).click();
    await pause(p, 500);
    await p.getByRole('button', { name: 'Add a new customer' }).click();
    await pause(p, 300);
    await type(p, "The customer's name", 'Chidi Okafor');
  },
  'seasons-greetings': async (p) => type(p, 'Name Of Holiday', 'Christmas'),
  email: async (p) => {
    await type(p, 'Describe The Email', 'Tell customers about our 20% December discount on shoes');
    await p.getByLabel('Tone').selectOption('Persuasive');
  },
  'reply-email': async (p) => type(p, 'Paste The Email', 'Hello, can you print 200 T-shirts with our logo by Friday? Thanks, Joy'),
};
const NO_GENERATE = new Set(['content-link']);

async function newRecordingContext(browser, baseUrl, session, dir) {
  const context = await browser.newContext({ viewport: SIZE, baseURL: baseUrl, recordVideo: { dir, size: SIZE }, reducedMotion: 'no-preference' });
  await context.addInitScript(
    ([jwt, user]) => {
      localStorage.setItem('token', jwt);
      localStorage.setItem('user', user);
      localStorage.setItem('AiWriter', JSON.stringify({ expireBanner: new Date(Date.now() + 864e5).toISOString(), dismissed: true }));
    },
    [session.jwt, JSON.stringify(session.user)],
  );
  return context;
}

async function showResult(page, generate) {
  if (generate) {
    await page.getByRole('button', { name: /^Generate/ }).click();
  } else {
    await page.getByRole('button', { name: 'See Sample' }).click();
  }
  const modal = page.getByRole('dialog').last();
  await modal.getByRole('textbox').waitFor({ timeout: 60_000 });
  await pause(page, 1500);
  await modal.getByRole('textbox').evaluate((el) => el.closest('.mantine-Modal-content')?.scrollBy({ top: 500, behavior: 'smooth' }));
  await pause(page, 1500);
  return modal;
}

async function saveVideo(context, page, name) {
  const video = page.video();
  await context.close();
  const file = path.join(outDir, `${name}.webm`);
  renameSync(await video.path(), file);
  const bytes = statSync(file).size;
  console.log(`${name}.webm  ${(bytes / 1024).toFixed(0)} KB`);
  if (bytes > MAX_BYTES) throw new Error(`${name}.webm is ${bytes} bytes, over the 1.5 MB limit`);
}

async function recordTutorial(browser, baseUrl, slug, dir) {
  const session = await freshUser(baseUrl);
  const context = await newRecordingContext(browser, baseUrl, session, dir);
  const page = await context.newPage();
  await page.goto(`/ai/${slug}?credit=50`);
  await page.getByRole('button', { name: 'See Sample' }).waitFor();
  await pause(page, 700);
  let modal;
  try {
    await SCRIPTS[slug](page);
    await pause(page, 500);
    modal = await showResult(page, !NO_GENERATE.has(slug));
  } catch (e) {
    const shot = path.join(tmpdir(), `duka-video-failed-${slug}.png`);
    await page.screenshot({ path: shot }).catch(() => {});
    await context.close();
    throw new Error(`recording ${slug} failed (screenshot: ${shot}): ${e.message}`);
  }
  if (!NO_GENERATE.has(slug)) {
    await modal.getByRole('button', { name: 'Copy' }).click();
    await pause(page, 900);
  }
  await saveVideo(context, page, slug);
}

async function recordIntro(browser, baseUrl, dir) {
  const session = await freshUser(baseUrl);
  const context = await newRecordingContext(browser, baseUrl, session, dir);
  const page = await context.newPage();
  await page.goto('/tabs/ai');
  await page.getByTestId('ai-card-business-name').waitFor();
  await pause(page, 1200);
  await page.mouse.wheel(0, 350);
  await pause(page, 1200);
  await page.getByTestId('ai-card-business-name').click();
  await page.getByRole('button', { name: 'See Sample' }).waitFor();
  await SCRIPTS['business-name'](page);
  const modal = await showResult(page, true);
  await modal.getByRole('button', { name: 'Save' }).click();
  await pause(page, 1200);
  await modal.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('tab', { name: 'Favourites' }).click();
  await page.getByRole('tab', { name: 'Favourites' }).scrollIntoViewIfNeeded();
  await pause(page, 1800);
  await saveVideo(context, page, 'intro');
}

/** The banner image: a card drawn in the browser around a real screenshot of the AI writer. */
async function recordBanner(browser, baseUrl) {
  const session = await freshUser(baseUrl);
  const context = await newRecordingContext(browser, baseUrl, session, mkdtempSync(path.join(tmpdir(), 'duka-banner-')));
  const page = await context.newPage();
  await page.goto('/ai/business-plan?credit=50');
  await page.getByRole('button', { name: 'See Sample' }).click();
  await page.getByRole('dialog').getByRole('textbox').locator('h1,h2,h3').first().waitFor();
  await pause(page, 500);
  const shot = (await page.screenshot({ type: 'jpeg', quality: 80 })).toString('base64');
  await context.close();
  const card = await browser.newPage({ viewport: { width: 640, height: 360 } });
  await card.setContent(`<!doctype html><html><body style="margin:0;font-family:system-ui,Segoe UI,Roboto,Arial,sans-serif">
  <div style="width:640px;height:360px;box-sizing:border-box;padding:32px;display:flex;gap:24px;align-items:center;
    background:linear-gradient(135deg,#087f5b,#12b886 60%,#63e6be);color:#fff;overflow:hidden">
    <div style="flex:1">
      <div style="font-size:14px;letter-spacing:.12em;text-transform:uppercase;opacity:.85">Duka</div>
      <div style="font-size:40px;font-weight:800;line-height:1.1;margin:6px 0 12px">Ai Writer</div>
      <div style="font-size:18px;line-height:1.4;opacity:.95">Business plans, name ideas, posts, newsletters and customer messages, written for you in seconds.</div>
      <div style="display:inline-flex;align-items:center;gap:10px;margin-top:22px;background:#fff;color:#087f5b;
        font-weight:700;border-radius:999px;padding:10px 18px;font-size:16px">&#9654;&nbsp;Watch the intro</div>
    </div>
    <img src="data:image/jpeg;base64,${shot}" style="width:170px;border-radius:16px;box-shadow:0 12px 30px rgba(0,0,0,.35);transform:rotate(3deg)">
  </div></body></html>`);
  await card.waitForLoadState('load');
  const file = path.join(outDir, 'banner.png');
  await card.screenshot({ path: file });
  await card.close();
  console.log(`banner.png  ${(statSync(file).size / 1024).toFixed(0)} KB`);
}

async function main() {
  mkdirSync(outDir, { recursive: true });
  const given = arg('base-url');
  const product = given ? { baseUrl: given, stop: () => {} } : await startProduct();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const dir = mkdtempSync(path.join(tmpdir(), 'duka-rec-'));
  try {
    // One retry each: a recording on a loaded machine can miss a beat.
    const attempt = async (name, record) => {
      if (only && !only.includes(name)) return;
      try {
        await record();
      } catch (e) {
        console.warn(`${name}: ${e.message.split('\n')[0]} — retrying once`);
        await record();
      }
    };
    for (const slug of Object.keys(SCRIPTS)) await attempt(slug, () => recordTutorial(browser, product.baseUrl, slug, dir));
    await attempt('intro', () => recordIntro(browser, product.baseUrl, dir));
    await attempt('banner', () => recordBanner(browser, product.baseUrl));
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
    product.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});

import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, inject } from 'vitest';
import { diagnoseContext } from './diagnose';

export const PHONE = { width: 360, height: 740 };
export const DESKTOP = { width: 1280, height: 800 };

let browser: Browser | undefined;

/** One Chromium per spec file (the system /usr/bin/chromium; no browser download). */
export async function getBrowser(): Promise<Browser> {
  if (!browser) {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    // Every context of a test is watched: a failing test prints what its pages went through (diagnose.ts).
    const newContext = browser.newContext.bind(browser);
    browser.newContext = async (options) => diagnoseContext(await newContext(options));
    afterAll(async () => {
      await browser?.close();
      browser = undefined;
    });
  }
  return browser;
}

/** This worker's product (global-setup.ts starts one per worker; VITEST_POOL_ID is the worker's number, from 1). */
const worker = () => (Number(process.env.VITEST_POOL_ID) || 1) - 1;

export function baseUrl(): string {
  const urls = inject('baseUrls');
  return urls[worker() % urls.length];
}

/** This worker's product's DATA_DIR ('' against a product started elsewhere). */
export function dataDir(): string {
  const dirs = inject('dataDirs');
  return dirs[worker() % dirs.length] ?? '';
}

export async function newPage(viewport = PHONE): Promise<{ context: BrowserContext; page: Page }> {
  const b = await getBrowser();
  const context = await b.newContext({ viewport, baseURL: baseUrl() });
  const page = await context.newPage();
  return { context, page };
}

/** Waits for the service worker to control the page, so a reload with no network still opens the app. */
export async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (!(await page.evaluate(() => !!navigator.serviceWorker.controller))) await page.reload();
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 30_000 });
}

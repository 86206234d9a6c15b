import type { BrowserContext, Page } from 'playwright-core';
import { onTestFailed } from 'vitest';

/**
 * What a failed spec says beyond its error: for each browser page of the test, the addresses it went through, what
 * the page logged as an error, requests that failed or were refused, and what the page showed when its context was
 * closed (the spec's `finally`, right after the failing step). A failure seen only in CI (a race under load) is then
 * read from CI's log instead of guessed at.
 */
const MAX_LINES = 60;
const MAX_SNAPSHOT = 4000;

interface PageRecord {
  name: string;
  lines: string[];
  shown: string | null;
}

function stamp(): string {
  return new Date().toISOString().slice(11, 23);
}

function watchPage(page: Page, records: PageRecord[]): void {
  const record: PageRecord = { name: `page ${records.length + 1}`, lines: [], shown: null };
  records.push(record);
  const push = (line: string) => {
    record.lines.push(`${stamp()} ${line}`);
    if (record.lines.length > MAX_LINES) record.lines.splice(0, record.lines.length - MAX_LINES);
  };
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) push(`at ${frame.url()}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') push(`console.${message.type()}: ${message.text().slice(0, 300)}`);
  });
  page.on('pageerror', (error) => push(`page error: ${error.message.slice(0, 300)}`));
  page.on('requestfailed', (request) => push(`failed: ${request.method()} ${request.url()} (${request.failure()?.errorText ?? '?'})`));
  page.on('response', (response) => {
    if (response.status() >= 400) push(`${response.status()}: ${response.request().method()} ${response.url()}`);
  });
  page.on('close', () => push('closed'));
  (page as Page & { dukaRecord?: PageRecord }).dukaRecord = record;
}

async function snapshot(page: Page): Promise<void> {
  const record = (page as Page & { dukaRecord?: PageRecord }).dukaRecord;
  if (!record || page.isClosed()) return;
  try {
    const tree = await page.locator('body').ariaSnapshot({ timeout: 2000 });
    const trace = await page.evaluate(() => (window as Window & { dukaTrace?: string[] }).dukaTrace ?? []).catch(() => []);
    if (trace.length) record.lines.push('in the page (ms since it loaded):', ...trace);
    record.shown = `${page.url()}\n${tree.length > MAX_SNAPSHOT ? `${tree.slice(0, MAX_SNAPSHOT)}\n…` : tree}`;
  } catch (err) {
    record.shown = `${page.url()} (not read: ${(err as Error).message.split('\n')[0]})`;
  }
}

/**
 * In every page: focus, typing (length only), clicks, submits, and the screen drawn in the HTML (data-first-paint)
 * being taken over: where each happened, on the drawn screen or in the app.
 */
function traceInPage(): void {
  const trace: string[] = [];
  (window as Window & { dukaTrace?: string[] }).dukaTrace = trace;
  const push = (line: string) => {
    trace.push(`${performance.now().toFixed(0)} ${line}`);
    if (trace.length > 80) trace.shift();
  };
  const where = (target: EventTarget | null) => {
    if (!(target instanceof Element)) return '?';
    const name = target.getAttribute('name') ?? target.getAttribute('aria-label') ?? target.textContent?.trim().slice(0, 20) ?? target.tagName;
    return `${target.closest('[data-first-paint]') ? 'drawn' : 'app'} ${target.tagName.toLowerCase()} "${name}"`;
  };
  document.addEventListener('focusin', (e) => push(`focus ${where(e.target)}`), true);
  document.addEventListener('input', (e) => push(`input ${where(e.target)} (${(e.target as HTMLInputElement).value?.length ?? '?'} chars)`), true);
  document.addEventListener('click', (e) => push(`click ${where((e.target as Element)?.closest?.('button, a') ?? e.target)}`), true);
  document.addEventListener('submit', (e) => push(`submit ${where(e.target)}`), true);
  new MutationObserver((changes) => {
    for (const change of changes)
      for (const node of Array.from(change.removedNodes)) if (node instanceof Element && node.hasAttribute('data-first-paint')) push('drawn screen gone');
  }).observe(document, { childList: true, subtree: true });
}

/** Records every page of `context`; printed when the running test fails. Outside a test it records nothing. */
export function diagnoseContext(context: BrowserContext): BrowserContext {
  const records: PageRecord[] = [];
  try {
    onTestFailed(() => {
      for (const record of records) {
        console.error(
          `--- ${record.name}: what happened ---\n${record.lines.join('\n')}\n--- ${record.name}: what it showed ---\n${record.shown ?? '(still open)'}`,
        );
      }
    });
  } catch {
    return context;
  }
  void context.addInitScript(traceInPage);
  for (const page of context.pages()) watchPage(page, records);
  context.on('page', (page) => watchPage(page, records));
  const close = context.close.bind(context);
  context.close = async (options) => {
    await Promise.all(context.pages().map(snapshot));
    return close(options);
  };
  return context;
}

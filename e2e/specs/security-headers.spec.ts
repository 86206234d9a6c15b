import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { apiJson } from '../support/api';
import { baseUrl, getBrowser, newPage, PHONE } from '../support/browser';
import { seedOwner, signedInDevice } from '../support/owner';

/** Issue 13 item 7 in Chromium: the app works under its Content-Security-Policy, and no page can be framed. */

/** Every CSP violation the page reports (the securitypolicyviolation event and Chromium's console message). */
async function watchCsp(context: BrowserContext, page: Page): Promise<string[]> {
  const seen: string[] = [];
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  page.on('console', (m) => {
    if (/CSP violation|Content Security Policy|Refused to (load|execute|apply|connect|frame|create)/i.test(m.text())) seen.push(m.text());
  });
  return seen;
}

const contexts: BrowserContext[] = [];
afterAll(async () => {
  for (const c of contexts) await c.close();
});

describe('security headers in Chromium', () => {
  it('login, the app, an invoice PDF and the pay page with the test card form run with no CSP violation; nothing can frame the pay page', async () => {
    // A shop owner with a client and an invoice, made through the API.
    const owner = await seedOwner('csp', 'a', { name: 'Ada', company: 'Ada Stores' });
    const password = 'csp-pass-12345';
    const contact = await apiJson<{ id: string }>('/contacts', { token: owner.token, body: { name: 'Chidi Okafor', email: 'chidi@example.com' } });
    const invoice = await apiJson<{ id: string; number: string; public_id: string }>('/invoices', {
      token: owner.token,
      body: {
        contact_id: contact.id,
        issue_date: '2026-11-22',
        due_date: '2030-12-06',
        currency: 'KES',
        status: 'sent',
        lines: [{ id: crypto.randomUUID(), description: 'Maize flour, 24 bags', quantity: 2, unit_price: 150_000, fee_ids: [] }],
        fees: [],
        fee_ids: [],
      },
    });

    // 1. Login: the page comes with the headers, and signs in.
    const login = await newPage(PHONE);
    contexts.push(login.context);
    const loginCsp = await watchCsp(login.context, login.page);
    const doc = await login.page.goto('/login');
    const headers = doc!.headers();
    expect(headers['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval';");
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    await login.page.getByLabel('Username or e-mail').fill(String(owner.user.username));
    await login.page.getByLabel('Password', { exact: true }).fill(password);
    await login.page.getByRole('button', { name: 'Log in' }).click();
    await login.page.waitForURL('**/tabs/home');
    await login.page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    expect(loginCsp).toEqual([]);

    // 2. The app and an invoice's PDF, made on the device and shown from a blob: URL.
    const app = await signedInDevice(PHONE, owner);
    contexts.push(app.context);
    const appCsp = await watchCsp(app.context, app.page);
    await app.page.goto('/tabs/invoice');
    await app.page.getByText(invoice.number).first().waitFor({ timeout: 30_000 });
    await app.page.goto(`/invoices/${invoice.id}`);
    await app.page.getByRole('heading', { level: 1, name: invoice.number }).waitFor({ timeout: 30_000 });
    const pdf = app.page.getByTestId('pdf-preview');
    await pdf.waitFor({ timeout: 30_000 });
    expect(await pdf.getAttribute('data')).toMatch(/^blob:/);
    expect(appCsp).toEqual([]);

    // 3. The public pay page with the test card form, paid through to the thank-you page.
    const client = await (await getBrowser()).newContext({ viewport: PHONE, baseURL: baseUrl() });
    contexts.push(client);
    const cp = await client.newPage();
    const payCsp = await watchCsp(client, cp);
    const payDoc = await cp.goto(`/invoice/link/${invoice.public_id}`);
    expect(payDoc!.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await cp.getByTestId('public-balance').waitFor();
    // The card's Pay button (a shilling invoice also offers 'Pay … with M-Pesa' and other rails).
    await cp.getByTestId('public-pay-card').click();
    const dialog = cp.getByRole('dialog');
    await dialog.getByText('TEST MODE').waitFor();
    await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
    await dialog.getByLabel('Expiry (MM/YY)').fill('12/30');
    await dialog.getByLabel('CVC').fill('123');
    await dialog.getByLabel('Name on card').fill('Amina Yusuf');
    await dialog.getByRole('button', { name: /^Pay / }).click();
    await cp.waitForURL('**/thank-you**', { timeout: 30_000 });
    expect(payCsp).toEqual([]);

    // 4. Another site framing the pay page gets nothing (frame-ancestors 'none', X-Frame-Options DENY).
    const framer = await client.newPage();
    const refused: string[] = [];
    framer.on('console', (m) => refused.push(m.text()));
    await framer.setContent(`<iframe id="f" src="${baseUrl()}/invoice/link/${invoice.public_id}" width="360" height="600"></iframe>`);
    await framer.waitForTimeout(2000);
    const frame = framer.frames().find((f) => f !== framer.mainFrame());
    // Chromium shows its own error page in the frame, never the invoice.
    const framed = frame ? await frame.content().catch(() => '') : '';
    expect(framed).not.toContain(invoice.number);
    expect(refused.join('\n')).toMatch(/frame-ancestors|X-Frame-Options|Refused to (display|frame)/i);
  }, 180_000);
});

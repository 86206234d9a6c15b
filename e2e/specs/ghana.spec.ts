import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PaystackMomoServer, startPaystackMomoServer } from '../../apps/server/src/test/paystack-momo-server';
import { apiJson, shooter } from '../support/api';
import { getBrowser, newPage, PHONE } from '../support/browser';
import { seedOwner, signedInDevice } from '../support/owner';
import { freePort, type OwnProduct, startOwnProduct } from '../support/product';

const shot = shooter('ghana');

/**
 * Issue 25, Ghana through a real provider adapter, in Chromium at 360 px: a business in Accra with Paystack set up; its
 * client pays the invoice with MTN MoMo through Paystack's mobile_money channel (rail paystack_momo) against a local
 * server speaking Paystack's Charge API, which answers `pay_offline` and approves the prompt on the phone 1.5 s later
 * (Paystack's signed charge.success webhook, then Verify). The shared e2e product runs without Paystack keys (Nigeria's
 * specs use its TEST MODE checkout), so this spec starts the built product once more with Paystack's keys (its own data
 * directory), as lockout.spec.ts does for rate limits. The same client then pays another invoice with MTN MoMo through
 * Flutterwave's mobile_money_ghana on the shared e2e product's local Flutterwave server: Flutterwave answers with its
 * authorisation page (meta.authorization.redirect), the customer approves there and is sent back to the invoice.
 */
const SECRET = 'sk_live_e2e_ghana_paystack_0123';
let product: OwnProduct | undefined;
let base = '';
let paystack: PaystackMomoServer | undefined;

async function api<T>(p: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<T> {
  const headers: Record<string, string> = {};
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const res = await fetch(`${base}/api${p}`, {
    method: init.method ?? (init.body ? 'POST' : 'GET'),
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${p} → ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  paystack = await startPaystackMomoServer({ secretKey: SECRET, webhookUrl: () => `${base}/api/webhooks/paystack`, autoApproveMs: 1500 });
  product = await startOwnProduct('ghana', { PAYSTACK_SECRET_KEY: SECRET, PAYSTACK_API_BASE: paystack.base }, port);
}, 120_000);

afterAll(async () => {
  await product?.close();
  await paystack?.close();
});

const width = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('Ghana: MTN MoMo through Paystack, at 360 px (issue 25)', () => {
  it('the client pays with MTN MoMo, the page turns to Paid with the operator id, the owner sees it paid after sync', async () => {
    const id = Date.now().toString(36);
    const password = 'ghana-pass-12345';
    const username = `gh_${id}`;
    await api('/users', {
      body: {
        user: { name: 'Akua Owusu', username, email: `${username}@example.com`, password, company_name: 'Makola Fabrics', country: 'Ghana', language: 'en' },
      },
    });
    const { user, jwt: token } = await api<{ user: Record<string, unknown>; jwt: string }>('/user_token', { body: { auth: { email: username, password } } });
    const contact = await api<{ id: string }>('/contacts', { token, body: { name: 'Kofi Mensah', email: 'kofi@example.com' } });
    const inv = await api<{ id: string; number: string; public_id: string; total_due: number }>('/invoices', {
      token,
      body: {
        contact_id: contact.id,
        currency: 'GHS',
        status: 'sent',
        lines: [{ id: crypto.randomUUID(), description: 'Kente cloth, 2 pieces', quantity: 2, unit_price: 37_550, fee_ids: [] }],
      },
    });
    expect(inv.total_due).toBe(75_100);

    const browser = await getBrowser();
    const client = await browser.newContext({ viewport: PHONE, baseURL: base });
    try {
      const page = await client.newPage();
      await page.goto(`/invoice/link/${inv.public_id}`);
      await page.getByRole('heading', { name: `Invoice ${inv.number}`, exact: true }).waitFor();
      // Paystack reaches every Ghanaian network: one button per wallet, MTN MoMo first, none of them TEST MODE.
      const open = page.getByTestId('rail-paystack_momo-mtn-open');
      await open.waitFor();
      expect(await open.textContent()).toContain('MTN MoMo');
      expect(await open.textContent()).not.toContain('TEST');
      expect(await width(page)).toBeLessThanOrEqual(PHONE.width);
      await open.click();
      await page.getByTestId('rail-paystack_momo-mtn-phone').fill('024 412 3456');
      expect(await width(page)).toBeLessThanOrEqual(PHONE.width);
      await shot(page, 'form');
      await page.getByTestId('rail-paystack_momo-mtn-send').click();
      await page.getByText('Check your phone', { exact: true }).waitFor();
      await shot(page, 'check-phone');

      // Paystack was asked for the whole balance in pesewas, from the national number, on MTN.
      const [charge] = [...paystack!.txs.values()];
      expect(charge.body).toMatchObject({ amount: 75_100, currency: 'GHS', mobile_money: { phone: '0244123456', provider: 'mtn' } });

      // The local Paystack approves the prompt 1.5 s later and sends its signed webhook; the page verifies and says Paid.
      await page
        .getByTestId('public-status')
        .filter({ hasText: /^Paid$/ })
        .waitFor({ timeout: 20_000 });
      const receipt = page.getByTestId('rail-receipt');
      await receipt.waitFor();
      // The operator's id is Paystack's transaction id.
      expect(await receipt.textContent()).toMatch(new RegExp(`with MTN MoMo\\. Transaction id: ${charge.id}$`));
      expect(await width(page)).toBeLessThanOrEqual(PHONE.width);
      await shot(page, 'paid');
    } finally {
      await client.close();
    }

    const saved = await api<{
      status: string;
      balance: number;
      payments: Array<{ amount: number; method: string; provider: string; reference: string; test?: boolean }>;
    }>(`/invoices/${inv.id}`, { token });
    expect(saved).toMatchObject({ status: 'paid', balance: 0 });
    expect(saved.payments).toHaveLength(1);
    expect(saved.payments[0]).toMatchObject({ amount: 75_100, method: 'mobile_money', provider: 'paystack-momo' });
    expect(saved.payments[0].test ?? false).toBe(false);

    // The owner's phone syncs and shows the invoice paid.
    const owner = await browser.newContext({ viewport: PHONE, baseURL: base });
    try {
      await owner.addInitScript(
        ([t, u]) => {
          if (!localStorage.getItem('token')) {
            localStorage.setItem('token', t);
            localStorage.setItem('user', u);
            localStorage.setItem('welcome', 'true');
          }
        },
        [token, JSON.stringify(user)] as const,
      );
      const page = await owner.newPage();
      await page.goto(`/invoices/${inv.id}`);
      await page
        .getByTestId('view-status')
        .filter({ hasText: /^Paid$/ })
        .waitFor({ timeout: 30_000 });
      expect(await width(page)).toBeLessThanOrEqual(PHONE.width);
      await shot(page, 'owner-paid');
    } finally {
      await owner.close();
    }
  });
});

describe('Ghana: MTN MoMo through Flutterwave, at 360 px (issue 25)', () => {
  it("the client approves on Flutterwave's authorisation page, comes back to Paid with the operator id; the owner sees it paid", async () => {
    const owner = await seedOwner('ghflw', 'gh', { name: 'Yaw', company: 'Kumasi Traders', country: 'Ghana' });
    const token = owner.token;
    const contact = await apiJson<{ id: string }>('/contacts', { token, body: { name: 'Esi Boateng' } });
    const inv = await apiJson<{ id: string; number: string; public_id: string; total_due: number }>('/invoices', {
      token,
      body: {
        contact_id: contact.id,
        currency: 'GHS',
        status: 'sent',
        lines: [{ id: crypto.randomUUID(), description: 'Shea butter, 4 tubs', quantity: 4, unit_price: 12_500, fee_ids: [] }],
      },
    });
    expect(inv.total_due).toBe(50_000);

    const { context, page } = await newPage(PHONE);
    try {
      await page.goto(`/invoice/link/${inv.public_id}`);
      await page.getByRole('heading', { name: `Invoice ${inv.number}`, exact: true }).waitFor();
      // Only Flutterwave is set up on the shared product: each Ghanaian network is a way to pay through it, not TEST MODE.
      const open = page.getByTestId('rail-flutterwave-MTN-open');
      await open.waitFor();
      expect(await open.textContent()).toContain('MTN MoMo');
      expect(await open.textContent()).not.toContain('TEST');
      await open.click();
      await page.getByTestId('rail-flutterwave-MTN-phone').fill('024 412 3456');
      expect(await width(page)).toBeLessThanOrEqual(PHONE.width);
      await page.getByTestId('rail-flutterwave-MTN-send').click();

      // Flutterwave's authorisation page (the local server's), then back to the invoice with the outcome.
      await page.getByRole('heading', { name: 'Authorise payment', exact: true }).waitFor();
      expect(await page.getByText(/^Pay GHS 500\.00 from 233244123456 \(MTN\)$/).count()).toBe(1);
      await shot(page, 'flw-authorise');
      await page.getByRole('button', { name: 'Approve', exact: true }).click();
      await page.waitForURL(new RegExp(`/invoice/link/${inv.public_id}\\?rail=flutterwave&reference=`));
      await page
        .getByTestId('public-status')
        .filter({ hasText: /^Paid$/ })
        .waitFor({ timeout: 20_000 });
      const receipt = page.getByTestId('rail-receipt');
      await receipt.waitFor();
      expect(await receipt.textContent()).toMatch(/with MTN MoMo\. Transaction id: FLW-MOCK-\d+$/);
      expect(await width(page)).toBeLessThanOrEqual(PHONE.width);
      await shot(page, 'flw-paid');
    } finally {
      await context.close();
    }

    const saved = await apiJson<{
      status: string;
      balance: number;
      payments: Array<{ amount: number; method: string; provider: string; reference: string; test?: boolean }>;
    }>(`/invoices/${inv.id}`, { token });
    expect(saved).toMatchObject({ status: 'paid', balance: 0 });
    expect(saved.payments).toHaveLength(1);
    expect(saved.payments[0]).toMatchObject({ amount: 50_000, method: 'mobile_money', provider: 'flutterwave' });
    expect(saved.payments[0].reference).toMatch(/^FLW-MOCK-\d+$/);

    const device = await signedInDevice(PHONE, owner);
    try {
      await device.page.goto(`/invoices/${inv.id}`);
      await device.page
        .getByTestId('view-status')
        .filter({ hasText: /^Paid$/ })
        .waitFor({ timeout: 30_000 });
    } finally {
      await device.context.close();
    }
  });
});

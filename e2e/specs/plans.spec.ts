import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiJson, shooter } from '../support/api';
import { DESKTOP, PHONE } from '../support/browser';
import { type Owner, seedOwner, signedInDevice } from '../support/owner';

const shot = shooter('plans');
let seq = 0;
const owner = (country: string) =>
  seedOwner('plan', String(seq++), { name: country === 'Nigeria' ? 'Ada Obi' : 'Wanjiru Kamau', company: 'Duka Stores', country });
const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root', { hasText: text }).first();

/** Pays on the built-in test provider's checkout page with the success card. */
async function payOnTestCheckout(page: Page, amount: string) {
  await page.waitForURL(/\/test-checkout\//);
  const form = page.getByTestId('test-checkout-form');
  await form.getByLabel('Card number').fill('4242 4242 4242 4242');
  await form.getByLabel('Expiry (MM/YY)').fill('12/34');
  await form.getByLabel('CVC').fill('123');
  await form.getByLabel('Name on card').fill('Ada Obi');
  await shot(page, `test-checkout-${page.viewportSize()?.width}`);
  // The thank-you is the pay page's (public/main.tsx): it must not load and start the app over itself (t21: an uncaught
  // "Failed to execute 'removeChild' on 'Node'" as the app's React root drew into the pay page's #root).
  const errors: string[] = [];
  const appCode: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('request', (r) => {
    if (/\/assets\/appMain-[^/]+\.js$/.test(new URL(r.url()).pathname) && page.url().includes('/thank-you')) appCode.push(r.url());
  });
  await form.getByRole('button', { name: `Pay ${amount}` }).click();
  await page.waitForURL(/\/thank-you\?checkout=/);
  await page.getByTestId('checkout-paid').waitFor();
  await page.waitForLoadState('networkidle');
  expect(errors).toEqual([]);
  expect(appCode).toEqual([]);
}

async function openUpgrade(page: Page, wide: boolean) {
  await page.goto('/tabs/home');
  if (wide) {
    await page.getByRole('banner').getByRole('link', { name: 'Upgrade' }).click();
  } else {
    await page.getByRole('button', { name: 'More' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Upgrade' }).click();
  }
}

describe('plans (SPEC §2, §7, §9)', () => {
  for (const [name, viewport] of [
    ['phone 360 px', PHONE],
    ['desktop 1280 px', DESKTOP],
  ] as const) {
    it(`a Nigerian subscribes through the test checkout, changes plan and cancels (${name})`, async () => {
      const ada: Owner = await owner('Nigeria');
      const { context, page } = await signedInDevice(viewport, ada);
      try {
        await openUpgrade(page, viewport === DESKTOP);
        await page.waitForURL(/\/plan\/subscribe$/);
        // Footer plans in naira.
        await page.getByTestId('plan-ng-monthly').getByText('₦2,000').waitFor();
        await page.getByTestId('plan-ng-6-month').getByText('₦6,000').waitFor();
        await page.getByTestId('plan-ng-yearly').getByText('₦14,000').waitFor();
        await shot(page, `subscribe-${viewport.width}`);
        await page.getByRole('button', { name: 'Subscribe: Monthly' }).click();
        await payOnTestCheckout(page, '₦2,000');
        // thank-you waits for the webhook-confirmed state.
        await page.getByRole('heading', { name: 'Your Monthly plan is active' }).waitFor();
        expect(await page.getByTestId('checkout-credit').innerText()).toBe('Your AI credit balance is now 250.');
        await shot(page, `thank-you-${viewport.width}`);

        await page.getByRole('link', { name: 'Go to Billing' }).click();
        await page.waitForURL(/\/settings\/billing$/);
        await page.getByTestId('plan-name').filter({ hasText: 'Monthly' }).waitFor();
        expect(await page.getByTestId('plan-status').innerText()).toMatch(/active/i);
        expect(await page.getByTestId('billing-credit').innerText()).toBe('250');
        const history = page.getByTestId('billing-history');
        await history.getByText('Monthly plan').waitFor();
        await history.getByText('₦2,000').waitFor();
        await page.getByTestId('plan-renewal').waitFor();
        await shot(page, `billing-${viewport.width}`);
        await history.scrollIntoViewIfNeeded();
        await shot(page, `billing-history-${viewport.width}`);

        // Change Plan (SPEC modal 5). Its code loads when it is opened (issue 30); on the phone, the link drops the
        // first time: a toast says so, and its Try again opens the dialog once the code can come.
        if (viewport === PHONE) {
          const chunk = /\/assets\/ChangePlanModal-[^/]+\.js$/;
          await page.route(chunk, (route) => route.abort('internetdisconnected'));
          await page.getByRole('button', { name: 'Change Plan' }).click();
          const failed = toast(page, 'This could not be opened: check your internet connection and try again.');
          await failed.hover();
          await page.unroute(chunk);
          await failed.getByRole('button', { name: 'Try again', exact: true }).click();
        } else await page.getByRole('button', { name: 'Change Plan' }).click();
        const modal = page.getByRole('dialog', { name: 'Change Plan' });
        await modal.getByRole('button', { name: 'Yes Change My Plan' }).click();
        await modal.getByText('Choose a plan').waitFor();
        await modal.getByRole('radio', { name: '12 Months' }).check();
        await modal.getByText('You will be charged ₦25,500 for 12 months subscription.').waitFor();
        expect(await modal.getByTestId('plan-presale').innerText()).toBe('₦2,550');
        await shot(page, `change-plan-${viewport.width}`);
        await modal.getByRole('button', { name: 'Yes Change My Plan' }).click();
        await toast(page, 'Plan successfully changed').waitFor();
        // Monthly runs until its end; the page says what comes next (t21 B1).
        await page
          .getByTestId('plan-change')
          .filter({ hasText: /^Changes to 12 Months on / })
          .waitFor();
        await page.getByTestId('plan-name').filter({ hasText: 'Monthly' }).waitFor();

        // Cancel, with a confirmation first.
        await page.getByRole('button', { name: 'Cancel plan' }).click();
        const confirm = page.getByRole('dialog', { name: 'Cancel plan' });
        await confirm.getByText(/stays active until/).waitFor();
        await confirm.getByRole('button', { name: 'Cancel plan' }).click();
        await page
          .getByTestId('plan-status')
          .filter({ hasText: /cancelled/i })
          .waitFor();
        await page.getByTestId('plan-renewal').filter({ hasText: 'Ends on' }).waitFor();
        const sub = await apiJson<{ status: string; intent: string; paid: boolean }>('/subscriptions', { token: ada.token });
        expect(sub).toMatchObject({ status: 'cancelled', intent: 'ng-12-months', paid: true });
      } finally {
        await context.close();
      }
    });
  }

  it('a Kenyan is sent to /plan/portal with the dollar plans', async () => {
    const wanjiru = await owner('Kenya');
    const { context, page } = await signedInDevice(PHONE, wanjiru);
    try {
      await openUpgrade(page, false);
      await page.waitForURL(/\/plan\/portal$/);
      await page.getByTestId('plan-usd-monthly').getByText('$7.99').waitFor();
      await page.getByTestId('plan-usd-yearly').getByText('$59.99', { exact: true }).waitFor();
      // The struck pre-sale price, and what the sale saves (issue 23 item 12).
      await page.getByTestId('plan-usd-yearly').getByText('$95.88', { exact: true }).waitFor();
      await page.getByTestId('plan-usd-yearly').getByText('Sale price: usually $95.88. You save $35.89 (37%).').waitFor();
      await page.getByTestId('plan-usd-lifetime').getByText('$249.99').waitFor();
      await shot(page, 'portal-360');
    } finally {
      await context.close();
    }
  });

  it('after 50 credits are spent, buying 100 credits lets the next generation through', async () => {
    const buyer = await owner('Ghana');
    for (let i = 0; i < 5; i++) {
      await apiJson('/ai-writter/generate', { token: buyer.token, body: { generate: 'business_name', description: `A juice bar in Osu number ${i}` } });
    }
    expect(await apiJson('/ai-writter/credit', { token: buyer.token })).toEqual({ credit: 0 });
    const { context, page } = await signedInDevice(DESKTOP, buyer, { aiBannerDismissed: true });
    try {
      await page.goto('/ai/newsletter');
      await page.getByLabel('Describe Your Update').fill('We now deliver fresh juice across Accra');
      await page.getByRole('button', { name: /^Generate/ }).click();
      const alert = page.getByRole('dialog').filter({ hasText: "You don't have enough credit. Please buy credit to continue..." });
      await alert.waitFor();
      await alert.getByRole('button', { name: 'Buy Credit' }).click();
      await page.getByRole('button', { name: 'Buy 100 credits' }).click();
      await payOnTestCheckout(page, '$1.99');
      await page.getByRole('heading', { name: '100 credits were added' }).waitFor();
      expect(await page.getByTestId('checkout-credit').innerText()).toBe('Your AI credit balance is now 100.');
      await page.getByRole('link', { name: 'Back to the AI writer' }).click();
      await page.getByTestId('credit-balance').filter({ hasText: '100' }).waitFor();
      await page.goto('/ai/newsletter');
      await page.getByLabel('Describe Your Update').fill('We now deliver fresh juice across Accra');
      await page.getByRole('button', { name: /^Generate/ }).click();
      await page.getByRole('dialog', { name: /Newsletter/ }).waitFor({ timeout: 30_000 });
      expect(await apiJson('/ai-writter/credit', { token: buyer.token })).toEqual({ credit: 95 });
    } finally {
      await context.close();
    }
  });
});

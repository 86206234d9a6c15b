import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiJson, shooter } from '../support/api';
import { newPage, PHONE } from '../support/browser';
import { seedOwner } from '../support/owner';

const shot = shooter('flutterwave');

/**
 * Issue 25: Nigeria's alternative to Paystack, Flutterwave's hosted checkout, and South Africa's bank payment through
 * Flutterwave (v3 charge type ach_payment, whose page the local server serves the same way), end to end against the e2e's local
 * Flutterwave server (e2e/support/global-setup.ts; its hosted page has Pay now and Cancel payment). Flutterwave sends
 * the customer back with ?status&tx_ref&transaction_id: the page has the server verify that transaction at once and
 * shows Paid with the operator's id; a cancelled checkout (?status=cancelled, no transaction_id) is said at once, with
 * Try again.
 */

interface Saved {
  status: string;
  balance: number;
  payments: Array<{ method: string; reference: string; provider: string; test?: boolean }>;
}

async function nairaInvoice(tag: string) {
  const owner = await seedOwner('flw', tag, { name: 'Adaeze', company: 'Adaeze Fabrics', country: 'Nigeria' });
  const contact = await apiJson<{ id: string }>('/contacts', { token: owner.token, body: { name: 'Chioma Okafor' } });
  const inv = await apiJson<{ id: string; number: string; public_id: string; total_due: number }>('/invoices', {
    token: owner.token,
    body: {
      contact_id: contact.id,
      currency: 'NGN',
      status: 'sent',
      lines: [{ id: crypto.randomUUID(), description: 'Ankara fabric, 4 yards', quantity: 4, unit_price: 350_000, fee_ids: [] }],
    },
  });
  return { token: owner.token, inv };
}

/** On the invoice page, a tap on Flutterwave goes to its hosted checkout (the local server's page). */
async function toCheckout(page: Page) {
  await page.getByTestId('rail-flutterwave_checkout-open').click();
  await page.waitForURL(/\/v3\/hosted\/pay\/\d+$/);
  await page.getByRole('heading', { name: 'Flutterwave checkout', exact: true }).waitFor();
}

const fitsPhone = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

describe("Flutterwave's hosted checkout (Nigeria), at 360 px", () => {
  it('the customer pays, comes back with transaction_id, and the page shows Paid with the operator id', async () => {
    const { token, inv } = await nairaInvoice('pay');
    const { context, page } = await newPage(PHONE);
    try {
      await page.goto(`/invoice/link/${inv.public_id}`);
      await page.getByRole('heading', { name: `Invoice ${inv.number}`, exact: true }).waitFor();
      const open = page.getByTestId('rail-flutterwave_checkout-open');
      expect(await open.textContent()).toMatch(/^Pay ₦[\d,.]+ with Flutterwave$/);
      await fitsPhone(page);
      await toCheckout(page);
      await page.getByRole('button', { name: 'Pay now', exact: true }).click();
      await page.waitForURL(
        new RegExp(`/invoice/link/${inv.public_id}\\?rail=flutterwave_checkout&reference=[^&]+&status=successful&tx_ref=[^&]+&transaction_id=\\d+$`),
      );
      const receipt = page.getByTestId('rail-receipt');
      await receipt.waitFor({ timeout: 20_000 });
      expect(await receipt.textContent()).toMatch(/^Paid ₦[\d,.]+ with Flutterwave\. Transaction id: FLW-MOCK-\d+$/);
      // Real money (a live key's payment): the status reads Paid, not "Paid (TEST)".
      await page
        .getByTestId('public-status')
        .filter({ hasText: /^Paid$/ })
        .waitFor({ timeout: 20_000 });
      await fitsPhone(page);
      await shot(page, 'paid');

      const saved = await apiJson<Saved>(`/invoices/${inv.id}`, { token });
      expect(saved.status).toBe('paid');
      expect(saved.balance).toBe(0);
      expect(saved.payments).toHaveLength(1);
      expect(saved.payments[0]).toMatchObject({ provider: 'flutterwave', method: 'card' });
      expect(saved.payments[0].test ?? false).toBe(false);
      expect(await receipt.textContent()).toContain(saved.payments[0].reference);
    } finally {
      await context.close();
    }
  });

  it('a cancelled checkout is said at once on the way back, and Try again goes back to the checkout', async () => {
    const { token, inv } = await nairaInvoice('cancel');
    const { context, page } = await newPage(PHONE);
    try {
      await page.goto(`/invoice/link/${inv.public_id}`);
      await toCheckout(page);
      await page.getByRole('button', { name: 'Cancel payment', exact: true }).click();
      await page.waitForURL(new RegExp(`/invoice/link/${inv.public_id}\\?rail=flutterwave_checkout&reference=[^&]+&status=cancelled&tx_ref=[^&]+$`));
      const back = Date.now();
      const result = page.getByTestId('rail-flutterwave_checkout-result');
      await result.filter({ hasText: 'The Flutterwave payment was cancelled. You can try again.' }).waitFor({ timeout: 10_000 });
      // Said once the page has drawn, not after the 2 minutes the page gives a payment before it gives up.
      expect(Date.now() - back).toBeLessThan(10_000);
      expect(await page.getByTestId('rail-flutterwave_checkout-waiting').count()).toBe(0);
      await fitsPhone(page);
      await shot(page, 'cancelled');
      expect((await apiJson<Saved>(`/invoices/${inv.id}`, { token })).payments).toHaveLength(0);

      await page.getByTestId('rail-flutterwave_checkout-retry').click();
      await page.waitForURL(/\/v3\/hosted\/pay\/\d+$/);
      await page.getByRole('button', { name: 'Pay now', exact: true }).click();
      await page
        .getByTestId('public-status')
        .filter({ hasText: /^Paid$/ })
        .waitFor({ timeout: 20_000 });
      const saved = await apiJson<Saved>(`/invoices/${inv.id}`, { token });
      expect(saved).toMatchObject({ status: 'paid', balance: 0 });
      expect(saved.payments).toHaveLength(1);
    } finally {
      await context.close();
    }
  });
});

describe("Flutterwave's bank payment (South Africa), at 360 px", () => {
  it('beside the TEST ways to pay, the customer pays from their bank on Flutterwave’s page and the page shows Paid', async () => {
    const owner = await seedOwner('flw', 'za', { name: 'Thandi', company: 'Thandi Crafts', country: 'South Africa' });
    const contact = await apiJson<{ id: string }>('/contacts', { token: owner.token, body: { name: 'Sipho Dlamini' } });
    const inv = await apiJson<{ id: string; number: string; public_id: string }>('/invoices', {
      token: owner.token,
      body: {
        contact_id: contact.id,
        currency: 'ZAR',
        status: 'sent',
        lines: [{ id: crypto.randomUUID(), description: 'Beaded baskets, 3', quantity: 3, unit_price: 45_000, fee_ids: [] }],
      },
    });
    const { context, page } = await newPage(PHONE);
    try {
      await page.goto(`/invoice/link/${inv.public_id}`);
      await page.getByRole('heading', { name: `Invoice ${inv.number}`, exact: true }).waitFor();
      // Flutterwave is set up (the local server): no TEST MODE tag; Paystack's EFT beside it has no key: TEST MODE.
      const open = page.getByTestId('rail-flutterwave_eft-open');
      expect(await open.textContent()).toMatch(/^Pay R\s?[\d\s,.]+ with Flutterwave bank payment$/);
      expect(await page.getByTestId('rail-paystack_eft-open').textContent()).toContain('TEST MODE');
      await fitsPhone(page);
      await shot(page, 'za-page');
      await open.click();
      await page.waitForURL(/\/v3\/hosted\/pay\/\d+$/);
      await page.getByRole('button', { name: 'Pay now', exact: true }).click();
      await page.waitForURL(
        new RegExp(`/invoice/link/${inv.public_id}\\?rail=flutterwave_eft&reference=[^&]+&status=successful&tx_ref=[^&]+&transaction_id=\\d+$`),
      );
      const receipt = page.getByTestId('rail-receipt');
      await receipt.waitFor({ timeout: 20_000 });
      expect(await receipt.textContent()).toMatch(/^Paid R\s?[\d\s,.]+ with Flutterwave bank payment\. Transaction id: FLW-ACH-\d+$/);
      await page
        .getByTestId('public-status')
        .filter({ hasText: /^Paid$/ })
        .waitFor({ timeout: 20_000 });
      await fitsPhone(page);
      await shot(page, 'za-paid');

      const saved = await apiJson<Saved>(`/invoices/${inv.id}`, { token: owner.token });
      expect(saved).toMatchObject({ status: 'paid', balance: 0 });
      expect(saved.payments).toHaveLength(1);
      expect(saved.payments[0]).toMatchObject({ provider: 'flutterwave', method: 'bank_transfer' });
      expect(saved.payments[0].test ?? false).toBe(false);
      expect(await receipt.textContent()).toContain(saved.payments[0].reference);
    } finally {
      await context.close();
    }
  });
});

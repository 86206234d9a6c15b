import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiJson, shooter } from '../support/api';
import { baseUrl, getBrowser, PHONE } from '../support/browser';
import { layoutProblems } from '../support/layout';
import { seedOwner, signedInDevice } from '../support/owner';

/** A date `n` days from now: a quote valid until a fixed day would be expired (no Accept) from the day after. */
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** Issue 23 items 11 and 16 at 360 px: a quote's public page, the receipt dialog, the invoices summary, the price field, the test checkout. */
const shot = shooter('issue23');

async function noLayoutProblems(page: Page, where: string) {
  const problems = (await layoutProblems(page)).filter((p) => p.kind !== 'short-page');
  expect(problems.map((p) => `${where}: ${p.kind} ${p.what} (${p.detail})`)).toEqual([]);
}

describe('issue 23 at 360 px', () => {
  it('quote page (Quote, Valid until, Total, Accept), receipt with a long reference, summary, price field, checkout radios', async () => {
    const owner = await seedOwner('i23', 'ng', { name: 'Tunde', company: 'Tunde Tailors', country: 'Nigeria' });
    const token = owner.token;
    await apiJson(`/users/${String(owner.user.username)}`, {
      method: 'PATCH',
      token,
      body: { user: { invoice_settings: { pay_channels: ['card', 'bank_transfer', 'ussd', 'mobile_money'], customer_pays_fee: false } } },
    });
    const contact = await apiJson<{ id: string }>('/contacts', { token, body: { name: 'Chidi Okafor', email: 'chidi23@example.com' } });
    const line = (price: number) => [{ id: crypto.randomUUID(), description: 'Wedding gown', quantity: 1, unit_price: price, fee_ids: [] }];
    const quote = await apiJson<{ id: string; public_id: string; number: string }>('/invoices', {
      token,
      body: { contact_id: contact.id, kind: 'quote', status: 'sent', currency: 'NGN', due_date: inDays(30), lines: line(13_960_592) },
    });
    const inv = await apiJson<{ id: string; public_id: string; number: string }>('/invoices', {
      token,
      body: { contact_id: contact.id, status: 'sent', currency: 'NGN', lines: line(13_960_592) },
    });
    await apiJson(`/invoices/${inv.id}/payments`, {
      token,
      body: {
        amount: 13_960_592,
        method: 'bank_transfer',
        // The business's day (Lagos), as the invoices tab's "Paid this month" counts it: the UTC day is the month before
        // between 23:00 and 24:00 UTC on a month's last day, and the total would then stay ₦0.00.
        date: new Date().toLocaleDateString('en-CA', { timeZone: 'Africa/Lagos' }),
        reference: 'FT26330ZXQ9K7PL2M4N8B6V1C3X5Z7A9S2D4F6G8H0J',
      },
    });

    // The customer's side of a quote.
    const client = await (await getBrowser()).newContext({ viewport: PHONE });
    try {
      const cp = await client.newPage();
      await cp.goto(`${baseUrl()}/invoice/link/${quote.public_id}`);
      await cp.getByRole('heading', { name: `Quote ${quote.number}` }).waitFor({ timeout: 30_000 });
      await cp.getByText('Valid until').waitFor();
      expect(await cp.getByText('Due date', { exact: true }).count()).toBe(0);
      expect(await cp.getByText('Total due', { exact: true }).count()).toBe(0);
      await cp.getByRole('button', { name: 'Accept quote' }).waitFor();
      await noLayoutProblems(cp, 'quote page');
      await shot(cp, 'quote-page');
      await cp.getByRole('button', { name: 'Accept quote' }).click();
      await cp.getByText(/You accepted this quote/).waitFor();
      const converted = await apiJson<{ status: string; converted_invoice_id: string }>(`/invoices/${quote.id}`, { token });
      expect(converted.status).toBe('converted');

      // The test provider's checkout: its radio icons are Mantine's small circles, not 117 px black discs.
      const unpaid = await apiJson<{ public_id: string }>('/invoices', {
        token,
        body: { contact_id: contact.id, status: 'sent', currency: 'NGN', lines: line(1_000_000) },
      });
      await cp.goto(`${baseUrl()}/invoice/link/${unpaid.public_id}`);
      await cp.getByRole('button', { name: /^Pay ₦[\d,.]+ TEST MODE$/ }).click();
      await cp.waitForURL('**/pay/checkout/*');
      await cp.getByRole('radio').first().waitFor();
      const sizes = await cp.getByRole('radio').evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().width)));
      expect(
        sizes.every((w) => w > 0 && w <= 24),
        String(sizes),
      ).toBe(true);
      await noLayoutProblems(cp, 'test checkout');
      await shot(cp, 'test-checkout');
    } finally {
      await client.close();
    }

    const { context, page } = await signedInDevice(PHONE, owner, { aiBannerDismissed: true });
    try {
      // Paid this month ₦139,605.92: on one line, not broken inside the number.
      await page.goto('/tabs/invoice');
      const paid = page.getByTestId('sum-paid');
      await paid.filter({ hasText: '₦139,605.92' }).waitFor({ timeout: 30_000 });
      const lines = await paid.evaluate((el) => Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)));
      expect(lines).toBe(1);
      await noLayoutProblems(page, 'invoices tab');
      await shot(page, 'invoices-tab');

      // The receipt dialog with a long reference keeps Amount and Date on screen.
      await page.goto(`/invoices/${inv.id}`);
      await page.getByRole('heading', { level: 1, name: inv.number }).waitFor({ timeout: 30_000 });
      await page
        .getByRole('button', { name: /^Receipt / })
        .first()
        .click();
      const receipt = page.getByTestId('receipt');
      await receipt.getByTestId('receipt-amount').filter({ hasText: '₦139,605.92' }).waitFor();
      for (const id of ['receipt-amount', 'receipt-date', 'receipt-method', 'receipt-reference']) {
        const box = await receipt.getByTestId(id).boundingBox();
        expect(box && box.x + box.width, id).toBeLessThanOrEqual(PHONE.width);
      }
      await shot(page, 'receipt');
      await page.keyboard.press('Escape');

      // The unit price field shows "12,500.50" whole.
      await page.goto('/new-invoice');
      await page.getByRole('button', { name: 'Add line' }).click();
      const price = page.getByLabel('Unit price 1', { exact: true });
      await price.fill('12500.50');
      await price.blur();
      const fits = await price.evaluate((el) => (el as HTMLInputElement).scrollWidth <= (el as HTMLInputElement).clientWidth);
      expect(fits, await price.inputValue()).toBe(true);
      await noLayoutProblems(page, 'editor');
      await shot(page, 'editor');
    } finally {
      await context.close();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { apiJson, shooter } from '../support/api';
import { newPage, PHONE } from '../support/browser';
import { layoutProblems } from '../support/layout';
import { seedOwner } from '../support/owner';

/**
 * Issue 23, what verify27 still saw in the built product, at 360 px: the pay page's card and Flutterwave buttons write
 * the typed part alike and follow the field when it is emptied; the Upgrade page opened from a token link in a fresh
 * browser speaks the owner's French and says which price list it sells.
 */
const shot = shooter('verify27-23');
const spaces = (s: string | null) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ').trim();

describe('verify27 leftovers of issue 23 at 360 px', () => {
  it('a naira invoice with kobo: both pay buttons say ₦10,000.00 for a typed 10,000, and no amount once the field is emptied', async () => {
    const owner = await seedOwner('v27', 'pay', { name: 'Tunde', company: 'Tunde Tailoring', country: 'Nigeria' });
    const contact = await apiJson<{ id: string }>('/contacts', { token: owner.token, body: { name: 'Chidi Okafor' } });
    const inv = await apiJson<{ public_id: string; total_due: number }>('/invoices', {
      token: owner.token,
      body: {
        contact_id: contact.id,
        currency: 'NGN',
        status: 'sent',
        part_payments: true,
        lines: [{ id: crypto.randomUUID(), description: 'Wedding agbada', quantity: 1, unit_price: 3_601_788, fee_ids: [] }],
        fees: [],
        fee_ids: [],
      },
    });
    expect(inv.total_due).toBe(3_601_788);
    const { context, page } = await newPage(PHONE);
    try {
      await page.goto(`/invoice/link/${inv.public_id}`);
      const card = page.getByTestId('paystack-pay-button');
      const flutterwave = page.getByTestId('rail-flutterwave_checkout-open');
      await expect.poll(async () => spaces(await card.textContent()), { timeout: 30_000 }).toBe('Pay ₦36,017.88 TEST MODE');
      const amount = page.getByLabel('Amount to pay');
      await amount.fill('10,000');
      await amount.blur();
      await expect.poll(async () => spaces(await card.textContent()), { timeout: 30_000 }).toBe('Pay ₦10,000.00 TEST MODE');
      expect(spaces(await flutterwave.textContent())).toContain('Pay ₦10,000.00 with Flutterwave');
      await shot(page, 'pay-part');

      await amount.fill('');
      await expect.poll(async () => spaces(await card.textContent()), { timeout: 30_000 }).toBe('Pay now TEST MODE');
      expect(await card.isDisabled()).toBe(true);
      expect(spaces(await flutterwave.textContent())).toContain('Pay with Flutterwave');
      expect(await flutterwave.isDisabled()).toBe(true);
      await page.getByText('Enter the amount to pay.').waitFor();
      await shot(page, 'pay-empty');
    } finally {
      await context.close();
    }
  });

  it('the Upgrade page from a token link, in a fresh browser, is in the French owner’s language and names its price list', async () => {
    const owner = await seedOwner('v27', 'plan', { name: 'Aline', company: 'Aline Couture', country: 'Nigeria', language: 'fr' });
    const { context, page } = await newPage(PHONE);
    try {
      await page.goto(`/plan/subscribe?token=${owner.token}`);
      await page.getByRole('heading', { name: 'Choisissez un forfait' }).waitFor({ timeout: 30_000 });
      await page.getByRole('heading', { name: 'Prix d’abonnement' }).waitFor();
      expect(spaces(await page.getByTestId('plan-group-note').textContent())).toContain('1 mois 4 200 ₦');
      expect(await page.getByText('Choose a plan').count()).toBe(0);
      const problems = (await layoutProblems(page)).filter((p) => p.kind !== 'short-page');
      expect(problems.map((p) => `${p.kind} ${p.what} (${p.detail})`)).toEqual([]);
      await shot(page, 'plan-token-fr');
    } finally {
      await context.close();
    }
  });
});

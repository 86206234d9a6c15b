import { describe, expect, it } from 'vitest';
import { apiJson, shooter } from '../support/api';
import { PHONE } from '../support/browser';
import { seedOwner, signedInDevice } from '../support/owner';

const shot = shooter('money23');
const spaces = (s: string) => s.replace(/\s/g, ' ');

/** Issue 23, items 2 and 3: money typed in the screen's language; a Cameroonian business invoices in CFA francs. */
describe('money in the screen’s language and currency (issue 23)', () => {
  async function editorWithLine(owner: Awaited<ReturnType<typeof seedOwner>>, client: string) {
    await apiJson('/contacts', { token: owner.token, body: { name: client } });
    const { context, page } = await signedInDevice(PHONE, owner);
    await page.goto('/new-invoice');
    await page.getByRole('button', { name: 'Choisir un client' }).click();
    await page.getByRole('dialog').getByText(client).click();
    await page.getByTestId('chosen-client').filter({ hasText: client }).waitFor();
    const description = page.getByLabel('Description 1', { exact: true });
    if (!(await description.isVisible())) await page.getByRole('button', { name: 'Ajouter une ligne' }).click();
    await description.fill('Robe en wax brodée');
    return { context, page, price: page.getByLabel('Prix unitaire 1', { exact: true }) };
  }

  it('French screen: "12500,50" in Prix unitaire is 12 500,50; "12.500" is refused, not guessed', async () => {
    const owner = await seedOwner('money', 'fr', { name: 'Ada', company: 'Ada Couture', country: 'Nigeria', language: 'fr' });
    const { context, page, price } = await editorWithLine(owner, 'Mme Ebogo');
    try {
      await price.fill('12500,50');
      await price.blur();
      expect(await price.inputValue()).toBe('12\u202f500,50');
      await expect.poll(async () => spaces((await page.getByTestId('line-amount').first().textContent()) ?? '')).toBe('12 500,50 ₦');
      await shot(page, 'fr-price');

      await price.fill('12.500');
      await price.blur();
      await page.getByText('« 12.500 » peut se lire de deux façons').waitFor();
      await expect.poll(async () => spaces((await page.getByTestId('line-amount').first().textContent()) ?? '')).toBe('0 ₦');

      await price.fill('12 500,50');
      await price.blur();
      await page.getByRole('button', { name: 'Terminer' }).click();
      await page.waitForURL(/\/invoices\/[0-9a-f-]{36}$/);
      const id = page.url().split('/').pop();
      await expect
        .poll(
          async () =>
            (
              await apiJson<{ records: Array<{ id: string; lines: Array<{ unit_price: number }> }> }>('/invoices?limit=10', { token: owner.token })
            ).records.find((r) => r.id === id)?.lines[0]?.unit_price,
          {
            timeout: 30_000,
            interval: 500,
          },
        )
        .toBe(1_250_050);
    } finally {
      await context.close();
    }
  });

  it('a business in Cameroon starts in CFA francs (whole francs) and its pay page has no naira checkout', async () => {
    const owner = await seedOwner('money', 'cm', { name: 'Ngono', company: 'Atelier Ngono', country: 'Cameron', language: 'fr' });
    const state = await apiJson<{ user: { invoice_settings: string } }>('/state', { token: owner.token });
    expect((JSON.parse(state.user.invoice_settings) as { currency: string }).currency).toBe('XAF');
    const { context, page, price } = await editorWithLine(owner, 'Boutique Mbarga');
    try {
      await price.fill('12500');
      await price.blur();
      expect(await price.inputValue()).toBe('12\u202f500');
      await expect.poll(async () => spaces((await page.getByTestId('line-amount').first().textContent()) ?? '')).toBe('12 500 FCFA');
      await price.fill('12,5');
      await price.blur();
      await page.getByText('Pas de décimales en XAF').waitFor();
      await price.fill('12500');
      await page.getByRole('button', { name: 'Terminer' }).click();
      await page.waitForURL(/\/invoices\/[0-9a-f-]{36}$/);
      const id = page.url().split('/').pop();
      const stored = async () =>
        (
          await apiJson<{ records: Array<{ id: string; currency: string; lines: Array<{ unit_price: number }>; public_id: string }> }>('/invoices?limit=10', {
            token: owner.token,
          })
        ).records.find((r) => r.id === id);
      await expect.poll(async () => (await stored())?.lines[0]?.unit_price, { timeout: 30_000, interval: 500 }).toBe(12_500);
      const inv = (await stored())!;
      expect(inv.currency).toBe('XAF');
      await page.goto(`/invoice/link/${inv.public_id}`);
      await page.getByText('Télécharger', { exact: false }).first().waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('paystack-pay').count()).toBe(0);
      await shot(page, 'xaf-public');
    } finally {
      await context.close();
    }
  });
});

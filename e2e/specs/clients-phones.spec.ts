import { describe, expect, it } from 'vitest';
import { apiJson } from '../support/api';
import { PHONE } from '../support/browser';
import { seedOwner, signedInDevice } from '../support/owner';

/**
 * Phones are stored in E.164 and shown as the client's country writes them, else the business's (libphonenumber-js,
 * core formatPhone): on the client list, in search and in the invoice's client picker alike (t21 leftovers: the list
 * showed "+263772345678"; the picker and search read a number with no country in no country, "+263 772 345 678").
 */
describe('client phones as their country writes them', () => {
  it('a Zimbabwean shop sees 0772 345 678 everywhere, a Ghanaian client’s number in Ghana’s way', async () => {
    const owner = await seedOwner('phn', 'zw', { name: 'Tendai', company: 'Tendai Hardware', country: 'Zimbabwe' });
    await apiJson('/contacts', { token: owner.token, body: { name: 'Chipo Moyo', phone: '+263772345678' } });
    await apiJson('/contacts', { token: owner.token, body: { name: 'Ama Mensah', phone: '+233244123456', country: 'Ghana' } });
    const { context, page } = await signedInDevice(PHONE, owner, { aiBannerDismissed: true });
    try {
      await page.goto('/tabs/home');
      // The phone rules come once the list is drawn and the first sync is off the link (issue 30).
      await page.getByText('0772 345 678', { exact: true }).waitFor({ timeout: 30_000 });
      await page.getByText('024 412 3456', { exact: true }).waitFor();
      expect(await page.getByText('+263772345678').count()).toBe(0);

      await page.goto('/tabs/search');
      await page.getByLabel('Search everything').fill('chipo');
      await page.getByText('0772 345 678', { exact: true }).waitFor({ timeout: 15_000 });

      await page.goto('/new-invoice');
      await page.getByRole('button', { name: 'Choose a client' }).click();
      const picker = page.getByRole('dialog', { name: 'Select A Customer' });
      await picker
        .getByRole('button', { name: /Chipo Moyo/ })
        .getByText('0772 345 678', { exact: true })
        .waitFor();
      await picker
        .getByRole('button', { name: /Ama Mensah/ })
        .getByText('024 412 3456', { exact: true })
        .waitFor();
    } finally {
      await context.close();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { apiJson, shooter } from '../support/api';
import { newPage, PHONE } from '../support/browser';
import { seedOwner, signedInDevice } from '../support/owner';
import { freshUser, RegisterScreen } from '../support/pages/accounts';

/** Issue 17 end to end: an affiliate joins, a visitor signs up through the link, the dashboard shows it. */

const shot = shooter('affiliates');

describe('affiliate programme (issue 17)', () => {
  it('an affiliate link used for a sign-up shows on the dashboard', async () => {
    const owner = await seedOwner('aff', 'o', { name: 'Amina', company: 'Amina Crafts' });
    const affiliate = await signedInDevice(PHONE, owner);
    const visitor = await newPage(PHONE);
    try {
      const { page } = affiliate;
      await page.goto('/affiliate');
      await page.getByText('Earn 20% of what the people you bring to Duka pay for their plan, for their first 12 months.').waitFor();
      await shot(page, 'programme');
      await page.getByRole('link', { name: 'Join the programme' }).click();
      await page.getByRole('heading', { name: 'Become an affiliate' }).waitFor();
      await page.getByText('Mobile money').click();
      await page.getByRole('button', { name: 'Join' }).click();
      await page.getByText('Enter the mobile-money provider (e.g. M-Pesa)').waitFor();
      await page.getByLabel('Mobile-money provider').fill('M-Pesa');
      await page.getByLabel('Mobile-money number').fill('+254 700 111 222');
      await page.getByRole('button', { name: 'Join' }).click();
      await page.getByRole('heading', { name: 'Your affiliate dashboard' }).waitFor();
      const link = await page.getByTestId('affiliate-link').inputValue();
      const code = (await page.getByTestId('affiliate-code').textContent())!.trim();
      expect(link.endsWith(`/?ref=${code}`)).toBe(true);
      await shot(page, 'dashboard-new');

      // A visitor opens the link (a click, counted once even if they come back) and signs up.
      const v = visitor.page;
      const path = new URL(link).pathname + new URL(link).search;
      const clicked = v.waitForResponse((r) => new URL(r.url()).pathname === '/api/affiliates/click');
      await v.goto(path);
      expect(await (await clicked).json()).toEqual({ counted: true });
      await v.waitForURL('**/login');
      await v.goto(path);
      await v.getByRole('link', { name: 'Create an account' }).click();
      const u = freshUser('aff');
      const register = new RegisterScreen(v);
      await register.fill(u);
      await register.submit();
      await v.waitForURL('**/welcome/');

      await page.reload();
      await page.getByRole('heading', { name: 'Your affiliate dashboard' }).waitFor();
      await expect(page.getByTestId('affiliate-signups').textContent()).resolves.toBe('1');
      await expect(page.getByTestId('affiliate-clicks').textContent()).resolves.toBe('1');
      await shot(page, 'dashboard-signup');
      const me = await apiJson<{ stats: { signups: number } }>('/affiliates/me', { token: owner.token });
      expect(me.stats.signups).toBe(1);
    } finally {
      await affiliate.context.close();
      await visitor.context.close();
    }
  });
});

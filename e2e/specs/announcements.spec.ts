import { describe, expect, it } from 'vitest';
import { apiJson, shooter } from '../support/api';
import { controlledByServiceWorker, DESKTOP, PHONE } from '../support/browser';
import { E2E_ADMIN } from '../support/admin';
import { type Owner, seedOwner, signedInDevice } from '../support/owner';

/** Issue 17 end to end: an admin publishes an announcement; a user sees it (inert HTML), the unread count, and reads it offline. */

const shot = shooter('announcements');

async function seedAdmin(): Promise<Owner> {
  // Registered and granted the role with the admin command by support/global-setup.ts.
  const { user, jwt } = await apiJson<{ user: Record<string, unknown>; jwt: string }>('/user_token', {
    body: { auth: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } },
  });
  return { token: jwt, user };
}

describe('announcements (issue 17)', () => {
  it('an admin publishes; a user sees it safely rendered, with the unread count, also offline', async () => {
    const admin = await seedAdmin();
    const owner = await seedOwner('ann', 'u', { name: 'Kamau', company: 'Kamau Hardware' });
    const a = await signedInDevice(DESKTOP, admin);
    const title = `Price update ${Date.now().toString(36)}`;
    try {
      await a.page.goto('/announcement');
      await a.page.getByRole('button', { name: 'Manage announcements' }).click();
      await a.page.getByRole('button', { name: 'New announcement' }).click();
      await a.page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
      await a.page
        .getByRole('textbox', { name: 'Message (Markdown)', exact: true })
        .fill(
          'Plans are **cheaper** now.\n\n<script>window.__xss = 1</script>\n\n<img src="x" onerror="window.__xss = 2">\n\n[details](javascript:window.__xss=3)',
        );
      await a.page.getByRole('button', { name: 'Preview' }).click();
      await a.page.getByTestId('announcement-preview').getByText('cheaper').waitFor();
      await shot(a.page, 'admin-form');
      await a.page.getByRole('button', { name: 'Save' }).click();
      await a.page.getByText('Announcement saved').waitFor();
      await a.page
        .getByTestId('admin-announcement')
        .filter({ hasText: title })
        .getByText(/Published/)
        .waitFor();
      await shot(a.page, 'admin-list');
    } finally {
      await a.context.close();
    }

    const { context, page } = await signedInDevice(PHONE, owner, { swNow: true });
    try {
      await page.goto('/tabs/home');
      await page.getByRole('button', { name: 'More' }).click();
      await page
        .getByRole('link', { name: /Announcements/ })
        .getByTestId('announcements-unread')
        .waitFor();
      await shot(page, 'menu-unread');
      await page.getByRole('link', { name: /Announcements/ }).click();
      const card = page.getByTestId('announcement').filter({ hasText: title });
      await card.getByText('cheaper').waitFor();
      expect(await card.locator('strong').textContent()).toBe('cheaper');
      await card.getByText('<script>window.__xss = 1</script>').waitFor();
      expect(await card.locator('script, img[onerror], a[href^="javascript"]').count()).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
      expect(await page.getByRole('button', { name: 'Manage announcements' }).count()).toBe(0);
      await shot(page, 'list');
      // Seen: read on the server, and the count in the menu goes away.
      await expect.poll(async () => (await apiJson<{ unread: number }>('/announcements', { token: owner.token })).unread, { timeout: 15_000 }).toBe(0);

      // Offline: the kept copy opens.
      await controlledByServiceWorker(page);
      await context.setOffline(true);
      await page.reload();
      await page.getByText('You are offline: showing the announcements kept on this device.').waitFor();
      await page.getByTestId('announcement').filter({ hasText: title }).waitFor();
      await shot(page, 'offline');
    } finally {
      await context.close();
    }
    await expect(apiJson('/admin/announcements', { token: owner.token })).rejects.toThrow('→ 403');
  });
});

import { describe, expect, it } from 'vitest';
import { apiJson, shooter } from '../support/api';
import { PHONE } from '../support/browser';
import { seedOwner, signedInDevice } from '../support/owner';

const shot = shooter('credit-notes');

/** Issue 26: a credit note made offline at 360 px lowers the invoice's balance and shows in the client's statement. */
describe('credit notes', () => {
  it('credits a line offline; the balance and the statement go down, and the server agrees after sync', async () => {
    const owner = await seedOwner('credit', 'c', { name: 'Wanjiku', company: 'Wanjiku Traders', country: 'Kenya' });
    const token = owner.token;
    const client = await apiJson<{ id: string }>('/contacts', { token, body: { name: 'Amina Stores', phone: '+254712000222' } });
    const vat = { id: 'vat16', name: 'VAT', kind: 'tax', calculation: 'percentage', percentage_bps: 1600, amount: 0, inclusive: false };
    // Chairs 2 × 1,000 and a table 1 × 3,000, VAT 16%: 5,000 + 800 = KSh5,800.
    const inv = await apiJson<{ id: string; number: string; total_due: number }>('/invoices', {
      token,
      body: {
        contact_id: client.id,
        currency: 'KES',
        status: 'sent',
        lines: [
          { id: crypto.randomUUID(), description: 'Chairs', quantity: 2, unit_price: 100_000, fee_ids: [] },
          { id: crypto.randomUUID(), description: 'Table', quantity: 1, unit_price: 300_000, fee_ids: [] },
        ],
        fees: [vat],
        fee_ids: [vat.id],
      },
    });
    expect(inv.total_due).toBe(580_000);

    const { context, page } = await signedInDevice(PHONE, owner);
    try {
      // The screens' code loads once online (before the service worker has cached it), then the work is offline.
      await page.goto('/tabs/invoice');
      await page.getByRole('link', { name: 'Who owes me' }).click();
      await page.getByTestId('debtor').first().waitFor({ timeout: 30_000 });
      await page.goto(`/invoices/${inv.id}`);
      const balance = page.getByTestId('view-balance');
      await expect.poll(() => balance.getAttribute('data-balance'), { timeout: 30_000 }).toBe('580000');
      await page.getByTestId('credit-note-action').click();
      await page.getByTestId('credit-qty-0').waitFor();
      await context.setOffline(true);

      await page.getByTestId('credit-qty-0').fill('1');
      await page.getByTestId('credit-reason').fill('One chair arrived broken');
      // 1,000 + 16% = KSh1,160
      await page.getByTestId('credit-total').filter({ hasText: '1,160' }).waitFor();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(360);
      await shot(page, 'form');
      await page.getByTestId('credit-issue').click();

      // The credit note's own view: its number in its own series, the invoice it credits, the reason.
      await page.getByTestId('credit-of').filter({ hasText: 'One chair arrived broken' }).waitFor();
      await page.getByRole('heading', { name: 'CN-0001' }).waitFor();
      await expect.poll(() => page.getByTestId('view-total').textContent()).toContain('1,160');
      await shot(page, 'credit-note');

      // The invoice owes 5,800 − 1,160 = 4,640.
      await page.getByTestId('credit-of').getByRole('link').click();
      await expect.poll(() => page.getByTestId('view-balance').getAttribute('data-balance')).toBe('464000');
      await page.getByTestId('credit-notes').getByText('CN-0001').waitFor();

      // Who owes me and the statement, still offline.
      await page.evaluate(() => {
        history.pushState({}, '', '/tabs/invoice');
        dispatchEvent(new PopStateEvent('popstate'));
      });
      await page.getByRole('link', { name: 'Who owes me' }).click();
      const row = page.getByTestId('debtor').first();
      await expect.poll(() => row.getByTestId('debtor-balance').textContent(), { timeout: 20_000 }).toBe('KSh4,640');
      await row.getByRole('button', { name: 'Statement' }).click();
      const st = page.getByTestId('statement');
      await st.getByTestId('statement-closing').filter({ hasText: 'KSh4,640' }).waitFor();
      await shot(page, 'statement');

      // Back online: the server holds the credit note and the lower balance.
      await context.setOffline(false);
      await expect
        .poll(async () => (await apiJson<{ balance: number; credited_total: number }>(`/invoices/${inv.id}`, { token })).balance, { timeout: 30_000 })
        .toBe(464_000);
    } finally {
      await context.setOffline(false);
      await context.close();
    }
  });
});

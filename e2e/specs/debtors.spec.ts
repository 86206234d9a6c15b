import { describe, expect, it } from 'vitest';
import { apiJson, shooter } from '../support/api';
import { PHONE } from '../support/browser';
import { seedOwner, signedInDevice } from '../support/owner';

const shot = shooter('debtors');
const line = (unit_price: number) => [{ id: crypto.randomUUID(), description: 'Supplies', quantity: 1, unit_price, fee_ids: [] }];
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

describe('who owes me', () => {
  it('lists balances oldest first with overdue in red, reminders and a statement made offline', async () => {
    const owner = await seedOwner('debt', 'd', { name: 'Musa', company: 'Musa Traders', country: 'Kenya' });
    const token = owner.token;
    const amina = await apiJson<{ id: string }>('/contacts', { token, body: { name: 'Amina Stores', phone: '+254712000111', email: 'amina@example.com' } });
    const baraka = await apiJson<{ id: string }>('/contacts', { token, body: { name: 'Baraka Hotel', phone: '' } });
    const make = async (contact: string, price: number, issued: number, dueIn: number) => {
      const inv = await apiJson<{ id: string }>('/invoices', {
        token,
        body: { contact_id: contact, currency: 'KES', issue_date: daysAgo(issued), due_date: daysAgo(issued - dueIn), lines: line(price) },
      });
      await apiJson(`/invoices/${inv.id}/send`, { method: 'POST', token });
      return inv;
    };
    await make(baraka.id, 200_000, 10, 30); // due in 20 days
    const old = await make(amina.id, 500_000, 60, 14); // overdue 46 days
    await apiJson(`/invoices/${old.id}/payments`, { token, body: { amount: 100_000, method: 'cash', date: daysAgo(40) } });
    await apiJson('/invoices', { token, body: { contact_id: baraka.id, currency: 'KES', lines: line(999_900) } }); // a draft: not owed

    const { context, page } = await signedInDevice(PHONE, owner);
    try {
      await page.goto('/tabs/invoice');
      await page.getByRole('link', { name: 'Who owes me' }).click();
      await page.getByRole('heading', { name: 'Who owes me' }).waitFor();
      const rows = page.getByTestId('debtor');
      await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(2);
      expect(await rows.nth(0).getAttribute('data-overdue')).toBe('true');
      await rows.nth(0).getByText('Amina Stores').waitFor();
      expect(await rows.nth(0).getByTestId('debtor-balance').textContent()).toBe('KSh4,000');
      const color = await rows
        .nth(0)
        .getByTestId('debtor-balance')
        .evaluate((el) => getComputedStyle(el).color);
      expect(color).toMatch(/^rgb\((\d+), (\d+), (\d+)\)$/);
      const [r, g] = color.match(/\d+/g)?.map(Number) ?? [];
      expect(r).toBeGreaterThan(g + 60); // red
      expect(await rows.nth(1).getAttribute('data-overdue')).toBe('false');
      expect(await rows.nth(1).getByTestId('debtor-balance').textContent()).toBe('KSh2,000');
      expect(await rows.nth(0).getByTestId('remind-whatsapp').getAttribute('href')).toMatch(/^https:\/\/wa\.me\/254712000111\?text=Hello%20Amina%20Stores/);
      expect(await rows.nth(0).getByTestId('remind-sms').getAttribute('href')).toMatch(/^sms:\+254712000111\?body=/);
      expect(await rows.nth(0).getByTestId('remind-email').getAttribute('href')).toMatch(/^mailto:amina%40example\.com\?subject=/);
      expect(await rows.nth(1).getByTestId('remind-sms').getAttribute('href')).toBeNull(); // no phone
      await shot(page, 'list');

      // Statement: from 90 days ago, offline after the PDF maker has loaded once.
      await rows.nth(0).getByRole('button', { name: 'Statement' }).click();
      const st = page.getByTestId('statement');
      await expect.poll(() => st.getByTestId('statement-download').getAttribute('href'), { timeout: 20_000 }).toMatch(/^blob:/);
      await context.setOffline(true);
      await st.getByLabel('From').fill(daysAgo(90));
      await st.getByTestId('statement-opening').filter({ hasText: 'KSh0' }).waitFor();
      expect(await st.getByTestId('statement-invoiced').textContent()).toBe('KSh5,000');
      expect(await st.getByTestId('statement-paid').textContent()).toBe('KSh1,000');
      expect(await st.getByTestId('statement-closing').textContent()).toBe('KSh4,000');
      await expect.poll(() => st.getByTestId('statement-download').getAttribute('href'), { timeout: 20_000 }).toMatch(/^blob:/);
      // A period after the invoice: it becomes the opening balance.
      await st.getByLabel('From').fill(daysAgo(30));
      await st.getByTestId('statement-opening').filter({ hasText: 'KSh4,000' }).waitFor();
      await shot(page, 'statement');
    } finally {
      await context.setOffline(false);
      await context.close();
    }
  });
});

import { addMonthsClamped, businessToday } from '@duka/core';
import { describe, expect, it } from 'vitest';
import { apiJson, shooter } from '../support/api';
import { PHONE } from '../support/browser';
import { seedOwner, signedInDevice } from '../support/owner';

const shot = shooter('recurring');

const addMonths = (iso: string, n: number) => {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + n);
  return d.toISOString().slice(0, 10);
};

describe('recurring invoices', () => {
  it('a monthly recurring invoice produces its next invoice when the clock moves', async () => {
    const owner = await seedOwner('rec', 'm', { name: 'Wanjiru', company: 'Wanjiru Salon' });
    const token = owner.token;
    const contact = await apiJson<{ id: string }>('/contacts', { token, body: { name: 'Baraka Hotel', email: 'baraka@example.com' } });
    const source = await apiJson<{ id: string; number: string }>('/invoices', {
      token,
      body: {
        contact_id: contact.id,
        currency: 'KES',
        lines: [{ id: crypto.randomUUID(), description: 'Monthly cleaning', quantity: 1, unit_price: 1_500_000, fee_ids: [] }],
      },
    });
    const { context, page } = await signedInDevice(PHONE, owner);
    try {
      await page.goto(`/invoices/${source.id}`);
      await page.getByRole('heading', { level: 1, name: source.number }).waitFor({ timeout: 30_000 });
      const panel = page.getByTestId('recurring-panel');
      await panel.getByText('This invoice does not repeat.').waitFor({ timeout: 30_000 });
      await panel.getByRole('button', { name: 'Make it repeat' }).click();
      const dialog = page.getByRole('dialog', { name: 'Repeat this invoice' });
      // Monthly from the invoice's own date (the default, today), three invoices, sent automatically.
      const today = await dialog.getByLabel('First invoice on').inputValue();
      // Issue 23: the invoice being made to repeat is the first; the next is one period later.
      await dialog.getByTestId('recurring-source-first').filter({ hasText: 'This invoice is the first.' }).waitFor();
      await dialog.getByLabel('After a number of invoices').check();
      await dialog.getByRole('textbox', { name: 'Number of invoices' }).fill('3');
      await dialog.getByLabel('Send it to the client automatically').check();
      await dialog.getByTestId('recurring-preview').waitFor();
      await shot(page, 'form');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Repeat saved').waitFor();

      // Nothing is made or sent today (issue 23): the invoice itself is the first; the next one waits for next month.
      const next = addMonths(today, 1);
      await dialog.waitFor({ state: 'hidden' });
      await expect
        .poll(
          async () =>
            (await apiJson<{ records: Array<{ id: string; generated: number; next_date: string }> }>(`/recurring-invoices?invoice_id=${source.id}`, { token }))
              .records[0],
          {
            timeout: 30_000,
            interval: 500,
          },
        )
        .toMatchObject({ generated: 1, next_date: next });
      const count = async () => (await apiJson<{ records: unknown[] }>('/invoices?limit=50', { token })).records.length;
      await new Promise((r) => setTimeout(r, 1500)); // time enough for a job the save might have queued
      expect(await count()).toBe(1);
      expect((await apiJson<{ messages: unknown[] }>('/dev/mailbox?to=baraka@example.com')).messages).toHaveLength(0);

      // The clock moves a month on: the next invoice is made, sent to the client and reaches the device by sync.
      await apiJson('/dev/clock', { body: { now: `${next}T09:00:00Z` } });
      await expect.poll(count, { timeout: 30_000, interval: 500 }).toBe(2);
      const list = (await apiJson<{ records: Array<{ number: string; issue_date: string; status: string }> }>('/invoices?limit=50', { token })).records;
      const made = list.find((r) => r.issue_date === next);
      expect(made).toMatchObject({ status: 'sent' });
      const mail = await apiJson<{ messages: Array<{ subject: string }> }>('/dev/mailbox?to=baraka@example.com');
      expect(mail.messages.map((m) => m.subject)).toContain(`Invoice ${made?.number} from Wanjiru Salon m`);

      await page.reload();
      await page.getByTestId('recurring-next').filter({ hasText: '2 made' }).waitFor({ timeout: 30_000 });
      await shot(page, 'panel');
      await page.goto('/tabs/invoice');
      await page
        .getByText(made?.number ?? '?', { exact: true })
        .first()
        .waitFor({ timeout: 30_000 });

      // Paused: moving the clock again makes nothing.
      await page.goto(`/invoices/${source.id}`);
      await page.getByTestId('recurring-panel').getByRole('button', { name: 'Pause' }).click();
      await page.getByTestId('recurring-status').filter({ hasText: 'Paused' }).waitFor();
      await apiJson('/dev/clock', { body: { now: `${addMonths(today, 2)}T09:00:00Z` } });
      expect(await count()).toBe(2);
    } finally {
      await apiJson('/dev/clock', { body: { now: null } });
      await context.close();
    }
  });

  it('a repeat that would make an invoice today says so and asks first (issue 23)', async () => {
    const owner = await seedOwner('rec', 't', { name: 'Ngono', company: 'Atelier Ngono' });
    const token = owner.token;
    const contact = await apiJson<{ id: string }>('/contacts', { token, body: { name: 'Mme Ebogo', email: 'ebogo@example.com' } });
    const tenDaysAgo = new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10);
    const source = await apiJson<{ id: string; number: string }>('/invoices', {
      token,
      body: {
        contact_id: contact.id,
        issue_date: tenDaysAgo,
        lines: [{ id: crypto.randomUUID(), description: 'Couture', quantity: 1, unit_price: 2_500_000, fee_ids: [] }],
      },
    });
    const count = async () => (await apiJson<{ records: unknown[] }>('/invoices?limit=50', { token })).records.length;
    const { context, page } = await signedInDevice(PHONE, owner);
    try {
      await page.goto(`/invoices/${source.id}`);
      const panel = page.getByTestId('recurring-panel');
      await panel.getByText('This invoice does not repeat.').waitFor({ timeout: 30_000 });
      await panel.getByRole('button', { name: 'Make it repeat' }).click();
      const dialog = page.getByRole('dialog', { name: 'Repeat this invoice' });
      expect(await dialog.getByLabel('First invoice on').inputValue()).toBe(tenDaysAgo);
      // Today on the business's day (a Kenyan owner: Nairobi), not the machine's: from 21:00 UTC they differ.
      const today = businessToday(new Date(), 'Africa/Nairobi');
      await dialog.getByLabel('First invoice on').fill(today);
      await dialog.getByLabel('Send it to the client automatically').check();
      await dialog.getByRole('button', { name: 'Save' }).click();
      const ask = dialog.getByTestId('recurring-confirm-today');
      await ask.getByText('Saving makes an invoice dated').waitFor();
      await ask.getByText('today and sends it to the client at once.').waitFor();
      await shot(page, 'asks-first');
      // Changing one's mind makes nothing.
      await ask.getByRole('button', { name: 'Change the date' }).click();
      await ask.waitFor({ state: 'hidden' });
      expect(await count()).toBe(1);
      // Confirmed: today's invoice is made.
      await dialog.getByRole('button', { name: 'Save' }).click();
      await ask.getByRole('button', { name: 'Yes, make it now' }).click();
      await page.getByText('Repeat saved').waitFor();
      await expect.poll(count, { timeout: 30_000, interval: 500 }).toBe(2);
    } finally {
      await context.close();
    }
  });

  // t15b: on draft INV-0002 dated today, "First invoice on" a month ago then "Yes, make it now" made the month-ago
  // invoice and another one dated today, billing the client twice for today. The invoice stands for its own date.
  it('a first date a month before the invoice makes only the month-ago invoice, never a second one for today (issue 23)', async () => {
    const owner = await seedOwner('rec', 'b', { name: 'Akinyi', company: 'Akinyi Tailors' });
    const token = owner.token;
    // Today on the business's day (a Kenyan owner: Nairobi), not the machine's: from 21:00 UTC they differ.
    const today = businessToday(new Date(), 'Africa/Nairobi');
    const monthAgo = addMonthsClamped(today, -1);
    const contact = await apiJson<{ id: string }>('/contacts', { token, body: { name: 'Mama Otieno', email: 'otieno@example.com' } });
    const source = await apiJson<{ id: string }>('/invoices', {
      token,
      body: {
        contact_id: contact.id,
        issue_date: today,
        lines: [{ id: crypto.randomUUID(), description: 'Tailoring', quantity: 1, unit_price: 900_100, fee_ids: [] }],
      },
    });
    const dates = async () =>
      (await apiJson<{ records: Array<{ issue_date: string }> }>('/invoices?limit=50', { token })).records.map((r) => r.issue_date).sort();
    const { context, page } = await signedInDevice(PHONE, owner);
    try {
      await page.goto(`/invoices/${source.id}`);
      const panel = page.getByTestId('recurring-panel');
      await panel.getByRole('button', { name: 'Make it repeat' }).click({ timeout: 30_000 });
      const dialog = page.getByRole('dialog', { name: 'Repeat this invoice' });
      await dialog.getByLabel('First invoice on').fill(monthAgo);
      await dialog.getByTestId('recurring-source-first').getByText('no second invoice is made for that date').waitFor();
      await dialog.getByRole('button', { name: 'Save' }).click();
      const ask = page.getByRole('alertdialog', { name: 'Make an invoice today?' });
      await ask.getByText('Saving makes a draft invoice dated').waitFor();
      await shot(page, 'month-before-asks');
      await ask.getByRole('button', { name: 'Yes, make it now' }).click();
      await page.getByText('Repeat saved').waitFor();
      await expect.poll(dates, { timeout: 30_000, interval: 500 }).toEqual([monthAgo, today].sort());
      // The job runs again: still no second invoice for today.
      await new Promise((r) => setTimeout(r, 3000));
      expect(await dates()).toEqual([monthAgo, today].sort());
    } finally {
      await context.close();
    }
  });
});

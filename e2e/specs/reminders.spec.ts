import { describe, expect, it } from 'vitest';
import { apiJson, shooter } from '../support/api';
import { PHONE } from '../support/browser';
import { seedOwner, signedInDevice } from '../support/owner';

const shot = shooter('reminders');

describe('reminders', () => {
  it('a reminder sent from the invoice is logged there, and the stop link ends them', async () => {
    const owner = await seedOwner('rem', 'r', { name: 'Wanjiru', company: 'Wanjiru Salon', country: 'Kenya' });
    const token = owner.token;
    const phone = `+2547${String(Date.now()).slice(-8)}`;
    const contact = await apiJson<{ id: string }>('/contacts', { token, body: { name: 'Baraka Hotel', phone, email: 'baraka.rem@example.com' } });
    const inv = await apiJson<{ id: string; number: string; public_id: string }>('/invoices', {
      token,
      body: {
        contact_id: contact.id,
        currency: 'KES',
        lines: [{ id: crypto.randomUUID(), description: 'Cleaning', quantity: 1, unit_price: 800_000, fee_ids: [] }],
      },
    });
    await apiJson(`/invoices/${inv.id}/send`, { method: 'POST', token });
    const { context, page } = await signedInDevice(PHONE, owner);
    try {
      await page.goto(`/invoices/${inv.id}`);
      const panel = page.getByTestId('reminders-panel');
      await panel.getByText('Automatic reminders need a paid plan. You can still send one now.').waitFor({ timeout: 30_000 });
      await panel.getByText('No reminder sent yet.').waitFor();
      expect(await panel.getByRole('link', { name: 'WhatsApp' }).getAttribute('href')).toContain(`https://wa.me/${phone.slice(1)}?text=Hello%20Baraka%20Hotel`);
      // An SMS costs money: a preview and a confirmation first (issue 23 item 13).
      await panel.getByRole('button', { name: 'SMS now' }).click();
      const confirm = page.getByRole('dialog', { name: 'Send this SMS?' });
      await confirm.getByText(`To ${phone}:`).waitFor();
      await expect(confirm.getByTestId('sms-preview').textContent()).resolves.toContain('Hello Baraka Hotel');
      await shot(page, 'sms-preview');
      await confirm.getByRole('button', { name: 'Send SMS' }).click();
      await page.getByText('Reminder sent', { exact: true }).waitFor();
      await panel.getByTestId('reminders-log').getByText(`Sent by you · SMS (${phone}) · sent`).waitFor();
      const sms = await apiJson<{ messages: Array<{ to: string; text: string }> }>('/dev/sms?limit=50');
      const mine = sms.messages.find((m) => m.to === phone);
      expect(mine?.text).toContain(`invoice ${inv.number}`);
      expect(mine?.text).toContain(`/api/invoices/public/${inv.public_id}/reminders/stop`);
      await shot(page, 'panel');
      // The client follows the stop link: opening it (as a mail scanner would) stops nothing; its button does.
      const stopUrl = (mine?.text.match(/Stop reminders: (\S+)/)?.[1] ?? '').replace(/^https?:\/\/[^/]+/, new URL(page.url()).origin);
      expect(await (await fetch(stopUrl)).text()).toContain('Stop reminders?');
      const client = await context.newPage();
      await client.goto(stopUrl);
      await client.getByText(`invoice ${inv.number} from Wanjiru Salon`).waitFor();
      await client.getByRole('button', { name: 'Stop reminders' }).click();
      await client.getByText('You will get no more reminders about this invoice.').waitFor();
      await page.reload();
      await page.getByTestId('reminders-panel').getByText('The client stopped reminders for this invoice.').waitFor({ timeout: 30_000 });
    } finally {
      await context.close();
    }
  });
});

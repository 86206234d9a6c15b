import { describe, expect, it } from 'vitest';
import { apiJson, shooter } from '../support/api';
import { newPage, PHONE } from '../support/browser';
import { seedOwner } from '../support/owner';

const shot = shooter('mpesa');

describe('M-Pesa', () => {
  it('a customer pays a Kenyan invoice by M-Pesa (local Daraja) and the invoice shows paid with a receipt', async () => {
    const owner = await seedOwner('mpesa', 'k', { name: 'Wanjiru', company: 'Wanjiru Greens', country: 'Kenya' });
    const token = owner.token;
    const contact = await apiJson<{ id: string }>('/contacts', { token, body: { name: 'Otieno Hardware', phone: '+254712345678' } });
    const inv = await apiJson<{ id: string; number: string; public_id: string }>('/invoices', {
      token,
      body: {
        contact_id: contact.id,
        currency: 'KES',
        status: 'sent',
        lines: [{ id: crypto.randomUUID(), description: 'Sukuma wiki, 20 bunches', quantity: 20, unit_price: 5_000, fee_ids: [] }],
      },
    });
    const { context, page } = await newPage(PHONE);
    try {
      await page.goto(`/invoice/link/${inv.public_id}`);
      await page.getByRole('button', { name: 'Pay with M-Pesa' }).click();
      // A bad number is refused in plain words and what was typed stays.
      const phone = page.getByLabel('M-Pesa phone number');
      await phone.fill('12345');
      await page.getByRole('button', { name: 'Send the prompt to my phone' }).click();
      await page.getByText('Enter a Kenyan M-Pesa number, for example 0712 345 678').waitFor();
      expect(await phone.inputValue()).toBe('12345');
      await phone.fill('0712 345 678');
      await page.getByRole('button', { name: 'Send the prompt to my phone' }).click();
      await page.getByText('Check your phone').waitFor();
      await shot(page, 'check-phone');
      // The local Daraja accepts the prompt and calls the product back; the page moves on to the thank-you page.
      await page.waitForURL(/\/thank-you\?invoice=/, { timeout: 30_000 });
      const saved = await apiJson<{ status: string; balance: number; payments: Array<{ id: string; method: string; reference: string }> }>(
        `/invoices/${inv.id}`,
        { token },
      );
      expect(saved.status).toBe('paid');
      expect(saved.balance).toBe(0);
      expect(saved.payments).toHaveLength(1);
      expect(saved.payments[0].method).toBe('mobile_money');
      expect(saved.payments[0].reference).toMatch(/^NLJ7RT/);
      const receipts = await apiJson<{ receipts: Array<{ number: string }> }>(`/invoices/${inv.id}/receipts`, { token });
      expect(receipts.receipts).toHaveLength(1);
      await page.goto(`/invoice/link/${inv.public_id}`);
      await page.getByTestId('public-status').filter({ hasText: /paid/i }).waitFor();
      expect(await page.getByRole('button', { name: 'Pay with M-Pesa' }).count()).toBe(0);
      await shot(page, 'paid');
    } finally {
      await context.close();
    }
  });
});

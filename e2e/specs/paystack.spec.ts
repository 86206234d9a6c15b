import { describe, expect, it } from 'vitest';
import { apiJson, shooter } from '../support/api';
import { baseUrl, DESKTOP, getBrowser, PHONE } from '../support/browser';
import { seedOwner } from '../support/owner';

const shot = shooter('paystack');

/**
 * A customer pays a Nigerian invoice through the built-in test provider's Paystack-like checkout: the fee
 * the owner passes on shows as its own line, the checkout offers the owner's channels, thank-you verifies
 * before saying paid, and the invoice then shows the payment as "Paid (TEST)": a test payment is no money
 * (issue 22), so the invoice still owes its whole amount and its page still offers to pay.
 */
describe('Paystack checkout on the public invoice page', () => {
  for (const [size, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`a customer pays a naira invoice by bank transfer (${size})`, async () => {
      const owner = await seedOwner('pstk', size.slice(0, 2), { name: 'Ngozi', company: 'Ngozi Fabrics', country: 'Nigeria' });
      const username = String(owner.user.username);
      await apiJson(`/users/${username}`, {
        method: 'PATCH',
        token: owner.token,
        body: { user: { invoice_settings: { pay_channels: ['card', 'bank_transfer', 'ussd'], customer_pays_fee: true } } },
      });
      const contact = await apiJson<{ id: string }>('/contacts', { token: owner.token, body: { name: 'Tunde Bello', email: 'tunde@example.com' } });
      const inv = await apiJson<{ id: string; public_id: string; number: string; balance: number }>('/invoices', {
        token: owner.token,
        body: {
          contact_id: contact.id,
          issue_date: '2026-11-22',
          due_date: '2030-12-06',
          currency: 'NGN',
          status: 'sent',
          lines: [{ id: crypto.randomUUID(), description: 'Ankara fabric, 6 yards', quantity: 2, unit_price: 500_000, fee_ids: [] }],
          fees: [],
          fee_ids: [],
        },
      });
      expect(inv.balance).toBe(1_000_000);

      const client = await (await getBrowser()).newContext({ viewport });
      try {
        const cp = await client.newPage();
        await cp.goto(`${baseUrl()}/invoice/link/${inv.public_id}`);
        await cp.getByRole('heading', { name: `Invoice ${inv.number}` }).waitFor();
        // ₦10,000 with the fee passed on: 1.5% + ₦100 of ₦10,253.81 is ₦253.81.
        await cp.getByTestId('paystack-fee').filter({ hasText: '₦253.81' }).waitFor();
        await cp.getByText('Pay by: Card · Bank transfer · USSD').waitFor();
        await shot(cp, `${size}-invoice`);
        // No Paystack keys here: the test provider's checkout, and the button says TEST MODE (issue 25).
        await cp.getByRole('button', { name: /^Pay ₦[\d,.]+ TEST MODE$/ }).click();

        await cp.waitForURL('**/pay/checkout/*');
        await cp.getByRole('heading', { name: /^Pay Ngozi Fabrics/ }).waitFor();
        await cp.getByTestId('checkout-total').filter({ hasText: '₦10,253.81' }).waitFor();
        // Only the owner's channels are offered.
        expect(await cp.getByRole('radio').count()).toBe(3);
        await cp.getByRole('radio', { name: 'Bank transfer' }).check();
        await shot(cp, `${size}-checkout`);
        await cp.getByRole('button', { name: 'I have paid ₦10,253.81' }).click();

        await cp.waitForURL('**/thank-you?invoice=*&reference=*');
        await cp.getByRole('heading', { name: 'Thank you!' }).waitFor();
        // The test provider's checkout moved no money: the thank-you page says TEST MODE (issue 25).
        expect(await cp.getByTestId('thank-you-test').textContent()).toBe('TEST MODE');
        await shot(cp, `${size}-thank-you`);
        await cp.getByRole('link', { name: 'Back to the invoice' }).click();
        await cp.getByTestId('public-test-status').filter({ hasText: 'Paid (TEST)' }).waitFor();
        expect((await cp.getByTestId('public-balance').textContent())?.replace(/\s/g, '')).toBe('₦10,000');
        await shot(cp, `${size}-paid`);

        // The owner sees the invoice amount recorded (the fee is not part of it), once, stamped TEST; still owed.
        const after = await apiJson<{ status: string; payments: Array<{ id: string; amount: number; method: string; test?: boolean }> }>(
          `/invoices/${inv.id}`,
          { token: owner.token },
        );
        expect(after.status).toBe('sent');
        expect(after.payments).toEqual([expect.objectContaining({ amount: 1_000_000, method: 'bank_transfer', test: true })]);
        // The payment has its receipt, and the customer's receipt link gives its PDF.
        const { receipts } = await apiJson<{ receipts: Array<{ payment_id: string; amount: number; method: string; balance_left: number }> }>(
          `/invoices/${inv.id}/receipts`,
          { token: owner.token },
        );
        expect(receipts).toEqual([expect.objectContaining({ amount: 1_000_000, method: 'bank_transfer' })]);
        const pdf = await fetch(`${baseUrl()}/api/invoices/public/${inv.public_id}/receipts/${receipts[0].payment_id}/pdf`);
        expect(pdf.status).toBe(200);
        expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
      } finally {
        await client.close();
      }
    });
  }
});

import { createHash, createHmac, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiJson, shooter } from '../support/api';
import { baseUrl, dataDir, PHONE } from '../support/browser';
import { seedOwner, signedInDevice } from '../support/owner';

const shot = shooter('refunds');

/** Delivers the test provider's signed webhook, as its card form would (secret derived from the product's JWT secret). */
async function testWebhook(body: object) {
  const jwt = readFileSync(path.join(dataDir(), 'jwt-secret'), 'utf8').trim();
  const secret = createHash('sha256').update(`${jwt}:test-pay-webhook`).digest('base64url');
  const raw = JSON.stringify(body);
  const t = Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${raw}`).digest('hex');
  const res = await fetch(`${baseUrl()}/api/webhooks/test-pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'test-pay-signature': `t=${t},v1=${v1}` },
    body: raw,
  });
  return (await res.json()) as { ignored?: string };
}

describe.skipIf(!dataDir())('payments to refund', () => {
  it("a card payment that arrives after the void shows on the owner's invoice view until marked refunded", async () => {
    const owner = await seedOwner('refund', 'v', { name: 'Ada', company: 'Ada Stores', country: 'Nigeria', language: 'en' });
    const token = owner.token;
    const contact = await apiJson<{ id: string }>('/contacts', { token, body: { name: 'Chidi Okafor' } });
    const inv = await apiJson<{ id: string; public_id: string; total_due: number }>('/invoices', {
      token,
      body: {
        contact_id: contact.id,
        currency: 'NGN',
        status: 'sent',
        lines: [{ id: randomUUID(), description: 'Rice, 2 bags', quantity: 2, unit_price: 2_500_000, fee_ids: [] }],
      },
    });
    const userId = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sub as string;
    // The customer opened the card form, then the owner voided the invoice; the card payment lands afterwards.
    const { client_secret } = await apiJson<{ client_secret: string }>(`/test-pay/client-secrete/${inv.public_id}`);
    await apiJson(`/invoices/${inv.id}/void`, { token, body: {} });
    const applied = await testWebhook({
      id: `evt_e2e_${randomUUID()}`,
      type: 'payment_intent.succeeded',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: client_secret.split('_secret_')[0], amount: inv.total_due, currency: 'NGN', metadata: { invoice_id: inv.id, user_id: userId } } },
    });
    expect(applied.ignored).toContain('the invoice was voided');

    const { context, page } = await signedInDevice(PHONE, owner);
    try {
      await page.goto(`/invoices/${inv.id}`);
      const notice = page.getByTestId('refunds-due');
      await notice.getByText('This payment arrived after the invoice was voided — refund it to the customer').waitFor({ timeout: 20_000 });
      const details = await notice.getByTestId('refund-details').textContent();
      expect(details).toContain('₦50,000');
      expect(details).toContain('Card');
      expect(details).toContain(client_secret.split('_secret_')[0]);
      await shot(page, 'notice');
      await notice.getByRole('button', { name: 'I have refunded it' }).click();
      await page.getByText('Marked as refunded').waitFor();
      expect(await page.getByTestId('refunds-due').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

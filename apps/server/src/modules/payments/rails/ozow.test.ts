import { afterAll, describe, expect, it } from 'vitest';
import { startOzowServer } from '../../../test/ozow-server';
import { listeningApp, railCalls, sentInvoiceIn, settleAtOnce } from './test-utils';

// Issue 25: South Africa's instant EFT through Ozow, against a local server speaking Ozow's API.
const settings = { siteCode: 'DUK-DUK-001', privateKey: 'duka-ozow-private-key-0123456789', apiKey: 'duka-ozow-api-key', isTest: false };
const ozow = await startOzowServer(settings);
const { app, url: appUrl } = await listeningApp({ ozow: settings, ozowApiBase: ozow.base });
afterAll(() => ozow.close());

const randInvoice = () => sentInvoiceIn(app, 'South Africa', 'ZAR', { name: 'Thandi Nkosi' });
const { start, status } = railCalls(app, 'ozow');

describe('Ozow instant EFT (South Africa)', () => {
  it('opens Ozow’s page with a HashCheck Ozow accepts, and records the payment once after GetTransactionByReference', async () => {
    const { api, inv } = await randInvoice();
    const page = (await app.inject({ method: 'GET', url: `/api/invoices/public/${inv.public_id}` })).json();
    // Beside Paystack's and Flutterwave's (no keys in this file: TEST MODE), as another way to pay from the bank.
    expect(page.rails).toEqual([
      expect.objectContaining({ id: 'paystack_eft', test_mode: true }),
      expect.objectContaining({ id: 'flutterwave_eft', test_mode: true }),
      expect.objectContaining({ id: 'ozow', name: 'Ozow (pay by bank)', kind: 'checkout', test_mode: false }),
    ]);
    const ok = await start(inv.public_id);
    expect(ok.statusCode).toBe(200);
    const { reference, redirect_url } = ok.json();
    expect(redirect_url).toMatch(/^https:\/\/pay\.ozow\.test\/ozow-\d+\/Secure$/);
    const sent = ozow.payments.get(reference)!.body;
    expect(sent).toMatchObject({
      SiteCode: settings.siteCode,
      CountryCode: 'ZA',
      CurrencyCode: 'ZAR',
      Amount: (inv.balance / 100).toFixed(2),
      TransactionReference: reference,
      BankReference: `Inv ${inv.number}`.slice(0, 20),
      IsTest: false,
    });
    expect(String(sent.SuccessUrl)).toBe(`${appUrl}/invoice/link/${inv.public_id}?rail=ozow&reference=${reference}`);
    expect(String(sent.NotifyUrl)).toMatch(new RegExp(`^${appUrl}/api/webhooks/rails/ozow/[\\w-]{20,}$`));
    expect((await status(inv.public_id, reference)).json()).toMatchObject({ status: 'pending' });

    // A notify call hashed with another key is refused and changes nothing.
    expect(await ozow.complete(reference, 'Complete', { privateKey: 'not-the-private-key' })).toBe(401);
    expect((await api.get(`/invoices/${inv.id}`)).body.payments).toHaveLength(0);
    // The real one, replayed, and the page's polls, all at once: one payment.
    await settleAtOnce(
      () => ozow.complete(reference, 'Complete'),
      () => status(inv.public_id, reference),
    );
    const p = ozow.payments.get(reference)!;
    expect((await status(inv.public_id, reference)).json()).toMatchObject({ status: 'paid', balance: 0, operator_id: p.transactionId });
    const own = (await api.get(`/invoices/${inv.id}`)).body;
    expect(own.payments).toEqual([expect.objectContaining({ amount: inv.balance, method: 'bank_transfer', provider: 'ozow', reference: p.transactionId })]);
  });

  it('another amount is refund due; a cancelled payment says so; another invoice’s reference is unknown', async () => {
    const { api, inv } = await randInvoice();
    const other = await randInvoice();
    const a = (await start(inv.public_id)).json().reference;
    expect((await status(other.inv.public_id, a)).statusCode).toBe(404);
    await ozow.complete(a, 'Complete', { amount: '10.00' });
    await expect.poll(async () => (await status(inv.public_id, a)).json().status).toBe('failed');
    expect((await api.get(`/invoices/${inv.id}/refunds-due`)).body.refunds).toEqual([expect.objectContaining({ amount: 1000, currency: 'ZAR' })]);
    const b = (await start(inv.public_id)).json().reference;
    await ozow.complete(b, 'Cancelled');
    await expect.poll(async () => (await status(inv.public_id, b)).json()).toMatchObject({ status: 'cancelled', message: 'Customer cancelled the payment' });
    expect((await other.api.get(`/invoices/${inv.id}`)).status).toBe(404);
  });
});

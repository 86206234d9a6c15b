import { describe, expect, it } from 'vitest';
import { startFlutterwaveServer } from '../../../test/flutterwave-server';
import { railCalls, sentInvoiceIn, settleAtOnce, webhookUrl, withProvider } from './test-utils';

// Issue 25: Flutterwave Standard (the hosted checkout), Nigeria's alternative to Paystack, against a local server
// speaking Flutterwave's v3 API (POST /v3/payments, the verify calls, the verif-hash webhook).
const settings = { secretKey: 'FLWSECK-duka-live-2', webhookHash: 'duka-webhook-hash-9876543210' };
const provider = await withProvider(
  (appUrl) => startFlutterwaveServer({ ...settings, webhookUrl: () => webhookUrl(appUrl(), 'flutterwave') }),
  (flw) => ({ flutterwave: settings, flutterwaveApiBase: flw.base }),
);
const { app, url, server: flw } = provider;

async function nairaInvoice() {
  const { api, inv } = await sentInvoiceIn(app, 'Nigeria', 'NGN', { name: 'Chioma Okafor', email: 'chioma@example.com' });
  return { api, inv: { ...inv, total: inv.balance } };
}
const { start, status } = railCalls(app, 'flutterwave_checkout');

describe('Flutterwave hosted checkout (Nigeria)', () => {
  it('offers it beside Paystack, opens the hosted page for our tx_ref, and records the payment once after verify by id', async () => {
    const { api, inv } = await nairaInvoice();
    const page = (await app.inject({ method: 'GET', url: `/api/invoices/public/${inv.public_id}` })).json();
    expect(page.rails).toEqual([
      expect.objectContaining({ id: 'flutterwave_checkout', name: 'Flutterwave', kind: 'checkout', test_mode: false, networks: [] }),
    ]);

    const ok = await start(inv.public_id);
    expect(ok.statusCode).toBe(200);
    const { reference, redirect_url, amount, currency } = ok.json();
    const payment = flw.charges.get(reference)!;
    expect(redirect_url).toBe(`${flw.base}/v3/hosted/pay/${payment.id}`);
    expect({ amount, currency }).toEqual({ amount: inv.total, currency: 'NGN' });
    expect(payment.body).toMatchObject({
      tx_ref: reference,
      amount: (inv.total / 100).toFixed(2),
      currency: 'NGN',
      customer: { email: 'chioma@example.com' },
    });
    expect(String(payment.body.redirect_url)).toBe(`${url}/invoice/link/${inv.public_id}?rail=flutterwave_checkout&reference=${reference}`);
    expect((await status(inv.public_id, reference)).json()).toMatchObject({ status: 'pending' });

    // Paid on Flutterwave's page: it sends the customer back with the outcome on the URL, and posts its webhook.
    await flw.complete(reference, 'successful', { hash: 'not-the-hash-not-the-hash-not-the' }).then((s) => expect(s).toBe(401));
    expect((await api.get(`/invoices/${inv.id}`)).body.payments).toHaveLength(0);
    const back = new URL(flw.returnUrl(reference));
    expect(Object.fromEntries(back.searchParams)).toEqual({
      rail: 'flutterwave_checkout',
      reference,
      status: 'successful',
      tx_ref: reference,
      transaction_id: String(payment.id),
    });
    // The webhook, its replays, and the page's polls all at once: one payment, verified by Flutterwave's id.
    await settleAtOnce(
      () => flw.complete(reference, 'successful'),
      () => status(inv.public_id, reference),
      4,
    );
    expect((await status(inv.public_id, reference)).json()).toMatchObject({ status: 'paid', balance: 0, operator_id: payment.flw_ref });
    expect(flw.verifyPaths).toContain(`/v3/transactions/${payment.id}/verify`);
    const own = (await api.get(`/invoices/${inv.id}`)).body;
    expect(own.status).toBe('paid');
    // Paid by card on Flutterwave's page (its payment_type): the receipt says so, with Flutterwave's reference.
    expect(own.payments).toEqual([expect.objectContaining({ amount: inv.total, method: 'card', provider: 'flutterwave', reference: payment.flw_ref })]);
    await flw.complete(reference, 'successful'); // a late replay
    expect((await api.get(`/invoices/${inv.id}`)).body.payments).toHaveLength(1);
  });

  it('back from the hosted page, the transaction_id on the URL is verified at once (no webhook yet); another payment’s id is never taken', async () => {
    const { api, inv } = await nairaInvoice();
    const other = await nairaInvoice();
    const ref = (await start(inv.public_id)).json().reference;
    const otherRef = (await start(other.inv.public_id)).json().reference;
    const payment = flw.charges.get(ref)!;
    const otherPayment = flw.charges.get(otherRef)!;
    const returned = (transactionId: string) =>
      app.inject({ method: 'GET', url: `/api/invoices/link/${inv.public_id}/rails/flutterwave_checkout/${ref}?transaction_id=${transactionId}` });

    // The other invoice's payment is paid; its id on this payment's return URL is asked about, and refused (its tx_ref is not ours).
    otherPayment.status = 'successful';
    expect((await returned(String(otherPayment.id))).json()).toMatchObject({ status: 'pending' });
    expect(flw.verifyPaths).toContain(`/v3/transactions/${otherPayment.id}/verify`);
    expect((await api.get(`/invoices/${inv.id}`)).body.payments).toHaveLength(0);
    expect((await returned('not an id')).statusCode).toBe(400);

    // Paid on Flutterwave's page, no webhook sent: the first status call with the URL's transaction_id verifies it by id
    // at once (the page was polled less than a second ago) and the customer sees Paid.
    expect((await status(inv.public_id, ref)).json()).toMatchObject({ status: 'pending' });
    payment.status = 'successful';
    const back = new URL(flw.returnUrl(ref));
    const asked = flw.verifyPaths.length;
    expect((await returned(back.searchParams.get('transaction_id')!)).json()).toMatchObject({ status: 'paid', balance: 0, operator_id: payment.flw_ref });
    expect(flw.verifyPaths.slice(asked)).toEqual([`/v3/transactions/${payment.id}/verify`]);
    expect((await api.get(`/invoices/${inv.id}`)).body.payments).toEqual([expect.objectContaining({ provider: 'flutterwave', reference: payment.flw_ref })]);
    // The webhook arriving after changes nothing.
    expect(await flw.complete(ref, 'successful')).toBe(200);
    expect((await api.get(`/invoices/${inv.id}`)).body.payments).toHaveLength(1);
  });

  it('another amount or currency than asked is kept as refund due, never paid in; a cancelled payment says so', async () => {
    const { api, inv } = await nairaInvoice();
    const a = (await start(inv.public_id)).json().reference;
    await flw.complete(a, 'successful', { amount: '10.00' });
    await expect.poll(async () => (await status(inv.public_id, a)).json().status).toBe('failed');
    const b = (await start(inv.public_id)).json().reference;
    await flw.complete(b, 'successful', { currency: 'USD' });
    await expect.poll(async () => (await status(inv.public_id, b)).json().status).toBe('failed');
    const own = (await api.get(`/invoices/${inv.id}`)).body;
    expect(own.balance).toBe(inv.total);
    const refunds = (await api.get(`/invoices/${inv.id}/refunds-due`)).body.refunds;
    expect(refunds).toEqual(expect.arrayContaining([expect.objectContaining({ amount: 1000, currency: 'NGN' }), expect.objectContaining({ currency: 'USD' })]));
    const c = (await start(inv.public_id)).json().reference;
    flw.charges.get(c)!.status = 'cancelled' as never;
    expect((await status(inv.public_id, c)).json()).toMatchObject({ status: 'cancelled', message: 'The payment was cancelled on Flutterwave.' });
  });

  it("one business's payment is not another's: its reference on another invoice, and the owner's own view", async () => {
    const one = await nairaInvoice();
    const two = await nairaInvoice();
    const ref = (await start(one.inv.public_id)).json().reference;
    expect((await status(two.inv.public_id, ref)).statusCode).toBe(404);
    await flw.complete(ref, 'successful');
    await expect.poll(async () => (await status(one.inv.public_id, ref)).json().status).toBe('paid');
    expect((await two.api.get(`/invoices/${one.inv.id}`)).status).toBe(404);
    expect((await two.api.get(`/invoices/${two.inv.id}`)).body.payments).toHaveLength(0);
  });

  it('Flutterwave down: 502 with a message a customer can act on, and no payment is opened', async () => {
    const { inv } = await nairaInvoice();
    flw.failNext = 3;
    const res = await start(inv.public_id);
    expect(res.statusCode).toBe(502);
    expect(res.json().error.message).toBe('Could not reach Flutterwave. Please try again in a moment.');
    flw.failNext = 0;
  });
});

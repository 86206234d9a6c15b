import { describe, expect, it } from 'vitest';
import { startFlutterwaveServer } from '../../../test/flutterwave-server';
import { railCalls, sentInvoiceIn, settleAtOnce, webhookUrl, withProvider } from './test-utils';

// Issue 25: South Africa pays by bank through Flutterwave too (v3 POST /v3/charges?type=ach_payment, in rand), beside
// Paystack's instant EFT, against a local server speaking Flutterwave's v3 API (the charge, the verify calls, the
// verif-hash webhook). As for every Flutterwave rail, a payment is recorded only after verify says it, once.
const settings = { secretKey: 'FLWSECK-duka-live-za', webhookHash: 'duka-webhook-hash-za-0123456789' };
const provider = await withProvider(
  (appUrl) => startFlutterwaveServer({ ...settings, webhookUrl: () => webhookUrl(appUrl(), 'flutterwave') }),
  (flw) => ({ flutterwave: settings, flutterwaveApiBase: flw.base }),
);
const { app, url, server: flw } = provider;

const randInvoice = (currency = 'ZAR') => sentInvoiceIn(app, 'South Africa', currency, { name: 'Thandi Nkosi', email: 'thandi@example.com' });
const { start, status } = railCalls(app, 'flutterwave_eft');

describe("Flutterwave's bank payment (South Africa)", () => {
  it('is offered beside Paystack’s EFT; opens the bank page for our tx_ref; records once, after verify by id', async () => {
    const { api, inv } = await randInvoice();
    const page = (await app.inject({ method: 'GET', url: `/api/invoices/public/${inv.public_id}` })).json();
    // Flutterwave's is real here (its key is set); Paystack's and Ozow's have no settings in this file: TEST MODE.
    expect(page.rails.map((r: { id: string; test_mode: boolean }) => [r.id, r.test_mode])).toEqual([
      ['paystack_eft', true],
      ['flutterwave_eft', false],
      ['ozow', true],
    ]);
    expect(page.rails[1]).toMatchObject({ name: 'Flutterwave bank payment', kind: 'checkout', networks: [] });

    const ok = await start(inv.public_id);
    expect(ok.statusCode).toBe(200);
    const { reference, redirect_url, amount, currency } = ok.json();
    const charge = flw.charges.get(reference)!;
    expect(charge.type).toBe('ach_payment');
    expect(redirect_url).toBe(`${flw.base}/v3/hosted/pay/${charge.id}`);
    expect({ amount, currency }).toEqual({ amount: inv.balance, currency: 'ZAR' });
    expect(charge.body).toMatchObject({ tx_ref: reference, amount: (inv.balance / 100).toFixed(2), currency: 'ZAR', email: 'thandi@example.com' });
    expect(String(charge.body.redirect_url)).toBe(`${url}/invoice/link/${inv.public_id}?rail=flutterwave_eft&reference=${reference}`);
    expect((await status(inv.public_id, reference)).json()).toMatchObject({ status: 'pending', balance: inv.balance });

    // A webhook with another hash is refused and records nothing.
    expect(await flw.complete(reference, 'successful', { hash: 'not-the-hash-not-the-hash-not-th' })).toBe(401);
    expect((await api.get(`/invoices/${inv.id}`)).body.payments).toHaveLength(0);
    // The webhook, its replays and the page's polls at once: one payment, verified by Flutterwave's id.
    await settleAtOnce(
      () => flw.complete(reference, 'successful'),
      () => status(inv.public_id, reference),
    );
    expect((await status(inv.public_id, reference)).json()).toMatchObject({ status: 'paid', balance: 0, operator_id: charge.flw_ref });
    expect(flw.verifyPaths).toContain(`/v3/transactions/${charge.id}/verify`);
    const own = (await api.get(`/invoices/${inv.id}`)).body;
    expect(own.status).toBe('paid');
    // Paid from a bank account (Flutterwave's payment_type account-ach-za): the receipt says bank transfer, with its reference.
    expect(own.payments).toEqual([
      expect.objectContaining({ amount: inv.balance, method: 'bank_transfer', provider: 'flutterwave', reference: charge.flw_ref }),
    ]);
    await flw.complete(reference, 'successful'); // a late replay
    expect((await api.get(`/invoices/${inv.id}`)).body.payments).toHaveLength(1);
  });

  it("back from Flutterwave's page, the URL's transaction_id is verified at once; a cancelled payment says so", async () => {
    const { api, inv } = await randInvoice();
    const ref = (await start(inv.public_id)).json().reference;
    const charge = flw.charges.get(ref)!;
    expect((await status(inv.public_id, ref)).json()).toMatchObject({ status: 'pending' });
    // The customer paid on Flutterwave's page and came back before any webhook: the first status call with the URL's
    // transaction_id asks Flutterwave's verify by that id at once (never the URL's own word).
    charge.status = 'successful';
    const back = new URL(flw.returnUrl(ref));
    expect(back.searchParams.get('status')).toBe('successful');
    const asked = flw.verifyPaths.length;
    expect((await status(inv.public_id, ref, `?transaction_id=${back.searchParams.get('transaction_id')}`)).json()).toMatchObject({
      status: 'paid',
      operator_id: charge.flw_ref,
    });
    expect(flw.verifyPaths.slice(asked)).toEqual([`/v3/transactions/${charge.id}/verify`]);
    expect((await api.get(`/invoices/${inv.id}`)).body.payments).toHaveLength(1);

    const other = await randInvoice();
    const c = (await start(other.inv.public_id)).json().reference;
    flw.charges.get(c)!.status = 'cancelled' as never;
    expect((await status(other.inv.public_id, c)).json()).toMatchObject({ status: 'cancelled', message: 'The payment was cancelled on Flutterwave.' });
  });

  it('another amount or currency than asked is kept as refund due; another invoice’s reference is not found', async () => {
    const { api, inv } = await randInvoice();
    const a = (await start(inv.public_id)).json().reference;
    await flw.complete(a, 'successful', { amount: '10.00' });
    await expect.poll(async () => (await status(inv.public_id, a)).json().status).toBe('failed');
    const b = (await start(inv.public_id)).json().reference;
    await flw.complete(b, 'successful', { currency: 'USD' });
    await expect.poll(async () => (await status(inv.public_id, b)).json().status).toBe('failed');
    const own = (await api.get(`/invoices/${inv.id}`)).body;
    expect(own.balance).toBe(inv.balance);
    expect(own.payments).toHaveLength(0);
    const refunds = (await api.get(`/invoices/${inv.id}/refunds-due`)).body.refunds;
    expect(refunds).toEqual(expect.arrayContaining([expect.objectContaining({ amount: 1000, currency: 'ZAR' }), expect.objectContaining({ currency: 'USD' })]));
    const other = await randInvoice();
    expect((await status(other.inv.public_id, a)).statusCode).toBe(404);
  });

  it('is not offered on a naira invoice of a South African shop; Flutterwave down answers 502 with a sentence', async () => {
    const { inv: naira } = await randInvoice('NGN');
    const page = (await app.inject({ method: 'GET', url: `/api/invoices/public/${naira.public_id}` })).json();
    expect(page.rails.map((r: { id: string }) => r.id)).not.toContain('flutterwave_eft');
    expect((await start(naira.public_id)).statusCode).toBeGreaterThanOrEqual(400);

    const { inv } = await randInvoice();
    flw.failNext = 3;
    const res = await start(inv.public_id);
    expect(res.statusCode).toBe(502);
    expect(res.json().error.message).toBe('Could not reach Flutterwave. Please try again in a moment.');
    flw.failNext = 0;
  });
});

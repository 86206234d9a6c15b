import { describe, expect, it } from 'vitest';
import { startFlutterwaveServer } from '../../../test/flutterwave-server';
import { railCalls, sentInvoiceIn, webhookUrl, withProvider } from './test-utils';

// Issue 25: Flutterwave v3 mobile money against a local server speaking Flutterwave's API.
const settings = { secretKey: 'FLWSECK-duka-live-1', webhookHash: 'duka-webhook-hash-0123456789' };
const { app, server: flw } = await withProvider(
  (url) => startFlutterwaveServer({ ...settings, webhookUrl: () => webhookUrl(url(), 'flutterwave') }),
  (flw) => ({ flutterwave: settings, flutterwaveApiBase: flw.base }),
);

const invoiceIn = (country: string, currency: string) => sentInvoiceIn(app, country, currency, { name: 'Ngono Marie' });
const rail = railCalls(app, 'flutterwave');
const start = (publicId: string, body: object) => rail.start(publicId, body);
const status = async (publicId: string, ref: string) => (await rail.status(publicId, ref)).json();

describe('Flutterwave mobile money', () => {
  it('Cameroon (franco): MTN / Orange, a charge with our tx_ref, paid once after verify by id', async () => {
    const { api, inv } = await invoiceIn('Cameroon', 'XAF');
    const page = (await app.inject({ method: 'GET', url: `/api/invoices/public/${inv.public_id}` })).json();
    expect(page.rails[0]).toMatchObject({ id: 'flutterwave', name: 'MTN MoMo / Orange Money', test_mode: false, country: 'CM' });
    expect((await start(inv.public_id, { phone: '6 71 23 45 67' })).json().error.fields.network).toBe('Choose your mobile-money network');
    const ok = await start(inv.public_id, { phone: '6 71 23 45 67', network: 'ORANGE' });
    expect(ok.statusCode).toBe(200);
    const ref = ok.json().reference;
    const charge = flw.charges.get(ref)!;
    expect(charge.type).toBe('mobile_money_franco');
    expect(charge.body).toMatchObject({ tx_ref: ref, amount: '350000', currency: 'XAF', phone_number: '237671234567', network: 'ORANGE', country: 'CM' });
    expect(await status(inv.public_id, ref)).toMatchObject({ status: 'pending' });
    expect(await flw.complete(ref, 'successful')).toBe(200);
    const paid = await status(inv.public_id, ref);
    expect(paid).toMatchObject({ status: 'paid', balance: 0, operator_id: charge.flw_ref });
    expect(await flw.complete(ref, 'successful')).toBe(200); // a replayed webhook
    const own = (await api.get(`/invoices/${inv.id}`)).body;
    expect(own.payments).toHaveLength(1);
    expect(own.payments[0]).toMatchObject({ amount: 350_000, method: 'mobile_money', provider: 'flutterwave', reference: charge.flw_ref });
  });

  it('Ghana: Telecel Cash, AirtelTigo Money and MTN MoMo each a way to pay, sent as Flutterwave documents them (VODAFONE, TIGO, MTN)', async () => {
    const { api, inv } = await invoiceIn('Ghana', 'GHS');
    const page = (await app.inject({ method: 'GET', url: `/api/invoices/public/${inv.public_id}` })).json();
    // One way per network (t17 G2): with only Flutterwave configured here, each network goes to Flutterwave with its code.
    expect(
      page.rails.map((r: { id: string; name: string; network?: string; test_mode: boolean; networks: unknown[] }) => [
        r.id,
        r.name,
        r.network,
        r.test_mode,
        r.networks,
      ]),
    ).toEqual([
      ['flutterwave', 'MTN MoMo', 'MTN', false, []],
      ['flutterwave', 'Telecel Cash', 'VODAFONE', false, []],
      ['flutterwave', 'AirtelTigo Money', 'TIGO', false, []],
      // t19 G1: and Flutterwave's checkout for a card.
      ['flutterwave_checkout', 'Flutterwave (card)', undefined, false, []],
    ]);
    expect((await start(inv.public_id, { phone: '024 123 4567' })).json().error.fields.network).toBe('Choose your mobile-money network');
    expect((await start(inv.public_id, { phone: '024 123 4567', network: 'AIRTEL' })).statusCode).toBe(400);
    for (const network of ['VODAFONE', 'TIGO', 'MTN']) {
      const ok = await start(inv.public_id, { phone: '020 123 4567', network });
      expect(ok.statusCode).toBe(200);
      const { reference, redirect_url } = ok.json();
      expect(redirect_url).toBe(`${flw.base}/v3/hosted/authorize/${flw.charges.get(reference)!.id}`);
      const charge = flw.charges.get(reference)!;
      expect(charge.type).toBe('mobile_money_ghana');
      expect(charge.body).toMatchObject({ tx_ref: reference, currency: 'GHS', phone_number: '233201234567', network });
      // One prompt at a time: this one is declined before the next network is tried.
      await flw.complete(reference, 'failed', { processor_response: 'Transaction declined by customer' });
      expect(await status(inv.public_id, reference)).toMatchObject({ status: 'cancelled' });
    }
    // The local server refuses a network Flutterwave does not know for Ghana, as Flutterwave does.
    const direct = await fetch(`${flw.base}/v3/charges?type=mobile_money_ghana`, {
      method: 'POST',
      headers: { authorization: `Bearer ${settings.secretKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ tx_ref: 'gh-airtel', amount: '10', currency: 'GHS', phone_number: '233201234567', email: 'a@b.c', network: 'AIRTEL' }),
    });
    expect(direct.status).toBe(400);
    const started = (await start(inv.public_id, { phone: '020 123 4567', network: 'TIGO' })).json();
    const paid = started.reference;
    // The customer opens Flutterwave's authorisation page, approves, and is sent back to the invoice with the outcome.
    const authPage = await fetch(started.redirect_url);
    expect(authPage.status).toBe(200);
    expect(await authPage.text()).toContain('Pay GHS ');
    const approved = await fetch(`${started.redirect_url}/approve`, { method: 'POST', redirect: 'manual' });
    expect(approved.status).toBe(303);
    const back = new URL(approved.headers.get('location')!);
    expect(back.pathname).toBe(`/invoice/link/${inv.public_id}`);
    expect(Object.fromEntries(back.searchParams)).toMatchObject({
      rail: 'flutterwave',
      reference: paid,
      network: 'TIGO',
      status: 'successful',
      tx_ref: paid,
      transaction_id: String(flw.charges.get(paid)!.id),
    });
    expect(flw.charges.get(paid)!.status).toBe('successful');
    expect(await status(inv.public_id, paid)).toMatchObject({ status: 'paid', balance: 0 });
    const own = (await api.get(`/invoices/${inv.id}`)).body;
    expect(own.payments).toHaveLength(1);
    expect(own.payments[0]).toMatchObject({ method: 'mobile_money', provider: 'flutterwave' });
  });

  it('Uganda: the authorisation page is where the customer goes; verified by tx_ref until the id is known', async () => {
    const { inv } = await invoiceIn('Uganda', 'UGX');
    // One way per network (t18 U2): with only Flutterwave configured here, MTN MoMo and Airtel Money both reach it.
    const page = (await app.inject({ method: 'GET', url: `/api/invoices/public/${inv.public_id}` })).json();
    expect(page.rails.map((r: { id: string; name: string; network?: string; test_mode: boolean }) => [r.id, r.name, r.network, r.test_mode])).toEqual([
      ['flutterwave', 'MTN MoMo', 'MTN', false],
      ['flutterwave', 'Airtel Money', 'AIRTEL', false],
    ]);
    expect((await start(inv.public_id, { phone: '0772 123 456' })).json().error.fields.network).toBe('Choose your mobile-money network');
    const ok = (await start(inv.public_id, { phone: '0772 123 456', network: 'MTN' })).json();
    // Flutterwave's mobile_money_uganda takes no network: the charge reaches the number's own.
    expect(flw.charges.get(ok.reference)!.type).toBe('mobile_money_uganda');
    expect(flw.charges.get(ok.reference)!.body).not.toHaveProperty('network');
    expect(ok.redirect_url).toBe(`${flw.base}/v3/hosted/authorize/${flw.charges.get(ok.reference)!.id}`);
    expect(await status(inv.public_id, ok.reference)).toMatchObject({ status: 'pending' });
    await flw.complete(ok.reference, 'failed', { processor_response: 'Transaction declined by customer' });
    expect(await status(inv.public_id, ok.reference)).toMatchObject({ status: 'cancelled' });
  });

  it('a webhook without the right verif-hash, or about an unknown tx_ref, is refused and changes nothing', async () => {
    const { api, inv } = await invoiceIn('Zambia', 'ZMW');
    // One way per network (t18 U2): Zamtel Kwacha beside MTN MoMo and Airtel Money, each sent with Flutterwave's code.
    const page = (await app.inject({ method: 'GET', url: `/api/invoices/public/${inv.public_id}` })).json();
    expect(page.rails.map((r: { id: string; name: string; network?: string }) => [r.id, r.name, r.network])).toEqual([
      ['flutterwave', 'MTN MoMo', 'MTN'],
      ['flutterwave', 'Airtel Money', 'AIRTEL'],
      ['flutterwave', 'Zamtel Kwacha', 'ZAMTEL'],
    ]);
    const ref = (await start(inv.public_id, { phone: '096 123 4567', network: 'MTN' })).json().reference;
    expect(flw.charges.get(ref)!.body).toMatchObject({ network: 'MTN', currency: 'ZMW' });
    expect(await flw.complete(ref, 'successful', { hash: 'wrong-hash-wrong-hash-wrong-hash' })).toBe(401);
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/webhooks/flutterwave',
      headers: { 'verif-hash': settings.webhookHash },
      payload: { event: 'charge.completed', data: { id: 1, tx_ref: 'not-ours', status: 'successful' } },
    });
    expect(unknown.statusCode).toBe(404);
    expect((await api.get(`/invoices/${inv.id}`)).body.payments).toHaveLength(0);
    // The customer did pay: the next poll verifies and records it.
    expect((await status(inv.public_id, ref)).status).toBe('paid');
  });

  it('a verify answering another amount or currency keeps the money as refund due', async () => {
    const { api, inv } = await invoiceIn('Rwanda', 'RWF');
    const a = (await start(inv.public_id, { phone: '078 123 4567', network: 'MTN' })).json().reference;
    await flw.complete(a, 'successful', { amount: '1000' });
    expect((await status(inv.public_id, a)).status).toBe('failed');
    const b = (await start(inv.public_id, { phone: '078 123 4567', network: 'MTN' })).json().reference;
    await flw.complete(b, 'successful', { currency: 'UGX' });
    expect((await status(inv.public_id, b)).status).toBe('failed');
    expect((await api.get(`/invoices/${inv.id}`)).body.payments).toHaveLength(0);
    expect((await api.get(`/invoices/${inv.id}/refunds-due`)).body.refunds).toHaveLength(2);
  });

  it('Flutterwave down: retried, then "could not reach Flutterwave"', async () => {
    const { inv } = await invoiceIn('Tanzania', 'TZS');
    flw.failNext = 10;
    const down = await start(inv.public_id, { phone: '0712 345 678', network: 'VODAFONE' });
    flw.failNext = 0;
    expect(down.statusCode).toBe(502);
    expect(down.json().error.message).toBe('Could not reach Flutterwave. Please try again in a moment.');
  });
});

import { afterAll, describe, expect, it } from 'vitest';
import { postPaystackEvent, startPaystackServer } from '../../../test/paystack-server';
import { listeningApp, railCalls, sentInvoiceIn } from './test-utils';

/**
 * Issue 25, South Africa: "card and instant EFT through Paystack". Paystack's Pay with Bank (Instant EFT, Capitec Pay)
 * on its hosted checkout, against a local server speaking Paystack's API: Transaction Initialize (ZAR, cents, the
 * eft and capitec_pay channels), Verify by reference, and the account's signed charge.success webhook (a hint only).
 */
// A live key: its payments are real money (a test key's are stamped TEST, issue 22).
const SECRET = 'sk_live_duka_za_eft';
type Tx = { id: number; amount: number; currency: string; status: string; channel: string; gateway: string; body: Record<string, unknown> };
const txs = new Map<string, Tx>();
let nextId = 7_100_000;
const paystack = await startPaystackServer(SECRET, ({ method, url, body }) => {
  if (method === 'POST' && url === '/transaction/initialize') {
    if (!body.email || !Number.isInteger(body.amount) || body.amount < 100) return [400, { status: false, message: 'Invalid amount or email' }];
    if (body.currency !== 'ZAR') return [400, { status: false, message: 'Currency not supported by merchant' }];
    const channels = body.channels as unknown;
    if (!Array.isArray(channels) || channels.some((c) => !['card', 'eft', 'capitec_pay'].includes(String(c))))
      return [400, { status: false, message: 'Invalid channels for a South African business' }];
    if (txs.has(body.reference)) return [400, { status: false, message: 'Duplicate Transaction Reference' }];
    txs.set(body.reference, { id: nextId++, amount: body.amount, currency: 'ZAR', status: 'abandoned', channel: '', gateway: '', body });
    const data = { authorization_url: `https://checkout.paystack.test/${body.reference}`, access_code: `ac_${body.reference}`, reference: body.reference };
    return [200, { status: true, message: 'Authorization URL created', data }];
  }
  const verify = /^\/transaction\/verify\/([^/]+)$/.exec(url);
  if (method === 'GET' && verify) {
    const reference = decodeURIComponent(verify[1]);
    const tx = txs.get(reference);
    if (!tx) return [400, { status: false, message: 'Transaction reference not found' }];
    const data = {
      id: tx.id,
      status: tx.status,
      reference,
      amount: tx.amount,
      currency: tx.currency,
      channel: tx.channel,
      gateway_response: tx.gateway,
      metadata: tx.body.metadata,
    };
    return [200, { status: true, message: 'Verification successful', data }];
  }
});
const { app, url: appUrl } = await listeningApp({ paystackSecretKey: SECRET, paystackApiBase: paystack.base });
afterAll(() => app.close());

/** The customer pays at their bank (or declines): Paystack's record changes, then it sends the signed webhook on success. */
function settle(reference: string, status: 'success' | 'failed', over: Partial<Pick<Tx, 'amount' | 'currency' | 'channel'>> = {}) {
  const tx = txs.get(reference)!;
  Object.assign(tx, { status, channel: 'eft', gateway: status === 'success' ? 'Approved' : 'Declined by the bank' }, over);
  const data = { id: tx.id, reference, amount: tx.amount, currency: tx.currency, channel: tx.channel, status, metadata: tx.body.metadata };
  return postPaystackEvent(app, SECRET, { event: 'charge.success', data });
}

const randInvoice = (currency = 'ZAR') => sentInvoiceIn(app, 'South Africa', currency, { name: 'Thandi Nkosi', email: 'thandi@example.com' });
const rail = railCalls(app, 'paystack_eft');
const start = rail.start;
const status = async (publicId: string, ref: string) => (await rail.status(publicId, ref)).json();

describe("Paystack's instant EFT and Capitec Pay (South Africa)", () => {
  it('is offered first on a rand invoice; opens Paystack’s checkout on the bank channels; records once after Verify', async () => {
    const { api, inv } = await randInvoice();
    const page = (await app.inject({ method: 'GET', url: `/api/invoices/public/${inv.public_id}` })).json();
    // Paystack's is real here (its key is set); Flutterwave and Ozow have no settings in this file, so they run in TEST MODE.
    expect(page.rails.map((r: { id: string; test_mode: boolean }) => [r.id, r.test_mode])).toEqual([
      ['paystack_eft', false],
      ['flutterwave_eft', true],
      ['ozow', true],
    ]);
    expect(page.rails[0]).toMatchObject({ name: 'Capitec Pay or instant EFT (Paystack)', kind: 'checkout', networks: [] });
    // A real way to pay is offered: the page's ways take the balance, not a TEST journey's rest.
    expect(page.pay_test_only).toBeUndefined();

    const ok = await start(inv.public_id);
    expect(ok.statusCode).toBe(200);
    const { reference, redirect_url, amount, currency } = ok.json();
    expect([amount, currency]).toEqual([inv.balance, 'ZAR']);
    expect(redirect_url).toBe(`https://checkout.paystack.test/${reference}`);
    const sent = txs.get(reference)!.body;
    expect(sent).toMatchObject({ amount: inv.balance, currency: 'ZAR', reference, channels: ['eft', 'capitec_pay'], email: 'thandi@example.com' });
    expect(sent.callback_url).toBe(`${appUrl}/invoice/link/${inv.public_id}?rail=paystack_eft&reference=${reference}`);
    expect(sent.metadata).toMatchObject({ duka_rail: 'paystack_eft', public_id: inv.public_id, invoice_number: inv.number });
    // Back before paying (Paystack says "abandoned"): still waiting.
    expect(await status(inv.public_id, reference)).toMatchObject({ status: 'pending', balance: inv.balance });

    // A webhook signed with another key is refused and records nothing.
    const tx = txs.get(reference)!;
    const forged = await postPaystackEvent(app, 'sk_live_not_ours', {
      event: 'charge.success',
      data: { id: tx.id, reference, amount: tx.amount, currency: 'ZAR' },
    });
    expect(forged.statusCode).toBe(400);
    expect((await api.get(`/invoices/${inv.id}`)).body.payments).toHaveLength(0);

    // The real one, replayed, beside the page's polls: one payment, by Verify's answer.
    const answers = await Promise.all([settle(reference, 'success'), settle(reference, 'success'), status(inv.public_id, reference)]);
    expect(answers.slice(0, 2).map((r) => [r.statusCode, r.json().received])).toEqual([
      [200, true],
      [200, true],
    ]);
    await expect.poll(async () => (await status(inv.public_id, reference)).status).toBe('paid');
    expect(await status(inv.public_id, reference)).toMatchObject({ status: 'paid', balance: 0, operator_id: String(tx.id) });
    const own = (await api.get(`/invoices/${inv.id}`)).body;
    expect(own).toMatchObject({ status: 'paid', balance: 0 });
    expect(own.payments).toEqual([
      expect.objectContaining({ amount: inv.balance, method: 'bank_transfer', provider: 'paystack-eft', reference: String(tx.id) }),
    ]);
    // Paid: no way to pay is offered any more.
    expect((await app.inject({ method: 'GET', url: `/api/invoices/public/${inv.public_id}` })).json().rails).toEqual([]);
  });

  it('another amount or currency is kept as refund due; a declined payment says why; unknown references change nothing', async () => {
    const { api, inv } = await randInvoice();
    const a = (await start(inv.public_id)).json().reference;
    await settle(a, 'success', { amount: 1_000 });
    await expect.poll(async () => (await status(inv.public_id, a)).status).toBe('failed');
    expect((await api.get(`/invoices/${inv.id}/refunds-due`)).body.refunds).toEqual([expect.objectContaining({ amount: 1_000, currency: 'ZAR' })]);

    const c = (await start(inv.public_id)).json().reference;
    await settle(c, 'success', { currency: 'USD' });
    await expect.poll(async () => (await status(inv.public_id, c)).status).toBe('failed');
    expect((await api.get(`/invoices/${inv.id}/refunds-due`)).body.refunds).toEqual(
      expect.arrayContaining([expect.objectContaining({ amount: inv.balance, currency: 'USD' })]),
    );

    const b = (await start(inv.public_id)).json().reference;
    txs.get(b)!.status = 'failed';
    txs.get(b)!.gateway = 'Declined by the bank';
    expect(await status(inv.public_id, b)).toMatchObject({ status: 'failed', message: 'Declined by the bank' });
    expect((await api.get(`/invoices/${inv.id}`)).body.payments).toHaveLength(0);

    // Signed, but not a payment this server asked for: answered (the account's webhook is shared), never applied.
    const stray = await postPaystackEvent(app, SECRET, {
      event: 'charge.success',
      data: { id: 1, reference: 'not-ours', amount: 100, currency: 'ZAR', metadata: { duka_rail: 'paystack_eft' } },
    });
    expect(stray.json()).toMatchObject({ received: true, ignored: 'not a payment of this server' });
  });

  it('a 5xx on Initialize is retried with the same reference; a currency Paystack’s EFT does not take is refused', async () => {
    const { inv } = await randInvoice();
    paystack.failNext = { status: 502, message: 'Bad gateway' };
    const ok = await start(inv.public_id);
    expect(ok.statusCode).toBe(200);
    const reference = ok.json().reference;
    expect(paystack.calls.filter((c) => c.url === '/transaction/initialize' && c.body.reference === reference)).toHaveLength(2);

    const usd = await randInvoice('USD');
    const refused = await start(usd.inv.public_id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('Capitec Pay or instant EFT (Paystack) does not take payments in USD');
  });
});

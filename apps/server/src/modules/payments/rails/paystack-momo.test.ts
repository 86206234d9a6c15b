import { createHmac } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { postPaystackEvent, startPaystackServer } from '../../../test/paystack-server';
import { createPaystackMomo } from './paystack-momo';
import { listeningApp, railCalls, sentInvoiceIn } from './test-utils';

/**
 * Issue 25, Ghana: "MTN MoMo, Telecel Cash, AirtelTigo (Paystack mobile_money channel …)", against a local server that
 * speaks Paystack's Charge API: POST /charge with mobile_money { phone, provider } (mtn / vod / atl) in pesewas, answered
 * pay_offline (approve on the phone) or send_otp (Telecel's voucher, then POST /charge/submit_otp); GET
 * /transaction/verify/{reference}; and the account's webhook signed x-paystack-signature (HMAC SHA512 of the raw body).
 */
const SECRET = 'sk_live_duka_gh_momo';
type Tx = { id: number; amount: number; currency: string; status: string; gateway: string; body: Record<string, unknown>; otp: string | null };
const txs = new Map<string, Tx>();
let nextId = 8_200_000;
const VOUCHER = '483920';
const paystack = await startPaystackServer(SECRET, ({ method, url, body }) => {
  if (method === 'POST' && url === '/charge') {
    const mm = body.mobile_money as { phone?: unknown; provider?: unknown } | undefined;
    if (!body.email || !Number.isInteger(body.amount) || body.amount < 100) return [400, { status: false, message: 'Invalid amount or email' }];
    if (body.currency !== 'GHS') return [400, { status: false, message: 'Currency not supported for mobile money' }];
    if (!mm || !['mtn', 'vod', 'atl'].includes(String(mm.provider))) return [400, { status: false, message: 'Invalid mobile money provider' }];
    if (!/^0[25]\d{8}$/.test(String(mm.phone))) return [400, { status: false, message: 'Invalid phone number' }];
    if (txs.has(body.reference)) return [400, { status: false, message: 'Duplicate Transaction Reference' }];
    // Telecel asks the customer for a voucher they dial for; MTN and AirtelTigo prompt the phone.
    const otp = mm.provider === 'vod' ? VOUCHER : null;
    txs.set(body.reference, { id: nextId++, amount: body.amount, currency: 'GHS', status: otp ? 'send_otp' : 'pay_offline', gateway: '', body, otp });
    const data = otp
      ? { reference: body.reference, status: 'send_otp', display_text: 'Please dial *110# to generate a voucher code, then input the voucher' }
      : { reference: body.reference, status: 'pay_offline', display_text: 'Please complete authorization process on your mobile phone' };
    return [200, { status: true, message: 'Charge attempted', data }];
  }
  if (method === 'POST' && url === '/charge/submit_otp') {
    const tx = txs.get(String(body.reference));
    if (!tx) return [400, { status: false, message: 'Transaction reference not found' }];
    if (tx.status !== 'send_otp' || body.otp !== tx.otp) return [400, { status: false, message: 'Invalid voucher code', data: { status: 'send_otp' } }];
    tx.status = 'pay_offline';
    return [
      200,
      { status: true, message: 'Charge attempted', data: { reference: body.reference, status: 'pay_offline', display_text: 'Approve on your phone' } },
    ];
  }
  const verify = /^\/transaction\/verify\/([^/]+)$/.exec(url);
  if (method === 'GET' && verify) {
    const reference = decodeURIComponent(verify[1]);
    const tx = txs.get(reference);
    if (!tx) return [400, { status: false, message: 'Transaction reference not found' }];
    // Before the customer approves, Paystack's transaction is still ongoing.
    const status = tx.status === 'send_otp' || tx.status === 'pay_offline' ? 'ongoing' : tx.status;
    const data = {
      id: tx.id,
      status,
      reference,
      amount: tx.amount,
      currency: tx.currency,
      channel: 'mobile_money',
      gateway_response: tx.gateway,
      metadata: tx.body.metadata,
    };
    return [200, { status: true, message: 'Verification successful', data }];
  }
});
const { app } = await listeningApp({ paystackSecretKey: SECRET, paystackApiBase: paystack.base });
afterAll(() => app.close());

/** The customer approves (or declines) on the phone: Paystack's record changes, and on success it sends the signed webhook. */
function settle(reference: string, status: 'success' | 'failed', over: Partial<Pick<Tx, 'amount' | 'currency'>> = {}) {
  const tx = txs.get(reference)!;
  Object.assign(tx, { status, gateway: status === 'success' ? 'Approved' : 'Customer declined the prompt' }, over);
  const data = { id: tx.id, reference, amount: tx.amount, currency: tx.currency, channel: 'mobile_money', status, metadata: tx.body.metadata };
  return postPaystackEvent(app, SECRET, { event: 'charge.success', data });
}

const cediInvoice = () => sentInvoiceIn(app, 'Ghana', 'GHS', { name: 'Ama Mensah', email: 'ama@example.com' });
const rail = railCalls(app, 'paystack_momo');
const status = async (publicId: string, ref: string) => (await rail.status(publicId, ref)).json();
const otp = (publicId: string, ref: string, code: string) =>
  app.inject({ method: 'POST', url: `/api/invoices/link/${publicId}/rails/paystack_momo/${ref}/otp`, payload: { otp: code } });

describe("Paystack's mobile money (Ghana)", () => {
  it('offers one way per network, all through Paystack; MTN: a prompt on the phone, recorded once after Verify', async () => {
    const { api, inv } = await cediInvoice();
    const page = (await app.inject({ method: 'GET', url: `/api/invoices/public/${inv.public_id}` })).json();
    // Paystack is configured and MTN's own API is not: every network goes to Paystack, each under the wallet's name.
    expect(page.rails.map((r: { id: string; name: string; network?: string; test_mode: boolean }) => [r.id, r.name, r.network, r.test_mode])).toEqual([
      ['paystack_momo', 'MTN MoMo', 'mtn', false],
      ['paystack_momo', 'Telecel Cash', 'vod', false],
      ['paystack_momo', 'AirtelTigo Money', 'atl', false],
      // t19 G1: a card way, Flutterwave's checkout (TEST MODE: Flutterwave is not configured here).
      ['flutterwave_checkout', 'Flutterwave (card)', undefined, true],
    ]);

    const ok = await rail.start(inv.public_id, { phone: '+233 24 412 3456', network: 'mtn' });
    expect(ok.statusCode).toBe(200);
    const { reference, otp_prompt, amount } = ok.json();
    expect([amount, otp_prompt]).toEqual([inv.balance, null]);
    expect(txs.get(reference)!.body).toMatchObject({
      email: 'ama@example.com',
      amount: inv.balance,
      currency: 'GHS',
      reference,
      mobile_money: { phone: '0244123456', provider: 'mtn' },
      metadata: { duka_rail: 'paystack_momo', public_id: inv.public_id },
    });
    expect(await status(inv.public_id, reference)).toMatchObject({ status: 'pending', balance: inv.balance });

    // A webhook signed with another key is refused and records nothing.
    const tx = txs.get(reference)!;
    const forged = await postPaystackEvent(app, 'sk_live_not_ours', {
      event: 'charge.success',
      data: { id: tx.id, reference, amount: tx.amount, currency: 'GHS' },
    });
    expect(forged.statusCode).toBe(400);
    // The signature is Paystack's: HMAC SHA512 of the raw body with the secret key (a body changed after signing fails).
    const body = JSON.stringify({ event: 'charge.success', data: { id: tx.id, reference, amount: tx.amount, currency: 'GHS', metadata: tx.body.metadata } });
    const signature = createHmac('sha512', SECRET).update(body).digest('hex');
    const tampered = await app.inject({
      method: 'POST',
      url: '/api/webhooks/paystack',
      payload: body.replace(String(tx.amount), '1'),
      headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
    });
    expect(tampered.statusCode).toBe(400);
    expect((await api.get(`/invoices/${inv.id}`)).body.payments).toHaveLength(0);

    // Approved; the webhook, replayed, beside the page's polls: one payment, by Verify's answer.
    const answers = await Promise.all([settle(reference, 'success'), settle(reference, 'success'), status(inv.public_id, reference)]);
    expect(answers.slice(0, 2).map((r) => r.statusCode)).toEqual([200, 200]);
    await expect.poll(async () => (await status(inv.public_id, reference)).status).toBe('paid');
    expect(await status(inv.public_id, reference)).toMatchObject({ status: 'paid', balance: 0, operator_id: String(tx.id) });
    expect((await settle(reference, 'success')).statusCode).toBe(200);
    const own = (await api.get(`/invoices/${inv.id}`)).body;
    expect(own).toMatchObject({ status: 'paid', balance: 0 });
    expect(own.payments).toEqual([
      expect.objectContaining({ amount: inv.balance, method: 'mobile_money', provider: 'paystack-momo', reference: String(tx.id) }),
    ]);
  });

  it('Telecel: the voucher Paystack asks for is sent with submit_otp; a wrong one is asked again; then the phone approves', async () => {
    const { inv } = await cediInvoice();
    const ok = await rail.start(inv.public_id, { phone: '020 123 4567', network: 'vod' });
    expect(ok.statusCode).toBe(200);
    const { reference, otp_prompt } = ok.json();
    expect(otp_prompt).toBe('Please dial *110# to generate a voucher code, then input the voucher');
    expect(txs.get(reference)!.body).toMatchObject({ mobile_money: { phone: '0201234567', provider: 'vod' } });

    const wrong = await otp(inv.public_id, reference, '111111');
    expect(wrong.json()).toEqual({ status: 'pending', message: null, otp_prompt: 'Invalid voucher code' });
    const bad = await otp(inv.public_id, reference, '12');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('Type the code your network sent you');
    const right = await otp(inv.public_id, reference, VOUCHER);
    expect(right.json()).toEqual({ status: 'pending', message: null, otp_prompt: null });
    expect(paystack.calls.filter((c) => c.url === '/charge/submit_otp').map((c) => c.body)).toEqual([
      { otp: '111111', reference },
      { otp: VOUCHER, reference },
    ]);
    await settle(reference, 'success');
    await expect.poll(async () => (await status(inv.public_id, reference)).status).toBe('paid');
    // Paid: no code is taken any more.
    expect((await otp(inv.public_id, reference, VOUCHER)).statusCode).toBe(409);
  });

  it('another amount or currency is kept as refund due; a decline says why; a network the page does not offer is refused', async () => {
    const { api, inv } = await cediInvoice();
    const a = (await rail.start(inv.public_id, { phone: '026 123 4567', network: 'atl' })).json().reference;
    expect(txs.get(a)!.body).toMatchObject({ mobile_money: { phone: '0261234567', provider: 'atl' } });
    await settle(a, 'success', { amount: 1_000 });
    await expect.poll(async () => (await status(inv.public_id, a)).status).toBe('failed');
    expect((await api.get(`/invoices/${inv.id}/refunds-due`)).body.refunds).toEqual([expect.objectContaining({ amount: 1_000, currency: 'GHS' })]);

    const c = (await rail.start(inv.public_id, { phone: '024 412 3456', network: 'mtn' })).json().reference;
    await settle(c, 'success', { currency: 'NGN' });
    await expect.poll(async () => (await status(inv.public_id, c)).status).toBe('failed');
    expect((await api.get(`/invoices/${inv.id}/refunds-due`)).body.refunds).toEqual(
      expect.arrayContaining([expect.objectContaining({ amount: inv.balance, currency: 'NGN' })]),
    );

    const d = (await rail.start(inv.public_id, { phone: '024 412 3456', network: 'mtn' })).json().reference;
    txs.get(d)!.status = 'failed';
    txs.get(d)!.gateway = 'Customer declined the prompt';
    expect(await status(inv.public_id, d)).toMatchObject({ status: 'failed', message: 'Customer declined the prompt' });
    expect((await api.get(`/invoices/${inv.id}`)).body.payments).toHaveLength(0);

    for (const network of [undefined, 'MTN', 'VODAFONE']) {
      const refused = await rail.start(inv.public_id, { phone: '024 412 3456', ...(network ? { network } : {}) });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.fields).toEqual({ network: 'Choose your mobile-money network' });
    }
    // Signed, but not a payment this server asked for: answered, never applied.
    const stray = await postPaystackEvent(app, SECRET, {
      event: 'charge.success',
      data: { id: 1, reference: 'not-ours', amount: 100, currency: 'GHS', metadata: { duka_rail: 'paystack_momo' } },
    });
    expect(stray.json()).toMatchObject({ received: true, ignored: 'not a payment of this server' });
  });

  it('a 5xx on the charge is retried with the same reference; a time-out too; Paystack down says so', async () => {
    const { inv } = await cediInvoice();
    paystack.failNext = { status: 502, message: 'Bad gateway' };
    const ok = await rail.start(inv.public_id, { phone: '055 123 4567', network: 'mtn' });
    expect(ok.statusCode).toBe(200);
    const reference = ok.json().reference;
    expect(paystack.calls.filter((c) => c.url === '/charge' && c.body.reference === reference)).toHaveLength(2);

    // The adapter on its own, with a short time-out: the first charge is answered too late, the retry (same reference)
    // finds it there (Paystack's "Duplicate Transaction Reference"), and the prompt stands.
    const adapter = createPaystackMomo(SECRET, paystack.base, { retryBackoffMs: 10, timeoutMs: 300 });
    const request = {
      reference: crypto.randomUUID(),
      rail: 'paystack_momo' as const,
      phone: '233244123456',
      country: 'GH',
      network: 'mtn',
      amount: 5_000,
      currency: 'GHS',
      invoiceNumber: 'INV-9',
      publicId: 'pub',
      callbackUrl: 'http://127.0.0.1/cb',
      returnUrl: 'http://127.0.0.1/ret',
      email: null,
    };
    paystack.delayNextMs = 800;
    expect(await adapter.start(request)).toEqual({ providerRef: null, redirectUrl: null });
    expect(paystack.calls.filter((c) => c.url === '/charge' && c.body.reference === request.reference)).toHaveLength(2);
    expect(txs.get(request.reference)!.amount).toBe(5_000);

    // Down every time: "Could not reach Paystack", and the page's status check keeps waiting (a later poll asks again).
    const down = createPaystackMomo(SECRET, 'http://127.0.0.1:9', { retryBackoffMs: 5, timeoutMs: 200 });
    await expect(down.start({ ...request, reference: crypto.randomUUID() })).rejects.toThrow('Could not reach Paystack. Please try again in a moment.');
    // Verify answering about another reference is never taken for ours.
    await expect(adapter.check({ reference: 'someone-else', providerRef: null, currency: 'GHS' })).resolves.toEqual({ kind: 'pending' });
  });
});

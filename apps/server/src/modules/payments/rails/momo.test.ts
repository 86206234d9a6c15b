import { afterAll, describe, expect, it } from 'vitest';
import { startMomoServer } from '../../../test/momo-server';
import { createMomo } from './momo';
import { listeningApp, railCalls, sentInvoiceIn } from './test-utils';

// Issue 25: the MTN MoMo Collections adapter against a local server speaking MTN's protocol.
const creds = { subscriptionKey: 'sub_duka', apiUser: '8a6c1f0e-2b7d-4c3e-9f1a-5d6e7f8a9b0c', apiKey: 'key_duka' };
const momo = await startMomoServer({ ...creds, environments: ['mtnuganda', 'mtnzambia', 'sandbox'] });
// MTN calls the app back over HTTP: the app listens on 127.0.0.1 and PUBLIC_URL points there.
const { app, ctx } = await listeningApp({ momo: { ...creds, targetEnvironment: 'UG=mtnuganda,ZM=mtnzambia' }, momoApiBase: momo.base });
afterAll(() => momo.close());

const UGX_TOTAL = 350_000;
const ugxInvoice = (country = 'Uganda', currency = 'UGX') => sentInvoiceIn(app, country, currency, { name: 'Okello John' });
const rail = railCalls(app, 'mtn_momo');
const start = (publicId: string, phone = '0772 123 456') => rail.start(publicId, { phone });
const status = async (publicId: string, ref: string) => (await rail.status(publicId, ref)).json();

describe('MTN MoMo Collections', () => {
  it('is offered for real (not TEST MODE) and sends the request to pay MTN expects, with one cached token', async () => {
    const { inv } = await ugxInvoice();
    const page = (await app.inject({ method: 'GET', url: `/api/invoices/public/${inv.public_id}` })).json();
    expect(page.rails.find((r: { id: string }) => r.id === 'mtn_momo')).toMatchObject({ test_mode: false, name: 'MTN MoMo' });
    const before = momo.tokensIssued;
    const a = await start(inv.public_id);
    // Another invoice's (one prompt waits per invoice at a time).
    const b = await start((await ugxInvoice()).inv.public_id, '+256 772 123 456');
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(momo.tokensIssued - before).toBe(1);
    const ref = a.json().reference;
    expect(a.json()).toMatchObject({ amount: UGX_TOTAL, currency: 'UGX', redirect_url: null, test_phone_url: null });
    const sent = momo.requests.get(ref)!;
    expect(sent.environment).toBe('mtnuganda');
    expect(sent.callbackUrl).toMatch(new RegExp(`^${ctx.config.publicUrl}/api/webhooks/rails/momo/[\\w-]{30,}$`));
    expect(sent.body).toMatchObject({ amount: '350000', currency: 'UGX', externalId: ref, payer: { partyIdType: 'MSISDN', partyId: '256772123456' } });
    expect(await status(inv.public_id, ref)).toMatchObject({ status: 'pending' });
  });

  it('PENDING → SUCCESSFUL: the callback is a hint, the status call confirms, recorded once with the operator id', async () => {
    const { api, inv } = await ugxInvoice();
    const ref = (await start(inv.public_id)).json().reference;
    const statusCalls = momo.statusCalls;
    expect(await momo.complete(ref, 'SUCCESSFUL')).toBe(200);
    expect(momo.statusCalls).toBeGreaterThan(statusCalls); // the callback made Duka ask MTN
    const paid = await status(inv.public_id, ref);
    expect(paid).toMatchObject({ status: 'paid', balance: 0, operator_id: momo.requests.get(ref)!.financialTransactionId });
    // Replays of the callback, and polls, change nothing.
    expect(await momo.replay(ref)).toBe(200);
    expect(await momo.replay(ref)).toBe(200);
    await status(inv.public_id, ref);
    const own = (await api.get(`/invoices/${inv.id}`)).body;
    expect(own.payments).toHaveLength(1);
    expect(own.payments[0]).toMatchObject({ amount: UGX_TOTAL, method: 'mobile_money', provider: 'momo', reference: paid.operator_id });
    expect(own.payments[0].test).toBeUndefined();
  });

  it('a callback that lies (SUCCESSFUL while MTN says PENDING) records nothing; unknown tokens and other references are refused', async () => {
    const { api, inv } = await ugxInvoice();
    const ref = (await start(inv.public_id)).json().reference;

    const forged = { externalId: ref, status: 'SUCCESSFUL', amount: '350000', currency: 'UGX', financialTransactionId: '999' };
    expect(await momo.replay(ref, forged)).toBe(200);
    expect((await status(inv.public_id, ref)).status).toBe('pending');
    expect(await momo.replay(ref, { ...forged, externalId: '00000000-0000-4000-8000-000000000000' })).toBe(404);
    const wrongToken = await app.inject({ method: 'PUT', url: `/api/webhooks/rails/momo/${'a'.repeat(32)}`, payload: forged });
    expect(wrongToken.statusCode).toBe(404);
    expect((await api.get(`/invoices/${inv.id}`)).body.payments).toHaveLength(0);
  });

  it('FAILED: declined, expired and other reasons in plain words', async () => {
    const { inv } = await ugxInvoice();
    const cases: Array<[string, string, string]> = [
      ['APPROVAL_REJECTED', 'cancelled', 'The payment was declined on the phone.'],
      ['EXPIRED', 'timed_out', 'The MTN MoMo prompt timed out.'],
      ['NOT_ENOUGH_FUNDS', 'failed', 'There is not enough money on this MTN MoMo account.'],
    ];
    for (const [reason, kind, message] of cases) {
      const ref = (await start(inv.public_id)).json().reference;
      await momo.complete(ref, 'FAILED', { reason });
      expect(await status(inv.public_id, ref)).toMatchObject({ status: kind, message });
    }
  });

  it('a wrong amount or currency is kept as refund due, never applied', async () => {
    const { api, inv } = await ugxInvoice();
    const a = (await start(inv.public_id)).json().reference;
    await momo.complete(a, 'SUCCESSFUL', { amount: '100' });
    expect((await status(inv.public_id, a)).status).toBe('failed');
    const b = (await start(inv.public_id)).json().reference;
    await momo.complete(b, 'SUCCESSFUL', { currency: 'KES' });
    expect((await status(inv.public_id, b)).status).toBe('failed');
    const own = (await api.get(`/invoices/${inv.id}`)).body;
    expect(own.payments).toHaveLength(0);
    const refunds = (await api.get(`/invoices/${inv.id}/refunds-due`)).body.refunds;
    expect(refunds.map((r: { amount: number; currency: string }) => [r.amount, r.currency]).sort()).toEqual([
      [100, 'UGX'],
      [35_000_000, 'KES'], // MTN's "350000" shillings, in cents
    ]);
  });

  it('5xx: retried with the same X-Reference-Id; when MTN stays down, "could not reach MTN MoMo"', async () => {
    const { inv } = await ugxInvoice();
    momo.failNext = 2;
    const ok = await start(inv.public_id);
    expect(ok.statusCode).toBe(200);
    expect(momo.requests.get(ok.json().reference)!.attempts).toBe(3); // one reference, three sends, one request at MTN
    momo.failNext = 10;
    const down = await start((await ugxInvoice()).inv.public_id);
    momo.failNext = 0;
    expect(down.statusCode).toBe(502);
    expect(down.json().error.message).toBe('Could not reach MTN MoMo. Please try again in a moment.');
  });

  it('a revoked or expired token gets one fresh token', async () => {
    const { inv } = await ugxInvoice();
    momo.revokeTokens();
    const before = momo.tokensIssued;
    expect((await start(inv.public_id)).statusCode).toBe(200);
    expect(momo.tokensIssued - before).toBe(1);
  });

  it('time-outs: the adapter retries with the same reference; the target environment follows the payer country', async () => {
    const adapter = createMomo({ ...creds, targetEnvironment: 'UG=mtnuganda,ZM=mtnzambia' }, momo.base, { retryBackoffMs: 10, timeoutMs: 300 });
    const reference = crypto.randomUUID();
    momo.hangNext = 1;
    const started = await adapter.start({
      reference,
      rail: 'mtn_momo',
      phone: '260961234567',
      country: 'ZM',
      amount: 12_550,
      currency: 'ZMW',
      invoiceNumber: 'INV-7',
      publicId: 'x',
      callbackUrl: 'http://127.0.0.1:1/cb',
      returnUrl: 'http://127.0.0.1:1/',
      email: null,
    });
    expect(started.providerRef).toBe('mtnzambia');
    expect(momo.requests.get(reference)).toMatchObject({ environment: 'mtnzambia', body: { amount: '125.50', currency: 'ZMW' } });
    expect(await adapter.check({ reference, providerRef: 'mtnzambia', currency: 'ZMW' })).toEqual({ kind: 'pending' });
    await momo.complete(reference, 'SUCCESSFUL', { callback: false });
    expect(await adapter.check({ reference, providerRef: 'mtnzambia', currency: 'ZMW' })).toMatchObject({ kind: 'paid', amount: 12_550, currency: 'ZMW' });
    await expect(
      adapter.start({
        reference: crypto.randomUUID(),
        rail: 'mtn_momo',
        phone: '254712345678',
        country: 'KE',
        amount: 1,
        currency: 'KES',
        invoiceNumber: 'x',
        publicId: 'x',
        callbackUrl: 'http://x/',
        returnUrl: 'http://x/',
        email: null,
      }),
    ).rejects.toThrow('MTN MoMo is not set up for this country (KE)');
  });
});

import { afterAll, describe, expect, it } from 'vitest';
import { startPaynowServer } from '../../../test/paynow-server';
import { listeningApp, railCalls, sentInvoiceIn } from './test-utils';

// Issue 25: Paynow's mobile express checkout (Zimbabwe) against a local server speaking Paynow's protocol.
const settings = { integrationId: '21436', integrationKey: 'duka-paynow-integration-key' };
const paynow = await startPaynowServer(settings);
const { app } = await listeningApp({ paynow: settings, paynowApiBase: paynow.base });
afterAll(() => paynow.close());

const usdInvoice = () => sentInvoiceIn(app, 'Zimbabwe', 'USD', { name: 'Tendai Moyo' });
const rail = railCalls(app, 'paynow');
const start = (publicId: string, body: object) => rail.start(publicId, body);
const status = async (publicId: string, ref: string) => (await rail.status(publicId, ref)).json();

describe('Paynow', () => {
  it('EcoCash: hashed request, hashed result call, poll confirms, recorded once with the Paynow reference', async () => {
    const { api, inv } = await usdInvoice();
    const page = (await app.inject({ method: 'GET', url: `/api/invoices/public/${inv.public_id}` })).json();
    expect(page.rails[0]).toMatchObject({ id: 'paynow', test_mode: false, networks: [{ code: 'ecocash' }, { code: 'onemoney' }] });
    const ok = await start(inv.public_id, { phone: '+263 77 123 4567', network: 'ecocash' });
    expect(ok.statusCode).toBe(200);
    const ref = ok.json().reference;
    expect(paynow.txs.get(ref)!.fields).toMatchObject({ id: '21436', amount: '3500.00', phone: '0771234567', method: 'ecocash', status: 'Message' });
    expect(await status(inv.public_id, ref)).toMatchObject({ status: 'pending' });
    expect(await paynow.complete(ref, 'Paid', { key: 'wrong-key' })).toBe(401);
    expect(await paynow.complete(ref, 'Paid')).toBe(200);
    expect(await paynow.complete(ref, 'Paid')).toBe(200);
    const paid = await status(inv.public_id, ref);
    expect(paid).toMatchObject({ status: 'paid', balance: 0, operator_id: paynow.txs.get(ref)!.paynowReference });
    expect((await api.get(`/invoices/${inv.id}`)).body.payments).toEqual([expect.objectContaining({ amount: 350_000, provider: 'paynow' })]);
  });

  it('cancelled on the phone, and another amount kept as refund due', async () => {
    const { api, inv } = await usdInvoice();
    const a = (await start(inv.public_id, { phone: '0771234567', network: 'onemoney' })).json().reference;
    await paynow.complete(a, 'Cancelled');
    expect((await status(inv.public_id, a)).status).toBe('cancelled');
    const b = (await start(inv.public_id, { phone: '0771234567', network: 'ecocash' })).json().reference;
    await paynow.complete(b, 'Paid', { amount: '1.00' });
    expect((await status(inv.public_id, b)).status).toBe('failed');
    expect((await api.get(`/invoices/${inv.id}/refunds-due`)).body.refunds).toEqual([expect.objectContaining({ amount: 100, currency: 'USD' })]);
  });
});

import { describe, expect, it } from 'vitest';
import { startChapaServer } from '../../../test/chapa-server';
import { railCalls, sentInvoiceIn, webhookUrl, withProvider } from './test-utils';

// Issue 25: Chapa's hosted checkout (Ethiopia) against a local server speaking Chapa's API.
const settings = { secretKey: 'CHASECK-duka-live', webhookSecret: 'duka-chapa-webhook-secret' };
const { app, server: chapa } = await withProvider(
  (url) => startChapaServer({ ...settings, webhookUrl: () => webhookUrl(url(), 'chapa') }),
  (chapa) => ({ chapa: settings, chapaApiBase: chapa.base }),
);

const etbInvoice = () => sentInvoiceIn(app, 'Ethiopia', 'ETB', { name: 'Abebe Bikila' });
const rail = railCalls(app, 'chapa');
const start = (publicId: string) => rail.start(publicId);
const status = async (publicId: string, ref: string) => (await rail.status(publicId, ref)).json();

describe('Chapa', () => {
  it('opens the hosted checkout, verifies by tx_ref after the signed webhook, records once with Chapa’s reference', async () => {
    const { api, inv } = await etbInvoice();
    const page = (await app.inject({ method: 'GET', url: `/api/invoices/public/${inv.public_id}` })).json();
    expect(page.rails).toEqual([expect.objectContaining({ id: 'chapa', kind: 'checkout', test_mode: false })]);
    const ok = await start(inv.public_id);
    expect(ok.statusCode).toBe(200);
    const { reference, redirect_url } = ok.json();
    expect(redirect_url).toBe(`https://checkout.chapa.test/checkout/payment/${reference}`);
    expect(chapa.txs.get(reference)!.body).toMatchObject({ amount: '3500.00', currency: 'ETB', tx_ref: reference });
    expect(String(chapa.txs.get(reference)!.body.return_url)).toContain(`/invoice/link/${inv.public_id}?rail=chapa&reference=${reference}`);
    expect(await status(inv.public_id, reference)).toMatchObject({ status: 'pending' });
    expect(await chapa.complete(reference, 'success', { secret: 'not-the-secret' })).toBe(401);
    expect(await chapa.complete(reference, 'success')).toBe(200);
    expect(await chapa.complete(reference, 'success')).toBe(200); // replay
    const paid = await status(inv.public_id, reference);
    expect(paid).toMatchObject({ status: 'paid', balance: 0, operator_id: chapa.txs.get(reference)!.reference });
    expect((await api.get(`/invoices/${inv.id}`)).body.payments).toEqual([expect.objectContaining({ amount: 350_000, provider: 'chapa' })]);
  });

  it("an Ethiopian business's USD invoice is paid through Chapa in USD, and no Zimbabwean Paynow is offered (t18 E1)", async () => {
    const { api, inv } = await sentInvoiceIn(app, 'Ethiopia', 'USD', { name: 'Abebe Bikila' });
    const page = (await app.inject({ method: 'GET', url: `/api/invoices/public/${inv.public_id}` })).json();
    expect(page.rails.map((r: { id: string }) => r.id)).toEqual(['chapa']);
    expect((await rail.start(inv.public_id, { phone: '0911234567' })).statusCode).toBe(200);
    const paynow = await railCalls(app, 'paynow').start(inv.public_id, { phone: '0771234567', network: 'ecocash' });
    expect(paynow.statusCode).toBe(409);
    const { reference } = (await start(inv.public_id)).json();
    expect(chapa.txs.get(reference)!.body).toMatchObject({ amount: '3500.00', currency: 'USD' });
    expect(await chapa.complete(reference, 'success')).toBe(200);
    expect(await status(inv.public_id, reference)).toMatchObject({ status: 'paid', balance: 0 });
    expect((await api.get(`/invoices/${inv.id}`)).body.payments).toEqual([expect.objectContaining({ amount: 350_000, provider: 'chapa' })]);
  });

  it('another amount is kept as refund due; a failed payment says so', async () => {
    const { api, inv } = await etbInvoice();
    const a = (await start(inv.public_id)).json().reference;
    await chapa.complete(a, 'success', { amount: '10.00' });
    expect((await status(inv.public_id, a)).status).toBe('failed');
    expect((await api.get(`/invoices/${inv.id}/refunds-due`)).body.refunds).toEqual([expect.objectContaining({ amount: 1000, currency: 'ETB' })]);
    const b = (await start(inv.public_id)).json().reference;
    await chapa.complete(b, 'failed');
    expect((await status(inv.public_id, b)).status).toBe('failed');
  });
});

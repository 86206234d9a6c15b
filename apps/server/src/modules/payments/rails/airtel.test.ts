import { describe, expect, it } from 'vitest';
import { startAirtelServer } from '../../../test/airtel-server';
import { airtelId } from './airtel';
import { railCalls, sentInvoiceIn, webhookUrl, withProvider } from './test-utils';

// Issue 25: Airtel Money collections against a local server speaking Airtel's Open API.
const creds = { clientId: 'duka_client', clientSecret: 'duka_secret' };
const { app, server: airtel } = await withProvider(
  (url) => startAirtelServer({ ...creds, callbackUrl: () => webhookUrl(url(), 'airtel') }),
  (airtel) => ({ airtel: creds, airtelApiBase: airtel.base }),
);

const invoiceIn = (country: string, currency: string) => sentInvoiceIn(app, country, currency, { name: 'Mugisha Eric' });
const rail = railCalls(app, 'airtel_money');
const start = (publicId: string, phone: string) => rail.start(publicId, { phone });
const status = async (publicId: string, ref: string) => (await rail.status(publicId, ref)).json();

describe('Airtel Money', () => {
  it('Uganda: the USSD push with X-Country/X-Currency and the national number; paid once after the status says TS', async () => {
    const { api, inv } = await invoiceIn('Uganda', 'UGX');
    const ok = await start(inv.public_id, '+256 752 123 456');
    expect(ok.statusCode).toBe(200);
    const ref = ok.json().reference;
    const push = airtel.pushes.get(airtelId(ref))!;
    expect(push).toMatchObject({ country: 'UG', currency: 'UGX' });
    expect(push.body.subscriber.msisdn).toBe('752123456');
    expect(push.body.transaction).toMatchObject({ amount: 350_000, currency: 'UGX', country: 'UG' });
    expect(await status(inv.public_id, ref)).toMatchObject({ status: 'pending' });
    expect(await airtel.complete(push.id, 'TS')).toBe(200);
    const paid = await status(inv.public_id, ref);
    expect(paid).toMatchObject({ status: 'paid', balance: 0, operator_id: push.airtelMoneyId });
    expect(await airtel.complete(push.id, 'TS')).toBe(200); // replayed callback
    const own = (await api.get(`/invoices/${inv.id}`)).body;
    expect(own.payments).toEqual([expect.objectContaining({ amount: 350_000, method: 'mobile_money', provider: 'airtel', reference: push.airtelMoneyId })]);
  });

  it('Kenya: whole shillings, declined and expired prompts in plain words; unknown callbacks refused', async () => {
    const { inv } = await invoiceIn('Kenya', 'KES');
    const a = (await start(inv.public_id, '0733 123 456')).json().reference;
    expect(airtel.pushes.get(airtelId(a))!.body.transaction).toMatchObject({ amount: 3500, currency: 'KES', country: 'KE' });
    await airtel.complete(airtelId(a), 'TF', { message: 'Transaction declined by the customer' });
    expect(await status(inv.public_id, a)).toMatchObject({ status: 'cancelled' });
    const b = (await start(inv.public_id, '0733 123 456')).json().reference;
    await airtel.complete(airtelId(b), 'TE');
    expect(await status(inv.public_id, b)).toMatchObject({ status: 'timed_out' });
    const unknown = await app.inject({ method: 'POST', url: '/api/webhooks/airtel', payload: { transaction: { id: 'f'.repeat(32), status_code: 'TS' } } });
    expect(unknown.statusCode).toBe(404);
  });

  it('Airtel down: retried, then "could not reach Airtel Money"', async () => {
    const { inv } = await invoiceIn('Zambia', 'ZMW');
    airtel.failNext = 10;
    const down = await start(inv.public_id, '097 123 4567');
    airtel.failNext = 0;
    expect(down.statusCode).toBe(502);
    expect(down.json().error.message).toBe('Could not reach Airtel Money. Please try again in a moment.');
  });
});

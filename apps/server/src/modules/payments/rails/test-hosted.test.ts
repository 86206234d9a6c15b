import { describe, expect, it } from 'vitest';
import { openTestApp, signUp } from '../../../test/harness';
import { invoiceBody, withContact } from '../../invoices/test-utils';

// Issue 25 (t25 D4): a TEST MODE hosted checkout records the way to pay it stands for, as the real adapter does.
const { app } = await openTestApp();
const inject = (method: 'GET' | 'POST', url: string, payload?: object) => app.inject({ method, url, ...(payload ? { payload } : {}) });

async function invoiceIn(country: string, currency: string) {
  const user = await signUp(app, { country });
  const { api, contactId } = await withContact(app, user, { name: 'Nakato Sarah' });
  const res = await api.post('/invoices', invoiceBody(contactId, { status: 'sent', currency, fees: [], fee_ids: [] }));
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return { api, inv: res.body as { id: string; public_id: string } };
}

describe('TEST MODE hosted checkouts (issue 25)', () => {
  it.each([
    ['Nigeria', 'NGN', 'flutterwave_checkout', 'card'],
    ['South Africa', 'ZAR', 'ozow', 'bank_transfer'],
    ['Ethiopia', 'ETB', 'chapa', 'mobile_money'],
  ])('%s (%s): %s is recorded as %s', async (country, currency, rail, method) => {
    const { api, inv } = await invoiceIn(country, currency);
    const started = await inject('POST', `/api/invoices/link/${inv.public_id}/rails/${rail}`, {});
    expect(started.statusCode).toBe(200);
    const { reference, redirect_url } = started.json();
    expect(redirect_url).toBe(`/test-phone/${reference}`);
    await inject('POST', `/api/test-phone/${reference}/approve`);
    expect((await inject('GET', `/api/invoices/link/${inv.public_id}/rails/${rail}/${reference}`)).json().status).toBe('paid');
    const own = (await api.get(`/invoices/${inv.id}`)).body;
    expect(own.payments).toHaveLength(1);
    expect(own.payments[0]).toMatchObject({ method, provider: 'test-rail', test: true });
  });
});

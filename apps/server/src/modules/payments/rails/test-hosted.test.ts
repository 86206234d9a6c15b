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
    // The stand-in has no card / bank transfer / USSD choice: it says no way, and the receipt names Flutterwave (t19 N2).
    ['Nigeria', 'NGN', 'flutterwave_checkout', 'other'],
    // t19 G1: Ghana's card way.
    ['Ghana', 'GHS', 'flutterwave_checkout', 'other'],
    ['South Africa', 'ZAR', 'ozow', 'bank_transfer'],
    ['South Africa', 'ZAR', 'paystack_eft', 'bank_transfer'],
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
    const receipts = (await api.get(`/invoices/${inv.id}/receipts`)).body;
    const named = { flutterwave_checkout: 'Flutterwave (TEST)', ozow: 'Bank transfer (TEST)', paystack_eft: 'Bank transfer (TEST)', chapa: 'Chapa (TEST)' };
    expect(JSON.stringify(receipts)).toContain(`"method_label":"${named[rail as keyof typeof named]}"`);
  });
});

describe('a TEST MODE payment ends the journey as a real one does (issue 25, t25 D2)', () => {
  it('paid in full in TEST MODE: the page offers no more ways to pay, a new TEST payment is refused, the money stays TEST', async () => {
    const { api, inv } = await invoiceIn('Uganda', 'UGX');
    const started = (await inject('POST', `/api/invoices/link/${inv.public_id}/rails/mtn_momo`, { phone: '0772 123 456' })).json();
    await inject('POST', `/api/test-phone/${started.reference}/approve`);
    expect((await inject('GET', `/api/invoices/link/${inv.public_id}/rails/mtn_momo/${started.reference}`)).json().status).toBe('paid');
    const page = (await inject('GET', `/api/invoices/public/${inv.public_id}`)).json();
    expect(page).toMatchObject({ test_status: 'paid', rails: [], pay_provider: null });
    for (const rail of ['airtel_money', 'mtn_momo']) {
      const again = await inject('POST', `/api/invoices/link/${inv.public_id}/rails/${rail}`, { phone: '0752 123 456' });
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe('This invoice was already paid in TEST MODE: nothing is left to pay');
    }
    // The card's test checkout too.
    expect((await inject('GET', `/api/test-pay/client-secrete/${inv.public_id}`)).statusCode).toBe(409);
    const own = (await api.get(`/invoices/${inv.id}`)).body;
    expect(own.payments).toHaveLength(1);
    expect(own).toMatchObject({ amount_paid: 0 });
    expect(own.payments[0]).toMatchObject({ test: true });
  });
});

describe('the wallet picked is named on the test phone (issue 25, t25 D6)', () => {
  it.each([
    ['Ghana', 'GHS', 'paystack_momo', '020 123 4567', 'vod', 'Telecel Cash'],
    ['Zimbabwe', 'USD', 'paynow', '077 123 4567', 'ecocash', 'EcoCash'],
  ])('%s (%s), %s: the test phone names the wallet picked', async (country, currency, rail, phone, network, name) => {
    const { inv } = await invoiceIn(country, currency);
    const started = await inject('POST', `/api/invoices/link/${inv.public_id}/rails/${rail}`, { phone, network });
    expect(started.statusCode, started.body).toBe(200);
    expect((await inject('GET', `/api/test-phone/${started.json().reference}`)).json()).toMatchObject({ rail_name: name });
  });
});

describe('the test phone writes money and speaks as the pay page (issue 25, t25 D7/D10)', () => {
  it("says whether the invoice's amounts show cents, and the client's language", async () => {
    const user = await signUp(app, { country: 'Kenya' });
    const { api, contactId } = await withContact(app, user, { name: 'Wanjiru', language: 'sw' });
    // A line with cents: the page writes every amount with them (KSh1,000.00), and so does the test phone.
    const lines = [
      { id: crypto.randomUUID(), description: 'Sugar', quantity: 1, unit_price: 100_000, fee_ids: [] },
      { id: crypto.randomUUID(), description: 'Bag', quantity: 2, unit_price: 50, fee_ids: [] },
    ];
    const inv = (await api.post('/invoices', invoiceBody(contactId, { status: 'sent', currency: 'KES', fees: [], fee_ids: [], lines }))).body;
    const started = (await inject('POST', `/api/invoices/link/${inv.public_id}/rails/mpesa`, { phone: '0712 345 678' })).json();
    expect((await inject('GET', `/api/test-phone/${started.reference}`)).json()).toMatchObject({ amount: 100_100, minor: true, language: 'sw' });
  });
});

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testRailPrompts } from '../../../db/schema';
import { openTestApp, signUp } from '../../../test/harness';
import { invoiceBody, withContact } from '../../invoices/test-utils';
import { receiptEmailText } from '../../receipts';

// Issue 25: without provider settings each rail of the country is offered in TEST MODE through the test provider.
const { app, ctx } = await openTestApp();
const inject = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) => app.inject({ method, url, ...(payload ? { payload } : {}) });

const UGX_TOTAL = 350_000; // 2 × 1,500 + 500 shillings, no tax (UGX has no minor unit)
async function invoiceIn(country: string, currency: string, extra: Record<string, unknown> = {}) {
  const user = await signUp(app, { country });
  const { api, contactId } = await withContact(app, user, { name: 'Nakato Sarah' });
  const res = await api.post('/invoices', invoiceBody(contactId, { status: 'sent', currency, fees: [], fee_ids: [], ...extra }));
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return { user, api, inv: res.body as { id: string; public_id: string; total_due: number } };
}
const start = (publicId: string, rail: string, body: object) => inject('POST', `/api/invoices/link/${publicId}/rails/${rail}`, body);
const status = async (publicId: string, rail: string, ref: string) => (await inject('GET', `/api/invoices/link/${publicId}/rails/${rail}/${ref}`)).json();

describe('TEST MODE rails (issue 25)', () => {
  it("offers Uganda's rails in TEST MODE on the public page", async () => {
    const { inv } = await invoiceIn('Uganda', 'UGX');
    const page = (await inject('GET', `/api/invoices/public/${inv.public_id}`)).json();
    // One way per network (t18 U2): MTN MoMo and Airtel Money, each on its own TEST rail; no third Flutterwave button.
    expect(page.rails.map((r: { id: string; name: string }) => [r.id, r.name])).toEqual([
      ['mtn_momo', 'MTN MoMo'],
      ['airtel_money', 'Airtel Money'],
    ]);
    expect(page.rails[0]).toMatchObject({ name: 'MTN MoMo', kind: 'phone', test_mode: true, country: 'UG' });
    expect(page.pay_provider).toBe('test-pay'); // and the card form
  });

  it('MTN MoMo: Check your phone, Approve on the test phone, paid once with the operator id on the payment', async () => {
    const { api, inv } = await invoiceIn('Uganda', 'UGX');
    const bad = await start(inv.public_id, 'mtn_momo', { phone: '0414 123 456' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.phone).toBe('Enter a Uganda MTN MoMo number, for example 0772 123 456');

    const ok = await start(inv.public_id, 'mtn_momo', { phone: '+256 772 123456' });
    expect(ok.statusCode).toBe(200);
    const { reference, test_phone_url } = ok.json();
    expect(ok.json()).toMatchObject({ amount: UGX_TOTAL, currency: 'UGX', redirect_url: null });
    expect(test_phone_url).toBe(`/test-phone/${reference}`);
    expect(await status(inv.public_id, 'mtn_momo', reference)).toMatchObject({ status: 'pending', operator_id: null, balance: UGX_TOTAL });

    const phone = (await inject('GET', `/api/test-phone/${reference}`)).json();
    expect(phone).toMatchObject({
      rail: 'mtn_momo',
      rail_name: 'MTN MoMo',
      amount: UGX_TOTAL,
      currency: 'UGX',
      phone: '256772123456',
      status: 'pending',
      test_mode: true,
    });
    const approve = await inject('POST', `/api/test-phone/${reference}/approve`);
    // Paid in full: nothing left in TEST MODE (the page then says "paid"; t20 H1).
    expect(approve.json()).toEqual({ status: 'approved', left: 0 });
    // The callback already settled it; a second answer is refused.
    expect((await inject('POST', `/api/test-phone/${reference}/decline`)).statusCode).toBe(409);

    const paid = await status(inv.public_id, 'mtn_momo', reference);
    // The prompt is paid: the rail's answer says what the TEST journey left (core testModeBalance, issue 25); a TEST
    // MODE payment is no money (issue 22), so the invoice's own balance stays whole.
    expect(paid).toMatchObject({ status: 'paid', balance: 0 });
    expect(paid.operator_id).toMatch(/^TEST[0-9A-F]{10}$/);
    const own = (await api.get(`/invoices/${inv.id}`)).body;
    expect(own.balance).toBe(UGX_TOTAL);
    expect(own.payments).toHaveLength(1);
    expect(own.payments[0]).toMatchObject({ amount: UGX_TOTAL, method: 'mobile_money', reference: paid.operator_id, provider: 'test-rail', test: true });
    // The receipt names the wallet tapped, not a bare 'Mobile money' (t18 C2), in English and French.
    expect(own.payments[0].wallet).toBe('MTN MoMo');
    const [receipt] = (await api.get(`/invoices/${inv.id}/receipts`)).body.receipts;
    expect(receipt).toMatchObject({ wallet: 'MTN MoMo', method_label: 'MTN MoMo (TEST)' });
    expect(receiptEmailText(receipt, 'Duka', 'Nakato', 'http://x', 'fr')).toContain('MTN MoMo (TEST)');
    expect(receiptEmailText(receipt, 'Duka', 'Nakato', 'http://x', 'fr')).not.toContain('Mobile money');
  });

  it('replayed callbacks and polls record the payment once; unknown tokens and another reference are refused', async () => {
    const { api, inv } = await invoiceIn('Uganda', 'UGX');
    const { reference } = (await start(inv.public_id, 'airtel_money', { phone: '0752 123 456' })).json();
    await inject('POST', `/api/test-phone/${reference}/approve`);
    for (let i = 0; i < 3; i++) expect((await status(inv.public_id, 'airtel_money', reference)).status).toBe('paid');
    expect((await api.get(`/invoices/${inv.id}`)).body.payments).toHaveLength(1);
    expect((await inject('PUT', `/api/webhooks/rails/test-rail/${'x'.repeat(30)}`, { externalId: reference })).statusCode).toBe(404);
  });

  it("states the part asked, not the balance, after a reload (t16 F1); another invoice's page cannot read it", async () => {
    const { inv } = await invoiceIn('Uganda', 'UGX', { part_payments: true });
    const part = 100_000;
    const ok = await start(inv.public_id, 'mtn_momo', { phone: '0772 123 456', amount: part });
    expect(ok.json()).toMatchObject({ amount: part, currency: 'UGX' });
    const { reference } = ok.json();
    expect(await status(inv.public_id, 'mtn_momo', reference)).toMatchObject({ status: 'pending', amount: part, currency: 'UGX', balance: UGX_TOTAL });
    // A part: the test phone is told what is left, so it says "partly paid", not "paid" (t20 H1).
    expect((await inject('POST', `/api/test-phone/${reference}/approve`)).json()).toEqual({ status: 'approved', left: UGX_TOTAL - part });
    expect((await inject('GET', `/api/test-phone/${reference}`)).json()).toMatchObject({ status: 'approved', left: UGX_TOTAL - part });
    expect(await status(inv.public_id, 'mtn_momo', reference)).toMatchObject({ status: 'paid', amount: part, balance: UGX_TOTAL - part });
    // Another business's invoice page asking for this reference learns nothing (not its amount either).
    const other = (await invoiceIn('Uganda', 'UGX')).inv;
    const res = await inject('GET', `/api/invoices/link/${other.public_id}/rails/mtn_momo/${reference}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().amount).toBeUndefined();
  });

  it('Decline and Let it time out say so; Try again sends a new prompt', async () => {
    const { inv } = await invoiceIn('Rwanda', 'RWF');
    const first = (await start(inv.public_id, 'mtn_momo', { phone: '078 123 4567' })).json();
    await inject('POST', `/api/test-phone/${first.reference}/decline`);
    expect(await status(inv.public_id, 'mtn_momo', first.reference)).toMatchObject({ status: 'cancelled', message: 'The payment was declined on the phone.' });
    const second = (await start(inv.public_id, 'mtn_momo', { phone: '078 123 4567' })).json();
    await inject('POST', `/api/test-phone/${second.reference}/timeout`);
    expect(await status(inv.public_id, 'mtn_momo', second.reference)).toMatchObject({ status: 'timed_out' });
  });

  it('Kenya: M-Pesa in TEST MODE without Daraja settings', async () => {
    const { api, inv } = await invoiceIn('Kenya', 'KES');
    const page = (await inject('GET', `/api/invoices/public/${inv.public_id}`)).json();
    expect(page.rails.map((r: { id: string }) => r.id)).toEqual(['mpesa', 'airtel_money']);
    // Not on Daraja: the page draws the rails' form for it, and never loads M-Pesa's own.
    expect(page.rails[0].daraja).toBeUndefined();
    const r = (await start(inv.public_id, 'mpesa', { phone: '0712 345 678' })).json();
    await inject('POST', `/api/test-phone/${r.reference}/approve`);
    // TEST: no money (issue 22); nothing left of the TEST journey (issue 25).
    expect(await status(inv.public_id, 'mpesa', r.reference)).toMatchObject({ status: 'paid', balance: 0 });
    expect((await api.get(`/invoices/${inv.id}`)).body).toMatchObject({ balance: inv.total_due, test_balance: 0 });
  });

  it('a rail that does not take the currency, or one the owner turned off, is refused with a message', async () => {
    const { inv, user } = await invoiceIn('Uganda', 'UGX');
    const chapa = await start(inv.public_id, 'chapa', {});
    expect(chapa.statusCode).toBe(409);
    expect(chapa.json().error.message).toBe('Chapa does not take payments in UGX');
    const saved = await app.inject({
      method: 'PATCH',
      url: `/api/users/${user.username}`,
      headers: user.auth,
      payload: { user: { invoice_settings: { pay_rails: ['mtn_momo'] } } },
    });
    expect(saved.statusCode).toBe(200);
    const page = (await inject('GET', `/api/invoices/public/${inv.public_id}`)).json();
    expect(page.rails.map((r: { id: string }) => r.id)).toEqual(['mtn_momo']);
    expect(page.pay_provider).toBeNull(); // the owner did not choose the card
    expect((await start(inv.public_id, 'airtel_money', { phone: '0752 123 456' })).json().error.message).toBe('Airtel Money is not offered on this invoice');
  });

  it('an amount other than what was asked is kept as refund due, never applied', async () => {
    const { api, inv } = await invoiceIn('Zambia', 'ZMW');
    const { reference } = (await start(inv.public_id, 'mtn_momo', { phone: '096 123 4567' })).json();
    // The provider's record says 1 ngwee less than asked.
    await ctx.db
      .update(testRailPrompts)
      .set({ amount: UGX_TOTAL - 1 })
      .where(eq(testRailPrompts.reference, reference));
    await inject('POST', `/api/test-phone/${reference}/approve`);
    expect(await status(inv.public_id, 'mtn_momo', reference)).toMatchObject({ status: 'failed', balance: UGX_TOTAL });
    expect((await api.get(`/invoices/${inv.id}`)).body.payments).toHaveLength(0);
    const refunds = (await api.get(`/invoices/${inv.id}/refunds-due`)).body.refunds;
    expect(refunds).toEqual([
      expect.objectContaining({ id: reference, amount: UGX_TOTAL - 1, currency: 'ZMW', method: 'mobile_money', provider: 'test-rail' }),
    ]);
  });
});

describe('production', () => {
  it('offers no TEST MODE rails unless PAYMENTS_TEST_MODE=on', async () => {
    const prod = await openTestApp({ nodeEnv: 'production', paymentsTestMode: false, stripeSecretKey: 'sk_test_x', stripeWebhookSecret: 'whsec_x' });
    const user = await signUp(prod.app, { country: 'Uganda' });
    const { api, contactId } = await withContact(prod.app, user);
    const inv = (await api.post('/invoices', invoiceBody(contactId, { status: 'sent', currency: 'UGX', fees: [], fee_ids: [] }))).body;
    const page = (await prod.app.inject({ method: 'GET', url: `/api/invoices/public/${inv.public_id}` })).json();
    expect(page.rails).toEqual([]);
    expect(
      (await prod.app.inject({ method: 'POST', url: `/api/invoices/link/${inv.public_id}/rails/mtn_momo`, payload: { phone: '0772123456' } })).statusCode,
    ).toBe(409);
    const on = await openTestApp({ nodeEnv: 'production', paymentsTestMode: true });
    const u2 = await signUp(on.app, { country: 'Uganda' });
    const c2 = await withContact(on.app, u2);
    const inv2 = (await c2.api.post('/invoices', invoiceBody(c2.contactId, { status: 'sent', currency: 'UGX', fees: [], fee_ids: [] }))).body;
    const page2 = (await on.app.inject({ method: 'GET', url: `/api/invoices/public/${inv2.public_id}` })).json();
    expect(page2.rails.every((r: { test_mode: boolean }) => r.test_mode)).toBe(true);
    expect(page2.rails).toHaveLength(2);
  });
});

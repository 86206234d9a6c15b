import { afterAll, describe, expect, it } from 'vitest';
import { openTestApp, signUp } from '../../test/harness';
import { startDarajaServer } from '../../test/daraja-server';
import { invoiceBody, withContact } from '../invoices/test-utils';
import { clockOf } from '../../lib/clock';
import { darajaPassword, darajaTimestamp } from './mpesa';
import { QUERY_AFTER_MS } from './mpesa-service';

const creds = {
  consumerKey: 'ck_duka',
  consumerSecret: 'cs_duka',
  shortcode: '174379',
  passkey: 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919',
};
const daraja = await startDarajaServer(creds);
const { app, ctx } = await openTestApp({ mpesa: creds, mpesaApiBase: daraja.base });
// Daraja calls the app back over HTTP, so the app listens on 127.0.0.1 and PUBLIC_URL points there.
const address = await app.listen({ port: 0, host: '127.0.0.1' });
ctx.config.publicUrl = address;
afterAll(() => daraja.close());

const KES_TOTAL = 350_000; // 2 × 1,500 + 500 shillings, no tax
async function kesInvoice(extra: Record<string, unknown> = {}, owner: Record<string, unknown> = {}) {
  const user = await signUp(app, owner);
  const { api, contactId } = await withContact(app, user, { name: 'Wanjiru Kamau' });
  const res = await api.post('/invoices', invoiceBody(contactId, { status: 'sent', currency: 'KES', fees: [], fee_ids: [], ...extra }));
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return { user, api, inv: res.body };
}
const pay = (publicId: string, phone = '0712 345 678') => app.inject({ method: 'POST', url: `/api/invoices/link/${publicId}/mpesa`, payload: { phone } });
const status = async (publicId: string, id: string) => (await app.inject({ method: 'GET', url: `/api/invoices/link/${publicId}/mpesa/${id}` })).json();

describe('Daraja request', () => {
  it('stamps Nairobi time and signs the password', () => {
    expect(darajaTimestamp(new Date('2026-11-23T21:05:09Z'))).toBe('20261124000509');
    expect(darajaPassword(creds, '20261124000509')).toBe(Buffer.from(`174379${creds.passkey}20261124000509`).toString('base64'));
  });

  it('sends the STK Push Daraja expects, with one cached token', async () => {
    const { inv } = await kesInvoice();
    expect((await app.inject({ method: 'GET', url: `/api/invoices/link/${inv.public_id}/mpesa` })).json()).toEqual({ available: true, reason: null });
    // The page knows from the invoice that M-Pesa runs on Daraja, so it loads only M-Pesa's own form (issue 25).
    const page = (await app.inject({ method: 'GET', url: `/api/invoices/public/${inv.public_id}` })).json();
    expect(page.rails.find((r: { id: string }) => r.id === 'mpesa')).toMatchObject({ id: 'mpesa', daraja: true });
    const before = daraja.tokensIssued;
    const a = await pay(inv.public_id);
    // Another invoice's (one prompt waits per invoice at a time).
    const b = await pay((await kesInvoice()).inv.public_id, '+254 712 345 678');
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(daraja.tokensIssued - before).toBeLessThanOrEqual(1);
    const push = daraja.pushes.find((p) => p.checkoutRequestId === a.json().checkout_request_id)!;
    expect(a.json()).toMatchObject({ amount: KES_TOTAL, currency: 'KES' });
    expect(push.body).toMatchObject({
      BusinessShortCode: '174379',
      TransactionType: 'CustomerPayBillOnline',
      Amount: 3500,
      PartyA: '254712345678',
      PhoneNumber: '254712345678',
      AccountReference: inv.number,
    });
    expect(push.callbackUrl).toMatch(new RegExp(`^${address}/api/webhooks/mpesa/[A-Za-z0-9_-]{30,}$`));
    expect(await status(inv.public_id, a.json().checkout_request_id)).toMatchObject({ status: 'pending', balance: KES_TOTAL });
  });
});

describe('callback', () => {
  it('records a paid prompt once, with the M-Pesa receipt, and a replay does not pay twice', async () => {
    const { api, inv } = await kesInvoice();
    const id = (await pay(inv.public_id)).json().checkout_request_id as string;
    expect(await daraja.complete(id, 0)).toBe(200);
    expect(await daraja.replay(id)).toBe(200);
    const saved = (await api.get(`/invoices/${inv.id}`)).body;
    // The page names the M-Pesa receipt number and what this prompt took.
    expect(await status(inv.public_id, id)).toEqual({
      status: 'paid',
      message: null,
      balance: 0,
      operator_id: saved.payments[0].reference,
      amount: KES_TOTAL,
      currency: 'KES',
    });
    expect(saved.status).toBe('paid');
    expect(saved.payments).toHaveLength(1);
    expect(saved.payments[0]).toMatchObject({ amount: KES_TOTAL, method: 'mobile_money', provider: 'mpesa', provider_ref: id });
    expect(saved.payments[0].reference).toMatch(/^NLJ7RT/);
    // A paid invoice takes no new prompt.
    expect((await pay(inv.public_id)).statusCode).toBe(409);
  });

  it("dates a payment made at 23:30 UTC on the Kenyan business's day (Nairobi is 3 hours ahead)", async () => {
    const day = new Date().toISOString().slice(0, 10);
    const { api, inv } = await kesInvoice({}, { country: 'Kenya' });
    const id = (await pay(inv.public_id)).json().checkout_request_id as string;
    const clock = clockOf(ctx);
    try {
      clock.set(new Date(`${day}T23:30:00Z`));
      expect(await daraja.complete(id, 0)).toBe(200);
    } finally {
      clock.set(null);
    }
    const saved = (await api.get(`/invoices/${inv.id}`)).body;
    expect(saved.payments).toHaveLength(1);
    expect(saved.payments[0].date).toBe(new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10));
  });

  it('says in plain words when the customer cancelled or the prompt timed out', async () => {
    const { api, inv } = await kesInvoice();
    const cancelled = (await pay(inv.public_id)).json().checkout_request_id as string;
    expect(await daraja.complete(cancelled, 1032)).toBe(200);
    expect(await status(inv.public_id, cancelled)).toMatchObject({ status: 'cancelled', balance: KES_TOTAL });
    const timedOut = (await pay(inv.public_id)).json().checkout_request_id as string;
    expect(await daraja.complete(timedOut, 1037)).toBe(200);
    expect(await status(inv.public_id, timedOut)).toMatchObject({ status: 'timed_out' });
    const failed = (await pay(inv.public_id)).json().checkout_request_id as string;
    expect(await daraja.complete(failed, 1)).toBe(200);
    expect(await status(inv.public_id, failed)).toEqual({
      status: 'failed',
      message: 'The balance is insufficient for the transaction',
      balance: KES_TOTAL,
      operator_id: null,
      amount: KES_TOTAL,
      currency: 'KES',
    });
    expect((await api.get(`/invoices/${inv.id}`)).body.payments).toHaveLength(0);
  });

  it('asks Daraja about a prompt whose callback is late, records it once, and a late callback does not pay twice', async () => {
    const { api, inv } = await kesInvoice();
    const id = (await pay(inv.public_id)).json().checkout_request_id as string;
    const clock = clockOf(ctx);
    try {
      // Early on, the page only reads what is stored: no query yet.
      const before = daraja.queries;
      expect(await status(inv.public_id, id)).toMatchObject({ status: 'pending' });
      expect(daraja.queries).toBe(before);
      // 31 s on, still on the customer's phone: Daraja says it is being processed, the page keeps waiting.
      clock.set(new Date(Date.now() + QUERY_AFTER_MS + 1_000));
      expect(await status(inv.public_id, id)).toMatchObject({ status: 'pending', balance: KES_TOTAL });
      expect(daraja.queries).toBe(before + 1);
      // The customer pays but the callback never comes; the next query (15 s later) finds it.
      daraja.answerWithoutCallback(id, 0);
      expect(await status(inv.public_id, id)).toMatchObject({ status: 'pending' }); // asked too recently
      clock.set(new Date(Date.now() + QUERY_AFTER_MS + 20_000));
      // The query carries no M-Pesa receipt number: the payment's reference is the CheckoutRequestID.
      expect(await status(inv.public_id, id)).toEqual({ status: 'paid', message: null, balance: 0, operator_id: id, amount: KES_TOTAL, currency: 'KES' });
      const saved = (await api.get(`/invoices/${inv.id}`)).body;
      expect(saved.payments).toHaveLength(1);
      expect(saved.payments[0]).toMatchObject({ amount: KES_TOTAL, method: 'mobile_money', provider: 'mpesa', reference: id });
      // The callback arriving after all is taken as a duplicate.
      expect(await daraja.complete(id, 0)).toBe(200);
      expect((await api.get(`/invoices/${inv.id}`)).body.payments).toHaveLength(1);

      // A cancelled prompt whose callback was lost says so too.
      clock.set(null);
      const cancelled = (await pay(inv.public_id)).statusCode;
      expect(cancelled).toBe(409); // paid now: no new prompt
      const other = await kesInvoice();
      const id2 = (await pay(other.inv.public_id)).json().checkout_request_id as string;
      daraja.answerWithoutCallback(id2, 1032);
      clock.set(new Date(Date.now() + QUERY_AFTER_MS + 1_000));
      expect(await status(other.inv.public_id, id2)).toMatchObject({ status: 'cancelled', message: 'Request cancelled by user', balance: KES_TOTAL });
    } finally {
      clock.set(null);
    }
  });

  it('refuses a callback on a wrong token or for another CheckoutRequestID', async () => {
    const { api, inv } = await kesInvoice();
    const first = (await pay(inv.public_id)).json().checkout_request_id as string;
    // Another invoice's push (one prompt waits per invoice at a time).
    const second = (await pay((await kesInvoice()).inv.public_id)).json().checkout_request_id as string;
    const secondUrl = daraja.pushes.find((p) => p.checkoutRequestId === second)!.callbackUrl;
    expect(await daraja.complete(first, 0, { url: `${address}/api/webhooks/mpesa/${'x'.repeat(32)}` })).toBe(404);
    // The second push's token does not pay the first push.
    expect(await daraja.complete(first, 0, { url: secondUrl })).toBe(404);
    expect((await app.inject({ method: 'POST', url: secondUrl.replace(address, ''), payload: { Body: {} } })).statusCode).toBe(400);
    expect((await api.get(`/invoices/${inv.id}`)).body.payments).toHaveLength(0);
    expect(await status(inv.public_id, first)).toMatchObject({ status: 'pending' });
  });
});

describe('which invoices take M-Pesa', () => {
  it('refuses other currencies, drafts, void invoices, balances with cents and bad phone numbers', async () => {
    const ngn = await kesInvoice({ currency: 'NGN' });
    expect((await pay(ngn.inv.public_id)).statusCode).toBe(409);
    expect((await app.inject({ method: 'GET', url: `/api/invoices/link/${ngn.inv.public_id}/mpesa` })).json().available).toBe(false);
    const draft = await kesInvoice({ status: 'draft' });
    expect((await pay(draft.inv.public_id)).statusCode).toBe(409);
    const cents = await kesInvoice({ lines: [{ id: crypto.randomUUID(), description: 'Sugar', quantity: 1, unit_price: 150_050, fee_ids: [] }] });
    const centsRes = await pay(cents.inv.public_id);
    expect(centsRes.statusCode).toBe(409);
    // Says what the customer can do, with the balance (t17 K0).
    expect(centsRes.json().error.message).toBe(
      'M-Pesa takes whole shillings and the balance, KSh1,500.50, has cents: pay another way, or ask the business to round the invoice to whole shillings',
    );
    const { api, inv } = await kesInvoice();
    const badPhone = await pay(inv.public_id, '0803 123 4567 nigeria');
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().error.message).toMatch(/Kenyan M-Pesa number/);
    const pending = (await pay(inv.public_id)).json().checkout_request_id as string;
    const v = await api.post(`/invoices/${inv.id}/void`, {});
    expect(v.status).toBeLessThan(300);
    expect((await pay(inv.public_id)).statusCode).toBe(409);
    // Paid on the phone after the invoice was voided: not recorded on it.
    expect(await daraja.complete(pending, 0)).toBe(200);
    expect((await api.get(`/invoices/${inv.id}`)).body.payments).toHaveLength(0);
    expect((await pay('AAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);
  });

  it("never shows one invoice's M-Pesa payment through another invoice's link", async () => {
    const a = await kesInvoice();
    const b = await kesInvoice();
    const id = (await pay(a.inv.public_id)).json().checkout_request_id as string;
    expect((await app.inject({ method: 'GET', url: `/api/invoices/link/${b.inv.public_id}/mpesa/${id}` })).statusCode).toBe(404);
    expect(await daraja.complete(id, 0)).toBe(200);
    expect((await b.api.get(`/invoices/${b.inv.id}`)).body.payments).toHaveLength(0);
    expect((await a.api.get(`/invoices/${a.inv.id}`)).body.payments).toHaveLength(1);
    // The other owner cannot read the paid invoice.
    expect((await b.api.get(`/invoices/${a.inv.id}`)).status).toBe(404);
  });
});

describe('without M-Pesa settings', () => {
  it('offers no M-Pesa button and refuses a push', async () => {
    const other = await openTestApp();
    const user = await signUp(other.app);
    const { api, contactId } = await withContact(other.app, user);
    const inv = (await api.post('/invoices', invoiceBody(contactId, { status: 'sent', currency: 'KES', fees: [], fee_ids: [] }))).body;
    expect((await other.app.inject({ method: 'GET', url: `/api/invoices/link/${inv.public_id}/mpesa` })).json().available).toBe(false);
    expect((await other.app.inject({ method: 'POST', url: `/api/invoices/link/${inv.public_id}/mpesa`, payload: { phone: '0712345678' } })).statusCode).toBe(
      404,
    );
  });
});

describe('part payments (issue 23 item 10)', () => {
  const payPart = (publicId: string, amount: unknown) =>
    app.inject({ method: 'POST', url: `/api/invoices/link/${publicId}/mpesa`, payload: { phone: '0712 345 678', amount } });

  it('refuses a part unless the owner allows it, and nothing is pushed', async () => {
    const { inv } = await kesInvoice();
    const pushes = daraja.pushes.length;
    const res = await payPart(inv.public_id, 100_000);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.amount).toMatch(/paid in full online/);
    expect(daraja.pushes.length).toBe(pushes);
  });

  it('pushes an allowed part in whole shillings, records that amount, and the balance goes down by it', async () => {
    const { user, api, inv } = await kesInvoice();
    const settings = { invoice_settings: { part_payments: true, part_payment_min: 50_000 } };
    expect((await app.inject({ method: 'PATCH', url: `/api/users/${user.username}`, headers: user.auth, payload: { user: settings } })).statusCode).toBe(200);
    const pushes = daraja.pushes.length;
    expect((await payPart(inv.public_id, 10_000)).json().error.message).toBe('Pay at least KSh500');
    expect((await payPart(inv.public_id, 100_050)).json().error.message).toBe('M-Pesa takes whole shillings: enter an amount without cents');
    expect((await payPart(inv.public_id, KES_TOTAL + 100)).statusCode).toBe(400);
    expect(daraja.pushes.length).toBe(pushes);
    const started = await payPart(inv.public_id, 100_000);
    expect(started.json()).toMatchObject({ amount: 100_000, currency: 'KES' });
    const id = started.json().checkout_request_id as string;
    expect(daraja.pushes.find((p) => p.checkoutRequestId === id)!.body).toMatchObject({ Amount: 1000 });
    expect(await daraja.complete(id, 0)).toBe(200);
    const saved = (await api.get(`/invoices/${inv.id}`)).body;
    // The part's own amount, its receipt number and what is left: the pay page stays and says them (t18 U3).
    expect(await status(inv.public_id, id)).toMatchObject({
      status: 'paid',
      balance: KES_TOTAL - 100_000,
      amount: 100_000,
      operator_id: saved.payments[0].reference,
    });
    expect(saved.payments[0].reference).toMatch(/^NLJ7RT/);
    expect(saved).toMatchObject({ status: 'partially_paid', balance: KES_TOTAL - 100_000 });
    expect(saved.payments).toEqual([expect.objectContaining({ amount: 100_000, provider: 'mpesa' })]);
  });
});

import { randomUUID } from 'node:crypto';
import { TEST_CARD_MESSAGES, testCardErrors } from '@duka/core';
import { describe, expect, it } from 'vitest';
import { clockOf } from '../../lib/clock';
import { openTestApp, signUp } from '../../test/harness';
import { BODY_TOTAL, invoiceBody, withContact } from '../invoices/test-utils';
import { signTestEvent, TEST_SIGNATURE_HEADER, type TestEventBody } from './test-provider';

const { app, ctx, config } = await openTestApp();

async function invoice(extra: Record<string, unknown> = {}, owner: Record<string, unknown> = {}) {
  const user = await signUp(app, owner);
  const { api, contactId } = await withContact(app, user, { name: 'Chidi Okafor' });
  const inv = (await api.post('/invoices', invoiceBody(contactId, { status: 'sent', ...extra }))).body;
  return { user, api, inv };
}
const get = (url: string) => app.inject({ method: 'GET', url });
const post = (url: string, payload: object, headers: Record<string, string> = {}) => app.inject({ method: 'POST', url, payload, headers });
const secretOf = async (publicId: string) => (await get(`/api/test-pay/client-secrete/${publicId}`)).json();
const card = (client_secret: string, card_number = '4242 4242 4242 4242') => ({ client_secret, card_number, exp: '12/34', cvc: '123', name: 'Chidi Okafor' });

function event(over: Partial<TestEventBody> & { intent: string; invoiceId: string; userId: string; amount: number }): TestEventBody {
  return {
    id: over.id ?? `evt_${randomUUID()}`,
    type: over.type ?? 'payment_intent.succeeded',
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: over.intent, amount: over.amount, currency: 'NGN', metadata: { invoice_id: over.invoiceId, user_id: over.userId } } },
  };
}
const sendWebhook = (body: string, signature: string) =>
  app.inject({
    method: 'POST',
    url: '/api/webhooks/test-pay',
    payload: body,
    headers: { 'content-type': 'application/json', [TEST_SIGNATURE_HEADER]: signature },
  });

describe('public link', () => {
  it("shows the client's view without a token", async () => {
    const { inv } = await invoice({ notes: 'Thanks!' });
    const res = await get(`/api/invoices/public/${inv.public_id}`);
    expect(res.statusCode).toBe(200);
    const view = res.json();
    expect(view).toMatchObject({
      number: inv.number,
      status: 'sent',
      currency: 'NGN',
      total_due: BODY_TOTAL,
      balance: BODY_TOTAL,
      notes: 'Thanks!',
      pay_provider: 'test-pay',
    });
    expect(view.business.name).toBe('Ada Stores');
    expect(view.client.name).toBe('Chidi Okafor');
    expect(view.lines).toHaveLength(2);
    expect(view.fees[0]).toMatchObject({ name: 'VAT', amount: 26_250 });
    expect(view).not.toHaveProperty('contact_id');
    expect(view).not.toHaveProperty('id');
  });

  it('answers 404 for a guessed, malformed or deleted public id', async () => {
    const { api, inv } = await invoice();
    for (const id of ['AAAAAAAAAAAAAAAAAAAAAA', inv.public_id.slice(0, -1) + (inv.public_id.endsWith('A') ? 'B' : 'A'), 'short', "x'or'1'='1"]) {
      expect((await get(`/api/invoices/public/${encodeURIComponent(id)}`)).statusCode).toBe(404);
      expect((await get(`/api/invoices/public/${encodeURIComponent(id)}/pdf`)).statusCode).toBe(404);
    }
    const draft = (await api.post('/invoices', invoiceBody(inv.contact_id))).body;
    await api.del(`/invoices/${draft.id}`);
    expect((await get(`/api/invoices/public/${draft.public_id}`)).statusCode).toBe(404);
  });
});

describe('client secret', () => {
  it('tells which provider is active', async () => {
    expect((await get('/api/payments/config')).json()).toEqual({
      provider: 'test',
      segment: 'test-pay',
      publishable_key: null,
      test_mode: true,
      test_payments: true,
    });
  });

  it('makes an intent for the balance, reused while it is open', async () => {
    const { api, inv } = await invoice();
    await api.post(`/invoices/${inv.id}/payments`, { amount: 100_000, method: 'cash', date: '2026-11-22' });
    const a = await secretOf(inv.public_id);
    expect(a).toMatchObject({ provider: 'test', amount: BODY_TOTAL - 100_000, currency: 'NGN', test_mode: true });
    expect(a.client_secret).toMatch(/^pi_test_[0-9a-f]+_secret_/);
    expect((await secretOf(inv.public_id)).client_secret).toBe(a.client_secret);
    // The provider's name from /payments/config works as the path segment too.
    expect((await get(`/api/test/client-secrete/${inv.public_id}`)).json().client_secret).toBe(a.client_secret);
  });

  it('answers 404 for an unknown id or provider and 409 when nothing is owed', async () => {
    const { api, inv } = await invoice();
    expect((await get('/api/test-pay/client-secrete/AAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);
    expect((await get(`/api/paypal/client-secrete/${inv.public_id}`)).statusCode).toBe(404);
    await api.post(`/invoices/${inv.id}/payments`, { amount: BODY_TOTAL, method: 'cash', date: '2026-11-22' });
    const paid = await get(`/api/test-pay/client-secrete/${inv.public_id}`);
    expect(paid.statusCode).toBe(409);
    const other = await invoice();
    await other.api.post(`/invoices/${other.inv.id}/void`, {});
    expect((await get(`/api/test-pay/client-secrete/${other.inv.public_id}`)).statusCode).toBe(409);
    const quote = await invoice({ kind: 'quote' });
    expect((await get(`/api/test-pay/client-secrete/${quote.inv.public_id}`)).statusCode).toBe(409);
  });
});

describe('test provider', () => {
  it('pays with 4242…, records one card payment by webhook and lands on thank-you', async () => {
    const { api, inv } = await invoice();
    const { client_secret } = await secretOf(inv.public_id);
    const res = await post('/api/test-pay/confirm', card(client_secret));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'succeeded', public_id: inv.public_id, redirect: `/thank-you?invoice=${inv.public_id}&test=1` });
    const after = (await api.get(`/invoices/${inv.id}`)).body;
    // A test payment is no money (issue 22): recorded, stamped TEST, the invoice still owed and tagged Paid (TEST).
    expect(after).toMatchObject({ status: 'sent', balance: BODY_TOTAL, amount_paid: 0 });
    expect(after.payments).toHaveLength(1);
    expect(after.payments[0]).toMatchObject({ method: 'card', provider: 'test', amount: BODY_TOTAL, test: true });
    expect((await get(`/api/invoices/public/${inv.public_id}`)).json()).toMatchObject({ status: 'sent', balance: BODY_TOTAL, test_status: 'paid' });
    // Paying again with the same secret is refused.
    expect((await post('/api/test-pay/confirm', card(client_secret))).statusCode).toBe(409);
  });

  it("declines 4000 0000 0000 0002 with the provider's message and changes nothing", async () => {
    const { api, inv } = await invoice();
    const { client_secret } = await secretOf(inv.public_id);
    const res = await post('/api/test-pay/confirm', card(client_secret, '4000 0000 0000 0002'));
    expect(res.statusCode).toBe(402);
    expect(res.json().error).toEqual({ code: 'card_declined', message: 'Your card was declined.' });
    expect((await api.get(`/invoices/${inv.id}`)).body).toMatchObject({ status: 'sent', balance: BODY_TOTAL, payments: [] });
  });

  it('refuses other numbers, past expiry dates and bad security codes', async () => {
    const { inv } = await invoice();
    const { client_secret } = await secretOf(inv.public_id);
    // Core's rule and words (issue 24), the same the page's card form shows by code.
    const bad = [
      { ...card(client_secret, '4242 4242 4242 4241'), field: 'card_number', code: 'card_number_invalid' },
      { ...card(client_secret, '5555 5555 5555 4444'), field: 'card_number', code: 'card_not_test' },
      { ...card(client_secret), exp: '01/20', field: 'exp', code: 'exp_past' },
      { ...card(client_secret), exp: '13/30', field: 'exp', code: 'exp_invalid' },
      { ...card(client_secret), cvc: '1', field: 'cvc', code: 'cvc_invalid' },
      { ...card(client_secret), name: ' ', field: 'name', code: 'name_missing' },
    ] as const;
    for (const { field, code, ...body } of bad) {
      const res = await post('/api/test-pay/confirm', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ [field]: TEST_CARD_MESSAGES[code] });
      expect(testCardErrors(body)[0]).toEqual({ field, code });
    }
    expect((await post('/api/test-pay/confirm', card('pi_test_nope_secret_nope'))).statusCode).toBe(404);
  });
});

describe('payment date', () => {
  const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

  it("dates a card payment made at 23:30 UTC on the business's day (Lagos: the next day; Accra: the same day)", async () => {
    const day = new Date().toISOString().slice(0, 10);
    const clock = clockOf(ctx);
    try {
      clock.set(new Date(`${day}T23:30:00Z`));
      for (const [country, expected] of [
        ['Nigeria', nextDay(day)],
        ['Ghana', day],
      ] as const) {
        const { api, inv } = await invoice({}, { country });
        const { client_secret } = await secretOf(inv.public_id);
        expect((await post('/api/test-pay/confirm', card(client_secret))).statusCode).toBe(200);
        const after = (await api.get(`/invoices/${inv.id}`)).body;
        expect(after.payments).toHaveLength(1);
        expect({ country, date: after.payments[0].date }).toEqual({ country, date: expected });
      }
    } finally {
      clock.set(null);
    }
  });
});

describe('webhook', () => {
  it('refuses a wrong, missing or stale signature with 400', async () => {
    const { user, inv } = await invoice();
    const e = event({ intent: 'pi_test_x', invoiceId: inv.id, userId: user.userId, amount: 100 });
    const { body, signature } = signTestEvent(config, e);
    // Change the first hex digit of the signature to a different one (replacing it with a fixed digit left it
    // unchanged one run in 16).
    const wrong = signature.replace(/v1=(.)/, (_m, c: string) => `v1=${c === '0' ? '1' : '0'}`);
    expect(wrong).not.toBe(signature);
    expect((await sendWebhook(body, wrong)).statusCode).toBe(400);
    expect((await sendWebhook(body, '')).statusCode).toBe(400);
    expect((await sendWebhook(body.replace('"amount":100', '"amount":999999'), signature)).statusCode).toBe(400);
    const stale = signTestEvent(config, e, Math.floor(Date.now() / 1000) - 3600);
    expect((await sendWebhook(stale.body, stale.signature)).statusCode).toBe(400);
  });

  it('applies a replayed event once, and a retried payment under a new event id once', async () => {
    const { user, api, inv } = await invoice();
    const { client_secret } = await secretOf(inv.public_id);
    const intent = client_secret.split('_secret_')[0];
    const e = event({ intent, invoiceId: inv.id, userId: user.userId, amount: 50_000 });
    const signed = signTestEvent(config, e);
    const first = await sendWebhook(signed.body, signed.signature);
    expect(first.json()).toEqual({ received: true });
    const replay = await sendWebhook(signed.body, signed.signature);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    const retried = signTestEvent(config, { ...e, id: `evt_${randomUUID()}` });
    expect((await sendWebhook(retried.body, retried.signature)).statusCode).toBe(200);
    const after = (await api.get(`/invoices/${inv.id}`)).body;
    expect(after.payments).toHaveLength(1);
    expect(after.payments[0]).toMatchObject({ amount: 50_000, test: true });
    expect(after).toMatchObject({ amount_paid: 0, status: 'sent' }); // a test payment is no money (issue 22)
  });

  it('ignores an event for an invoice of nobody', async () => {
    const e = event({ intent: 'pi_test_ghost', invoiceId: randomUUID(), userId: randomUUID(), amount: 100 });
    const signed = signTestEvent(config, e);
    const res = await sendWebhook(signed.body, signed.signature);
    expect(res.statusCode).toBe(200);
    expect(res.json().ignored).toBeTruthy();
  });
});

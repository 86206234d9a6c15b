import { describe, expect, it } from 'vitest';
import { openTestApp, signUp } from '../../test/harness';
import { BODY_TOTAL, invoiceBody, withContact } from '../invoices/test-utils';

// No PAYSTACK_SECRET_KEY, no Stripe: the built-in test provider's Paystack-like checkout takes naira invoices.
const { app } = await openTestApp();
const get = (url: string) => app.inject({ method: 'GET', url });
const post = (url: string, payload: object = {}) => app.inject({ method: 'POST', url, payload });

async function invoice(settings: Record<string, unknown> | null = null, extra: Record<string, unknown> = {}) {
  const user = await signUp(app);
  if (settings)
    expect(
      (await app.inject({ method: 'PATCH', url: `/api/users/${user.username}`, headers: user.auth, payload: { user: { invoice_settings: settings } } }))
        .statusCode,
    ).toBe(200);
  const { api, contactId } = await withContact(app, user);
  const inv = (await api.post('/invoices', invoiceBody(contactId, { status: 'sent', ...extra }))).body;
  return { user, api, inv };
}

describe("the test provider's Paystack-like checkout", () => {
  it('takes naira invoices on its hosted page; other currencies keep the card form', async () => {
    const { inv } = await invoice();
    expect((await get(`/api/invoices/public/${inv.public_id}`)).json()).toMatchObject({ pay_provider: 'test-pay', pay_checkout: true });
    const kes = await invoice(null, { currency: 'KES' });
    expect((await get(`/api/invoices/public/${kes.inv.public_id}`)).json()).toMatchObject({ pay_provider: 'test-pay', pay_checkout: false });
    expect((await post(`/api/pay/${kes.inv.public_id}/checkout`)).statusCode).toBe(409);
  });

  it('pays by bank transfer with the fee on top, records the invoice amount once, and verifies', async () => {
    const { api, inv } = await invoice({ pay_channels: ['card', 'bank_transfer'], customer_pays_fee: true });
    const started = (await post(`/api/pay/${inv.public_id}/checkout`)).json();
    expect(started.authorization_url).toBe(`/pay/checkout/${started.reference}`);
    const page = (await get(`/api/test-pay/invoice-checkouts/${started.reference}`)).json();
    expect(page).toMatchObject({
      number: inv.number,
      public_id: inv.public_id,
      amount: BODY_TOTAL,
      fee: started.fee,
      total: BODY_TOTAL + started.fee,
      channels: ['card', 'bank_transfer'],
      status: 'open',
      business: 'Ada Stores',
    });
    expect(started.fee).toBeGreaterThan(0);
    expect((await get(`/api/pay/verify/${started.reference}`)).json().status).toBe('pending');

    const declined = await post(`/api/test-pay/invoice-checkouts/${started.reference}/confirm`, {
      channel: 'card',
      card_number: '4000 0000 0000 0002',
      exp: '12/34',
      cvc: '123',
      name: 'Chidi',
    });
    expect(declined.statusCode).toBe(402);
    expect((await get(`/api/pay/verify/${started.reference}`)).json()).toMatchObject({ status: 'failed', message: 'Your card was declined.' });
    const done = await post(`/api/test-pay/invoice-checkouts/${started.reference}/confirm`, { channel: 'bank_transfer' });
    expect(done.statusCode).toBe(200);
    expect(done.json().redirect).toBe(`/thank-you?invoice=${inv.public_id}&reference=${started.reference}&test=1`);
    // The checkout is paid; the test payment is no money (issue 22), so the invoice's balance stays whole.
    expect((await get(`/api/pay/verify/${started.reference}`)).json()).toMatchObject({ status: 'paid', balance: BODY_TOTAL });
    expect((await post(`/api/test-pay/invoice-checkouts/${started.reference}/confirm`, { channel: 'bank_transfer' })).statusCode).toBe(409);
    const after = (await api.get(`/invoices/${inv.id}`)).body;
    expect(after.status).toBe('sent');
    expect(after.payments).toEqual([expect.objectContaining({ amount: BODY_TOTAL, method: 'bank_transfer', provider: 'test', test: true })]);
    expect((await get(`/api/test-pay/invoice-checkouts/${started.reference}`)).json().status).toBe('paid');
  });

  it("takes Paystack's documented test card 4084 0840 8408 4081 as a paying card", async () => {
    const { inv } = await invoice();
    const started = (await post(`/api/pay/${inv.public_id}/checkout`)).json();
    const card = { channel: 'card', exp: '12/34', cvc: '408', name: 'Chidi' };
    const other = await post(`/api/test-pay/invoice-checkouts/${started.reference}/confirm`, { ...card, card_number: '5555 5555 5555 4444' });
    expect(other.statusCode).toBe(400);
    const paid = await post(`/api/test-pay/invoice-checkouts/${started.reference}/confirm`, { ...card, card_number: '4084 0840 8408 4081' });
    expect(paid.statusCode).toBe(200);
    expect((await get(`/api/pay/verify/${started.reference}`)).json()).toMatchObject({ status: 'paid' });
  });

  it('answers 4xx for unknown checkouts and bad input', async () => {
    const { inv } = await invoice();
    const started = (await post(`/api/pay/${inv.public_id}/checkout`)).json();
    expect((await get('/api/test-pay/invoice-checkouts/duka_unknown')).statusCode).toBe(404);
    expect((await post('/api/test-pay/invoice-checkouts/duka_unknown/confirm', { channel: 'ussd' })).statusCode).toBe(404);
    expect((await post(`/api/test-pay/invoice-checkouts/${started.reference}/confirm`, { channel: 'cheque' })).statusCode).toBe(400);
    const badCard = await post(`/api/test-pay/invoice-checkouts/${started.reference}/confirm`, {
      channel: 'card',
      card_number: '1234',
      exp: '12/34',
      cvc: '123',
      name: 'x',
    });
    expect(badCard.statusCode).toBe(400);
    expect(badCard.json().error.fields).toHaveProperty('card_number');
  });
});

describe('part payments (issue 23 item 10)', () => {
  const part = 100_000;
  const error = async (res: Awaited<ReturnType<typeof get>>) => ({ status: res.statusCode, message: res.json().error?.message as string });

  it('refuses part of the balance unless the owner allows it; the whole balance is always fine', async () => {
    const { inv } = await invoice();
    // The least part is ₦100 in any case (t19 N3: ₦0.01 was allowed): core's partPayFloor.
    expect((await get(`/api/invoices/public/${inv.public_id}`)).json().part_payments).toEqual({ allowed: false, min: 10_000 });
    expect(await error(await post(`/api/pay/${inv.public_id}/checkout`, { amount: part }))).toEqual({
      status: 400,
      message: 'This invoice is paid in full online: pay ₦3,762.50',
    });
    expect((await get(`/api/pay/${inv.public_id}/checkout?amount=${part}`)).statusCode).toBe(400);
    expect((await post(`/api/pay/${inv.public_id}/checkout`, { amount: BODY_TOTAL })).json().amount).toBe(BODY_TOTAL);
  });

  it('refuses a part below the currency floor though the owner set no minimum (t19 N3: ₦0.01 was taken)', async () => {
    const { inv } = await invoice({ part_payments: true });
    expect((await get(`/api/invoices/public/${inv.public_id}`)).json().part_payments).toEqual({ allowed: true, min: 10_000 });
    expect(await error(await post(`/api/pay/${inv.public_id}/checkout`, { amount: 1 }))).toEqual({ status: 400, message: 'Pay at least ₦100' });
    expect((await post(`/api/pay/${inv.public_id}/checkout`, { amount: 10_000 })).json().amount).toBe(10_000);
  });

  it('takes an allowed part on the hosted checkout: the payment is that amount and the balance goes down by it', async () => {
    const { api, inv } = await invoice({ part_payments: true, part_payment_min: 50_000 });
    expect((await get(`/api/invoices/public/${inv.public_id}`)).json().part_payments).toEqual({ allowed: true, min: 50_000 });
    expect(await error(await post(`/api/pay/${inv.public_id}/checkout`, { amount: 10_000 }))).toEqual({ status: 400, message: 'Pay at least ₦500' });
    expect((await error(await post(`/api/pay/${inv.public_id}/checkout`, { amount: BODY_TOTAL + 1 }))).status).toBe(400);
    expect((await post(`/api/pay/${inv.public_id}/checkout`, { amount: 500.5 })).statusCode).toBe(400);
    const started = (await post(`/api/pay/${inv.public_id}/checkout`, { amount: part })).json();
    expect(started).toMatchObject({ amount: part, total: part });
    expect((await get(`/api/test-pay/invoice-checkouts/${started.reference}`)).json()).toMatchObject({ amount: part, total: part });
    expect((await post(`/api/test-pay/invoice-checkouts/${started.reference}/confirm`, { channel: 'bank_transfer' })).statusCode).toBe(200);
    // The payment is that part, stamped TEST: no money (issue 22), so the real balance stays whole.
    expect((await get(`/api/pay/verify/${started.reference}`)).json()).toMatchObject({ status: 'paid', balance: BODY_TOTAL });
    const after = (await api.get(`/invoices/${inv.id}`)).body;
    expect(after).toMatchObject({ status: 'sent', balance: BODY_TOTAL });
    expect(after.payments).toEqual([expect.objectContaining({ amount: part, provider: 'test', test: true })]);
    expect((await get(`/api/invoices/public/${inv.public_id}`)).json()).toMatchObject({ test_status: 'partially_paid' });
  });

  it("follows the invoice's own setting over the business's", async () => {
    const on = await invoice(null, { part_payments: true });
    expect((await post(`/api/pay/${on.inv.public_id}/checkout`, { amount: part })).statusCode).toBe(200);
    const off = await invoice({ part_payments: true }, { part_payments: false });
    expect((await post(`/api/pay/${off.inv.public_id}/checkout`, { amount: part })).statusCode).toBe(400);
    // The owner turns it on later (PATCH): now the part is taken.
    expect((await off.api.patch(`/invoices/${off.inv.id}`, { part_payments: null })).status).toBe(200);
    expect((await post(`/api/pay/${off.inv.public_id}/checkout`, { amount: part })).statusCode).toBe(200);
  });

  it('takes an allowed part on the card form (client-secrete) and refuses the rest', async () => {
    const { api, inv } = await invoice({ part_payments: true, part_payment_min: 50_000 }, { currency: 'KES' });
    expect((await get(`/api/test-pay/client-secrete/${inv.public_id}?amount=10000`)).statusCode).toBe(400);
    expect((await get(`/api/test-pay/client-secrete/${inv.public_id}?amount=${BODY_TOTAL + 1}`)).statusCode).toBe(400);
    const secret = (await get(`/api/test-pay/client-secrete/${inv.public_id}?amount=${part}`)).json();
    expect(secret.amount).toBe(part);
    const paid = await post('/api/test-pay/confirm', {
      client_secret: secret.client_secret,
      card_number: '4242 4242 4242 4242',
      exp: '12/34',
      cvc: '123',
      name: 'Ada',
    });
    expect(paid.statusCode).toBe(200);
    const after = (await api.get(`/invoices/${inv.id}`)).body;
    expect(after).toMatchObject({ status: 'sent', balance: BODY_TOTAL }); // a test payment is no money (issue 22)
    expect(after.payments).toEqual([expect.objectContaining({ amount: part, test: true })]);
    const other = await invoice(null, { currency: 'KES' });
    expect((await get(`/api/test-pay/client-secrete/${other.inv.public_id}?amount=${part}`)).statusCode).toBe(400);
  });
});

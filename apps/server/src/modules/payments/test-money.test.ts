import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invoices } from '../../db/schema';
import { openTestApp, signUp } from '../../test/harness';
import { invoiceBody, withContact } from '../invoices/test-utils';
import { applyEvent } from './service';

/**
 * Issue 22: a test-card payment (TEST MODE, no money) never blocks or misstates real money. Paid by the test card,
 * the invoice still reads sent with its whole balance owed (a "Paid (TEST)" tag beside it), its pay link still
 * offers to pay, and the real cash — typed by the owner, written by a device, or taken by a real provider — is
 * accepted up to the real balance and then makes it paid.
 */
const { app, ctx } = await openTestApp();
const CARD = { card_number: '4242 4242 4242 4242', exp: '12/34', cvc: '123', name: 'Amina Hotel' };
const get = (url: string) => app.inject({ method: 'GET', url });

/** A sent KES invoice paid (all of it, or `amount`) with the built-in test provider's card on its public page. */
async function testPaid(amount?: number) {
  const user = await signUp(app, { country: 'Kenya' });
  const { api, contactId } = await withContact(app, user, { name: 'Amina Hotel' });
  // Due far ahead: the fixed due date (or the default terms) would make it overdue, not 'sent', from that day on.
  const inv = (
    await api.post('/invoices', invoiceBody(contactId, { status: 'sent', currency: 'KES', part_payments: amount !== undefined, due_date: '2030-12-31' }))
  ).body;
  const secret = (await get(`/api/test-pay/client-secrete/${inv.public_id}${amount !== undefined ? `?amount=${amount}` : ''}`)).json();
  expect(secret).toMatchObject({ provider: 'test', test_mode: true });
  const confirm = await app.inject({ method: 'POST', url: '/api/test-pay/confirm', payload: { client_secret: secret.client_secret, ...CARD } });
  expect(confirm.statusCode).toBe(200);
  return { user, api, inv };
}
const cash = (amount: number) => ({ amount, method: 'cash', date: '2026-11-23' });

describe('test-card payments are no money (issue 22)', () => {
  it('paid by the test card: still sent and owed in full, the public page tags it Paid (TEST) and offers no more test payment', async () => {
    const { api, inv } = await testPaid();
    const after = (await api.get(`/invoices/${inv.id}`)).body;
    expect(after).toMatchObject({ status: 'sent', amount_paid: 0, balance: inv.total_due });
    expect(after.payments).toEqual([expect.objectContaining({ test: true, amount: inv.total_due })]);
    const page = (await get(`/api/invoices/public/${inv.public_id}`)).json();
    expect(page).toMatchObject({
      status: 'sent',
      display_status: 'sent',
      balance: inv.total_due,
      amount_paid: 0,
      test_status: 'paid',
      // Its TEST journey is over, as after a real payment (issue 25): the test card is no longer offered.
      pay_provider: null,
    });
    expect(page.payments).toEqual([expect.objectContaining({ test: true, amount: inv.total_due })]);
    // The owner's list filters read the stored status: it is with the sent invoices, not the paid ones.
    expect((await api.get('/invoices?status=paid')).body.records.map((r: { id: string }) => r.id)).not.toContain(inv.id);
    expect((await api.get('/invoices?status=sent')).body.records.map((r: { id: string }) => r.id)).toContain(inv.id);
  });

  it('the owner records the real cash afterwards: accepted up to the real balance, then paid and the pay link closed', async () => {
    const { api, inv } = await testPaid();
    const over = await api.post(`/invoices/${inv.id}/payments`, cash(inv.total_due + 1));
    expect(over.status).toBe(422);
    expect(over.body.error.message).toMatch(/more than the balance due \(KES ?3,762\.50\)/);
    const paid = await api.post(`/invoices/${inv.id}/payments`, cash(inv.total_due));
    expect(paid.status).toBe(201);
    expect(paid.body).toMatchObject({ status: 'paid', amount_paid: inv.total_due, balance: 0 });
    const page = (await get(`/api/invoices/public/${inv.public_id}`)).json();
    expect(page).toMatchObject({ status: 'paid', balance: 0, test_status: null, pay_provider: null });
    // The receipt of the real payment counts real money only.
    const receipts = (await api.get(`/invoices/${inv.id}/receipts`)).body;
    const list = (receipts.receipts ?? receipts) as Array<{ test: boolean; paid_to_date: number; balance_left: number }>;
    expect(list.find((r) => !r.test)).toMatchObject({ paid_to_date: inv.total_due, balance_left: 0 });
  });

  it("a device's write with the cash payment (offline, then synced) is accepted beside the test payment", async () => {
    const { api, inv } = await testPaid();
    const current = (await api.get(`/invoices/${inv.id}`)).body;
    const payment = { id: randomUUID(), ...cash(2_000_00), reference: '' };
    const { version: _v, created_at: _c, updated_at: _u, history_count: _h, conflict: _x, ...data } = current;
    const push = await api.post('/sync/push', {
      mutations: [{ mutation_id: randomUUID(), collection: 'invoices', op: 'upsert', id: inv.id, data: { ...data, payments: [...current.payments, payment] } }],
    });
    expect(push.status).toBe(200);
    expect(push.body.results[0]).toMatchObject({ status: 'applied' });
    expect((await api.get(`/invoices/${inv.id}`)).body).toMatchObject({ status: 'partially_paid', amount_paid: 2_000_00, balance: inv.total_due - 2_000_00 });
    expect((await get(`/api/invoices/public/${inv.public_id}`)).json()).toMatchObject({ status: 'partially_paid', test_status: 'paid' });
  });

  it("a device's payment claiming to be a provider's is a typed one: above the balance it is refused, and it can be removed", async () => {
    const { api, inv } = await testPaid();
    const current = (await api.get(`/invoices/${inv.id}`)).body;
    const { version: _v, created_at: _c, updated_at: _u, history_count: _h, conflict: _x, ...data } = current;
    const forged = (amount: number) => ({ id: randomUUID(), ...cash(amount), reference: '', provider: 'stripe', provider_ref: 'pi_forged' });
    const push = async (payments: unknown[]) =>
      api.post('/sync/push', {
        mutations: [{ mutation_id: randomUUID(), collection: 'invoices', op: 'upsert', id: inv.id, data: { ...data, payments } }],
      });
    const tooMuch = await push([...current.payments, forged(inv.total_due + 1)]);
    expect(tooMuch.body.results[0]).toMatchObject({ status: 'rejected' });
    expect((await api.get(`/invoices/${inv.id}`)).body).toMatchObject({ status: 'sent', balance: inv.total_due });
    const within = forged(1_000_00);
    expect((await push([...current.payments, within])).body.results[0]).toMatchObject({ status: 'applied' });
    const stored = (await api.get(`/invoices/${inv.id}`)).body.payments.find((p: { id: string }) => p.id === within.id);
    expect(stored).toMatchObject({ amount: 1_000_00 });
    expect(stored.provider ?? null).toBeNull();
  });

  it('a real provider payment after a test payment is recorded, not flagged as an overpayment', async () => {
    const { user, api, inv } = await testPaid();
    const done = await applyEvent(
      ctx,
      { name: 'stripe', testMode: false },
      {
        id: `evt_${randomUUID()}`,
        kind: 'succeeded',
        intentId: `pi_${randomUUID().slice(0, 8)}`,
        amount: inv.total_due,
        currency: 'KES',
        invoiceId: inv.id,
        userId: user.userId,
      },
    );
    expect(done).toEqual({ received: true });
    expect((await api.get(`/invoices/${inv.id}`)).body).toMatchObject({ status: 'paid', balance: 0, amount_paid: inv.total_due });
  });

  it('a TEST payment from a checkout opened before the invoice was paid in TEST MODE is not recorded twice (t19 A1)', async () => {
    const { user, api, inv } = await testPaid();
    // Another TEST rail (a Flutterwave TEST checkout opened before the first payment) confirms afterwards.
    const late = await applyEvent(
      ctx,
      { name: 'flutterwave', testMode: true },
      {
        id: `evt_${randomUUID()}`,
        kind: 'succeeded',
        intentId: `flw_${randomUUID().slice(0, 8)}`,
        amount: inv.total_due,
        currency: 'KES',
        invoiceId: inv.id,
        userId: user.userId,
      },
    );
    expect(late).toEqual({ received: true, ignored: 'not applied, refund due: the invoice was already paid' });
    const after = (await api.get(`/invoices/${inv.id}`)).body;
    expect(after.payments).toHaveLength(1);
    expect(after).toMatchObject({ status: 'sent', balance: inv.total_due });
  });

  it('a part payment by the test card leaves the real balance whole and tags it Partially paid (TEST)', async () => {
    const { api, inv } = await testPaid(1_000_00);
    expect((await api.get(`/invoices/${inv.id}`)).body).toMatchObject({ status: 'sent', balance: inv.total_due });
    expect((await get(`/api/invoices/public/${inv.public_id}`)).json()).toMatchObject({ balance: inv.total_due, test_status: 'partially_paid' });
  });

  it('an invoice stored while test payments still counted reads by real money on its public page and pay link', async () => {
    const { inv } = await testPaid();
    await ctx.db.update(invoices).set({ status: 'paid', amountPaid: inv.total_due, balance: 0 }).where(eq(invoices.id, inv.id));
    const page = (await get(`/api/invoices/public/${inv.public_id}`)).json();
    expect(page).toMatchObject({ status: 'sent', balance: inv.total_due, test_status: 'paid', pay_provider: null });
    // Paid in TEST MODE already: no more test payment (issue 25).
    expect((await get(`/api/test-pay/client-secrete/${inv.public_id}`)).statusCode).toBe(409);
  });
});

import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { invoices, paymentIntents } from '../../db/schema';
import { openTestApp, signUp } from '../../test/harness';
import { sendTestEvent } from '../billing/test-utils';
import type { TestEventBody } from '../payments';
import { upsert } from '../sync/test-utils';
import { BODY_TOTAL, invoiceBody, withContact } from './test-utils';

/** Issue 13 item 2: money past the limit never breaks an account. */
const { app, ctx, config } = await openTestApp();

async function owner() {
  const user = await signUp(app);
  return { user, ...(await withContact(app, user)) };
}
const bigLine = (quantity: number, unit_price: number) => ({ id: randomUUID(), description: 'Cement', quantity, unit_price, fee_ids: [] });

describe('money past the limit', () => {
  it('refuses an invoice whose total is over the limit by REST and by sync, and the account keeps listing', async () => {
    const { api, contactId } = await owner();
    const good = (await api.post('/invoices', invoiceBody(contactId))).body;

    // 200,000 × 150,000,000 = 3×10^13 > 10^13: each line fits, the product does not.
    const over = await api.post('/invoices', invoiceBody(contactId, { lines: [bigLine(200_000, 150_000_000)], fees: [], fee_ids: [] }));
    expect(over.status).toBe(400);
    expect(over.body.error.message).toMatch(/more than an invoice can hold/);
    // Two lines under the limit whose sum is over it.
    const sum = await api.post('/invoices', invoiceBody(contactId, { lines: [bigLine(1, 6e12), bigLine(1, 6e12)], fees: [], fee_ids: [] }));
    expect(sum.status).toBe(422);
    expect(sum.body.error).toMatchObject({ code: 'unprocessable', fields: { subtotal: expect.stringMatching(/The subtotal comes to more than/) } });
    // 10^9 × 10^13 used to reach the database as a bigint syntax error.
    expect((await api.post('/invoices', invoiceBody(contactId, { lines: [bigLine(1e9, 1e13)] }))).status).toBe(400);

    const viaSync = randomUUID();
    const huge = randomUUID();
    const contact = randomUUID();
    const pushed = await api.push([
      upsert('contacts', contact, { name: 'Still synced' }),
      upsert('invoices', viaSync, invoiceBody(contactId, { lines: [bigLine(200_000, 150_000_000)], fees: [], fee_ids: [] })),
      upsert('invoices', huge, invoiceBody(contactId, { lines: [bigLine(1e9, 1e13)] })),
    ]);
    expect(pushed.status).toBe(200);
    expect(pushed.body.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'rejected', 'rejected']);
    expect(pushed.body.results[1].error.message).toMatch(/more than an invoice can hold/);

    const list = await api.get('/invoices');
    expect(list.status).toBe(200);
    expect(list.body.records.map((r: { id: string }) => r.id)).toEqual([good.id]);
    expect((await api.get(`/contacts/${contact}`)).status).toBe(200);
  });

  it('lists, voids and deletes an invoice stored over the limit before the limit existed', async () => {
    const { api, contactId } = await owner();
    const sent = (await api.post('/invoices', invoiceBody(contactId, { status: 'sent' }))).body;
    const draft = (await api.post('/invoices', invoiceBody(contactId))).body;
    // What an older server stored: 3×10^13 in lines and totals.
    const lines = [bigLine(200_000, 150_000_000)];
    for (const id of [sent.id, draft.id]) {
      await ctx.db.update(invoices).set({ lines, fees: [], feeIds: [], subtotal: 3e13, totalDue: 3e13, balance: 3e13, taxTotal: 0 }).where(eq(invoices.id, id));
    }
    const list = await api.get('/invoices');
    expect(list.status).toBe(200);
    expect(list.body.records).toHaveLength(2);
    expect((await api.get(`/invoices/${sent.id}`)).body.total_due).toBe(3e13);
    expect((await api.get('/sync/pull?collection=invoices&since=0')).status).toBe(200);

    const voided = await api.post(`/invoices/${sent.id}/void`, {});
    expect(voided.status).toBe(200);
    expect(voided.body).toMatchObject({ status: 'void', total_due: 3e13 });
    const deleted = await api.del(`/invoices/${draft.id}`);
    expect(deleted.status).toBe(200);
    expect((await api.get('/invoices')).body.records.map((r: { id: string }) => r.id)).toEqual([sent.id]);
    // Editing it needs it to fit again: a clear 4xx, not a 500.
    const edit = await api.patch(`/invoices/${sent.id}`, { notes: 'x' });
    expect(edit.status).toBeGreaterThanOrEqual(400);
    expect(edit.status).toBeLessThan(500);
  });

  it('refuses payments above the balance by REST and by sync', async () => {
    const { api, contactId } = await owner();
    const inv = (await api.post('/invoices', invoiceBody(contactId, { status: 'sent' }))).body;
    const tooMuch = await api.post(`/invoices/${inv.id}/payments`, { amount: BODY_TOTAL + 1, method: 'cash', date: '2026-11-23' });
    expect(tooMuch.status).toBe(422);
    const p = { id: randomUUID(), amount: 10 ** 13, method: 'cash', date: '2026-11-23', reference: '' };
    const many = Array.from({ length: 3 }, () => ({ ...p, id: randomUUID() }));
    const res = await api.push([upsert('invoices', inv.id, { payments: many })]);
    expect(res.body.results[0]).toMatchObject({ status: 'rejected', error: { code: 'unprocessable' } });
    expect((await api.get(`/invoices/${inv.id}`)).body).toMatchObject({ amount_paid: 0, balance: BODY_TOTAL });
  });
});

describe('card payments on invoices that cannot take them', () => {
  const secret = (publicId: string) => app.inject({ method: 'GET', url: `/api/test-pay/client-secrete/${publicId}` });
  const confirm = (client_secret: string) =>
    app.inject({
      method: 'POST',
      url: '/api/test-pay/confirm',
      payload: { client_secret, card_number: '4242 4242 4242 4242', exp: '12/34', cvc: '123', name: 'Chidi' },
    });

  it('refuses an intent for a draft, a void or a settled invoice', async () => {
    const { api, contactId } = await owner();
    const draft = (await api.post('/invoices', invoiceBody(contactId))).body;
    const res = await secret(draft.public_id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('This invoice has not been sent yet, so it cannot be paid');
    const voided = (await api.post('/invoices', invoiceBody(contactId, { status: 'sent' }))).body;
    await api.post(`/invoices/${voided.id}/void`, {});
    expect((await secret(voided.public_id)).json().error.message).toBe('This invoice was cancelled');
  });

  it('cancels open intents when the invoice is voided or paid, and flags a payment it can no longer apply', async () => {
    const { user, api, contactId } = await owner();
    const inv = (await api.post('/invoices', invoiceBody(contactId, { status: 'sent' }))).body;
    const { client_secret } = (await secret(inv.public_id)).json();
    await api.post(`/invoices/${inv.id}/void`, {});
    const [intent] = await ctx.db.select().from(paymentIntents).where(eq(paymentIntents.clientSecret, client_secret));
    expect(intent.status).toBe('canceled');
    const late = await confirm(client_secret);
    expect(late.statusCode).toBe(409);

    // Paid in cash after the client opened the card form: the intent is cancelled too.
    const other = (await api.post('/invoices', invoiceBody(contactId, { status: 'sent' }))).body;
    const open = (await secret(other.public_id)).json().client_secret;
    await api.post(`/invoices/${other.id}/payments`, { amount: BODY_TOTAL, method: 'cash', date: '2026-11-23' });
    expect((await confirm(open)).statusCode).toBe(409);

    // A provider event for the void invoice (e.g. a card payment Stripe took anyway) is not applied but flagged.
    const event: TestEventBody = {
      id: `evt_${randomUUID()}`,
      type: 'payment_intent.succeeded',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: intent.id, amount: BODY_TOTAL, currency: 'NGN', metadata: { invoice_id: inv.id, user_id: user.userId } } },
    };
    const hook = await sendTestEvent(app, config, event);
    expect(hook.statusCode).toBe(200);
    expect(hook.json().ignored).toMatch(/refund due: the invoice was voided/);
    expect((await api.get(`/invoices/${inv.id}`)).body).toMatchObject({ status: 'void', payments: [] });
    const [flagged] = await ctx.db.select().from(paymentIntents).where(eq(paymentIntents.id, intent.id));
    expect(flagged).toMatchObject({ status: 'needs_refund', lastError: 'the invoice was voided' });

    // More than the balance on a paid invoice: flagged, the invoice stays as it is.
    const paidEvent: TestEventBody = {
      ...event,
      id: `evt_${randomUUID()}`,
      data: { object: { ...event.data.object, id: `pi_test_${randomUUID()}`, metadata: { invoice_id: other.id, user_id: user.userId } } },
    };
    const hook2 = await sendTestEvent(app, config, paidEvent);
    expect(hook2.json().ignored).toMatch(/already paid/);
    expect((await api.get(`/invoices/${other.id}`)).body).toMatchObject({ amount_paid: BODY_TOTAL, balance: 0 });
    const counted = (await ctx.db.execute(sql`select count(*)::int as n from payment_events where user_id = ${user.userId}`)) as unknown as {
      rows: Array<{ n: number }>;
    };
    const n = Number(counted.rows[0].n);
    expect(n).toBe(2);
  });
});

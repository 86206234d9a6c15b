import { randomUUID } from 'node:crypto';
import { addDays, businessToday, cashUpOf } from '@duka/core';
import { describe, expect, it } from 'vitest';
import { openTestApp, signUp } from '../../test/harness';
import { upsert } from '../sync/test-utils';
import { withContact } from '../invoices/test-utils';

// t21 P4: the end-of-day cash-up a shopkeeper counts the till against.
const { app } = await openTestApp();
// The e2e owner is Nigerian here: Lagos (UTC+1) decides the business's day.
const today = businessToday(new Date(), 'Africa/Lagos');
const yesterday = addDays(today, -1);

type Api = Awaited<ReturnType<typeof withContact>>['api'];

/** A counter sale of `qty` × ₦500.00 pushed as the till does, with its payments. */
async function sale(api: Api, contactId: string, day: string, payments: Array<{ amount: number; method: string }>, qty = 1) {
  const id = randomUUID();
  const at = `${day}T10:00:00.000Z`;
  const res = await api.push([
    upsert('invoices', id, {
      kind: 'sale',
      contact_id: contactId,
      issue_date: day,
      due_date: day,
      currency: 'NGN',
      lines: [{ id: randomUUID(), description: 'Zobo drink', quantity: qty, unit_price: 50_000, fee_ids: [] }],
      sent_at: at,
      finished_at: at,
      payments: payments.map((p) => ({ id: randomUUID(), date: day, reference: '', ...p })),
    }),
  ]);
  expect(res.body.results[0].status, JSON.stringify(res.body.results[0])).toBe('applied');
  return (await api.get(`/invoices/${id}`)).body;
}

const method = (body: { currencies: Array<{ methods: Array<{ method: string }> }> }, m: string) => body.currencies[0].methods.find((x) => x.method === m);

describe('GET /reports/cash-up', () => {
  it('sums one day’s sales, money received by method and refunds paid out, and the cash expected in the drawer', async () => {
    const { api, contactId } = await withContact(app, await signUp(app, { country: 'Nigeria' }));
    const empty = await api.get('/reports/cash-up');
    expect(empty.status, JSON.stringify(empty.body)).toBe(200);
    expect(empty.body).toEqual({ date: today, currencies: [] });

    const cash = await sale(api, contactId, today, [{ amount: 100_000, method: 'cash' }], 2);
    await sale(api, contactId, today, [{ amount: 50_000, method: 'mobile_money' }]);
    await sale(api, contactId, today, [
      { amount: 20_000, method: 'cash' },
      { amount: 30_000, method: 'card' },
    ]);
    // Owed (pay link): a sale, no money yet.
    await sale(api, contactId, today, []);
    // A void sale counts nowhere.
    const voided = await sale(api, contactId, today, [], 3);
    expect((await api.post(`/invoices/${voided.id}/void`, {})).status).toBe(200);
    // Yesterday's sale: not today's; its debt paid today by bank transfer is today's money.
    const old = await sale(api, contactId, yesterday, [{ amount: 10_000, method: 'cash' }]);
    expect((await api.post(`/invoices/${old.id}/payments`, { amount: 40_000, method: 'bank_transfer', date: today })).status).toBe(201);
    // One Zobo of the cash sale comes back and ₦500 is given back in cash.
    expect((await api.post(`/invoices/${cash.id}/credit-notes`, { lines: [{ line_id: cash.lines[0].id, quantity: 1 }], reason: 'Returned' })).status).toBe(201);
    expect((await api.post(`/invoices/${cash.id}/payments`, { amount: 50_000, method: 'cash', date: today, refund: true })).status).toBe(201);

    // Another account's day is not in it.
    const other = await withContact(app, await signUp(app, { country: 'Nigeria' }));
    await sale(other.api, other.contactId, today, [{ amount: 900_000, method: 'cash' }], 18);

    const res = await api.get(`/reports/cash-up?date=${today}`);
    expect(res.status).toBe(200);
    expect(res.body.date).toBe(today);
    expect(res.body.currencies).toHaveLength(1);
    expect(res.body.currencies[0]).toMatchObject({
      currency: 'NGN',
      sale_count: 4,
      sales_total: 250_000,
      received_total: 240_000,
      refunded_total: -50_000,
      net_total: 190_000,
      cash_expected: 70_000,
    });
    expect(res.body.currencies[0].methods.map((m: { method: string }) => m.method)).toEqual(['cash', 'bank_transfer', 'mobile_money', 'card', 'other']);
    expect(method(res.body, 'cash')).toEqual({ method: 'cash', received: 120_000, received_count: 2, refunded: -50_000, refunded_count: 1 });
    expect(method(res.body, 'mobile_money')).toMatchObject({ received: 50_000, received_count: 1, refunded: 0 });
    expect(method(res.body, 'card')).toMatchObject({ received: 30_000 });
    expect(method(res.body, 'bank_transfer')).toMatchObject({ received: 40_000 });
    expect(method(res.body, 'other')).toMatchObject({ received: 0, received_count: 0 });

    // The device works the same figures out from its records (offline).
    const records = (await api.pull('invoices')).body.records;
    expect(records.length).toBeGreaterThan(6);
    expect(cashUpOf(records, today)).toEqual(res.body);
    expect(cashUpOf(records, yesterday)).toEqual((await api.get(`/reports/cash-up?date=${yesterday}`)).body);
    const before = (await api.get(`/reports/cash-up?date=${yesterday}`)).body.currencies[0];
    expect(before).toMatchObject({ sale_count: 1, sales_total: 50_000, received_total: 10_000, cash_expected: 10_000 });
    expect((await api.get(`/reports/cash-up?date=${today}&currency=USD`)).body.currencies).toEqual([]);
    expect((await other.api.get('/reports/cash-up')).body.currencies[0]).toMatchObject({ sale_count: 1, cash_expected: 900_000 });
  });

  it('refuses a date that is not a real day, a day still to come and an unknown currency, with a sentence', async () => {
    const { api } = await withContact(app, await signUp(app, { country: 'Nigeria' }));
    for (const date of ['2026-02-30', 'today', '27/11/2026', '0001-01-01']) {
      const res = await api.get(`/reports/cash-up?date=${date}`);
      expect(res.status, date).toBe(400);
      expect(res.body.error.message, date).toMatch(/date/i);
    }
    const tomorrow = await api.get(`/reports/cash-up?date=${addDays(today, 1)}`);
    expect(tomorrow.status).toBe(400);
    expect(tomorrow.body.error.message).toBe(`${addDays(today, 1)} has not come yet: pick today (${today}) or an earlier day`);
    expect((await api.get('/reports/cash-up?currency=zzz')).status).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/api/reports/cash-up' })).statusCode).toBe(401);
  });
});

// h155: the opening float the drawer started with and the cash counted at the close.
describe('PUT /reports/cash-up/till', () => {
  it('counts the float in the cash expected and gives the difference; the device works out the same; another account never sees it', async () => {
    const { api, contactId } = await withContact(app, await signUp(app, { country: 'Nigeria' }));
    await sale(api, contactId, today, [{ amount: 120_000, method: 'cash' }], 3);
    // A float alone (no count yet): the drawer should hold ₦2,000 + ₦1,200.
    const put = await api.put('/reports/cash-up/till', { date: today, currency: 'NGN', opening_float: 200_000, counted: null });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toMatchObject({ date: today, currency: 'NGN', opening_float: 200_000, counted: null });
    const open = (await api.get('/reports/cash-up')).body.currencies[0];
    expect(open).toMatchObject({ opening_float: 200_000, cash_expected: 320_000, counted: null, difference: null });
    // Counted at the close, ₦50 short; written again (another device), the last write stands.
    expect((await api.put('/reports/cash-up/till', { date: today, currency: 'NGN', opening_float: 200_000, counted: 300_000 })).status).toBe(200);
    expect((await api.put('/reports/cash-up/till', { date: today, currency: 'NGN', opening_float: 200_000, counted: 315_000 })).status).toBe(200);
    const res = (await api.get(`/reports/cash-up?date=${today}`)).body;
    expect(res.currencies[0]).toMatchObject({ opening_float: 200_000, cash_expected: 320_000, counted: 315_000, difference: -5_000 });
    const records = (await api.pull('invoices')).body.records;
    expect(cashUpOf(records, today, undefined, [{ date: today, currency: 'NGN', opening_float: 200_000, counted: 315_000 }])).toEqual(res);

    // Yesterday's till is its own; a day with a float and no sale still shows it.
    expect((await api.put('/reports/cash-up/till', { date: yesterday, currency: 'NGN', opening_float: 10_000, counted: 10_500 })).status).toBe(200);
    expect((await api.get(`/reports/cash-up?date=${yesterday}`)).body.currencies[0]).toMatchObject({ sale_count: 0, cash_expected: 10_000, difference: 500 });

    // Another account's day: none of this account's float or count.
    const other = await withContact(app, await signUp(app, { country: 'Nigeria' }));
    await sale(other.api, other.contactId, today, [{ amount: 50_000, method: 'cash' }]);
    expect((await other.api.get('/reports/cash-up')).body.currencies[0]).toMatchObject({ opening_float: 0, cash_expected: 50_000, counted: null });
    expect((await other.api.get(`/reports/cash-up?date=${yesterday}`)).body.currencies).toEqual([]);
  });

  it('refuses a negative float, part of a minor unit, a day still to come, with a sentence', async () => {
    const { api } = await withContact(app, await signUp(app, { country: 'Nigeria' }));
    const bad = async (body: Record<string, unknown>) => {
      const res = await api.put('/reports/cash-up/till', { date: today, currency: 'NGN', opening_float: 0, counted: null, ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      return res.body.error.message as string;
    };
    expect(await bad({ opening_float: -100 })).toMatch('The amount cannot be below zero');
    expect(await bad({ counted: -1 })).toMatch('The amount cannot be below zero');
    expect(await bad({ opening_float: 10.5 })).toMatch('Enter the amount in the currency’s smallest unit, a whole number');
    expect(await bad({ date: addDays(today, 1) })).toBe(`${addDays(today, 1)} has not come yet: count the till of today (${today}) or an earlier day`);
    expect((await api.get('/reports/cash-up')).body.currencies).toEqual([]);
  });
});

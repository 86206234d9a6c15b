import { reportFromRecords, reportSummarySchema } from '@duka/core';
import { REPORT_FIXTURE_CONTACTS, REPORT_FIXTURE_EXPENSES, REPORT_FIXTURE_INVOICES, REPORT_FIXTURE_PERIOD, REPORT_FIXTURE_TODAY } from '@duka/core/testing';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { invoices as invoicesTable } from '../../db/schema';
import { openTestApp, type SignedUp, signUp, type TestApp } from '../../test/harness';
import { client, upsert } from '../sync/test-utils';

/**
 * Seeds the core fixture through sync push, as a device would. An invoice voided while it held payments (written
 * before t19 N7 refused that) is pushed unvoided and voided in the table, as such rows stand in existing data.
 */
async function seed(t: TestApp, user: SignedUp) {
  const api = client(t.app, user);
  const contacts = REPORT_FIXTURE_CONTACTS.map((c) => upsert('contacts', c.id, { name: c.name }));
  const voidedWithPayments = REPORT_FIXTURE_INVOICES.filter((i) => i.voided_at && i.payments.length);
  const invoices = REPORT_FIXTURE_INVOICES.map((i) => {
    const { id, total_due: _t, status: _s, ...data } = i;
    return upsert('invoices', id, voidedWithPayments.includes(i) ? { ...data, voided_at: null } : data);
  });
  const expenses = REPORT_FIXTURE_EXPENSES.map(({ id, ...e }) => upsert('expenses', id, e));
  const res = await api.push([...contacts, ...invoices, ...expenses]);
  expect(res.status).toBe(200);
  const rejected = (res.body.results as Array<{ status: string; error?: unknown }>).filter((r) => r.status !== 'applied');
  expect(rejected).toEqual([]);
  for (const i of voidedWithPayments) await t.ctx.db.update(invoicesTable).set({ voidedAt: i.voided_at, status: 'void' }).where(eq(invoicesTable.id, i.id));
  return api;
}

describe('GET /api/reports/summary', () => {
  let t: TestApp;
  let owner: SignedUp;
  beforeAll(async () => {
    t = await openTestApp();
    owner = await signUp(t.app);
    await seed(t, owner);
  });

  it('gives the very figures the device computes from the same records (past period: no dependence on today)', async () => {
    const { from, to } = REPORT_FIXTURE_PERIOD;
    const res = await client(t.app, owner).get(`/reports/summary?from=${from}&to=${to}`);
    expect(res.status).toBe(200);
    const device = reportFromRecords(
      { invoices: REPORT_FIXTURE_INVOICES, expenses: REPORT_FIXTURE_EXPENSES, contacts: REPORT_FIXTURE_CONTACTS },
      REPORT_FIXTURE_PERIOD,
      REPORT_FIXTURE_TODAY,
    );
    expect(reportSummarySchema.parse(res.body)).toEqual(device);
    // 80,000 − 37,000 of expenses, + the 10,000 paid on the invoice voided while it held it (an old row: received, refund due; t19 N7).
    expect(res.body.currencies[0].figures.profit.value).toBe(53_000);
  });

  it('agrees on other periods too: a quarter, odd days, one currency', async () => {
    const data = { invoices: REPORT_FIXTURE_INVOICES, expenses: REPORT_FIXTURE_EXPENSES, contacts: REPORT_FIXTURE_CONTACTS };
    for (const [from, to, currency] of [
      ['2026-01-01', '2026-03-31', undefined],
      ['2026-03-10', '2026-03-19', undefined],
      ['2025-12-01', '2026-02-15', 'NGN'],
      ['2026-03-01', '2026-03-31', 'USD'],
    ] as const) {
      const res = await client(t.app, owner).get(`/reports/summary?from=${from}&to=${to}${currency ? `&currency=${currency}` : ''}`);
      expect(res.status, `${from}..${to}`).toBe(200);
      expect(res.body, `${from}..${to} ${currency}`).toEqual(reportFromRecords(data, { from, to }, REPORT_FIXTURE_TODAY, currency));
    }
  });

  it('another user sees none of it', async () => {
    const other = await signUp(t.app);
    const res = await client(t.app, other).get('/reports/summary?from=2026-03-01&to=2026-03-31');
    expect(res.status).toBe(200);
    expect(res.body.currencies).toEqual([]);
    const one = await client(t.app, other).get('/reports/summary?from=2026-03-01&to=2026-03-31&currency=NGN');
    expect(one.body.currencies[0].figures.invoiced.value).toBe(0);
    expect(one.body.currencies[0].top_clients).toEqual([]);
  });

  it('GET /reports/aging pages through every invoice of a bucket, in the order of the device; only its owner', async () => {
    const { from, to } = REPORT_FIXTURE_PERIOD;
    const data = { invoices: REPORT_FIXTURE_INVOICES, expenses: REPORT_FIXTURE_EXPENSES, contacts: REPORT_FIXTURE_CONTACTS };
    const device = reportFromRecords(data, REPORT_FIXTURE_PERIOD, REPORT_FIXTURE_TODAY);
    const api = client(t.app, owner);
    let seen = 0;
    for (const cur of device.currencies)
      for (const b of cur.aging) {
        const pages: Array<{ id: string; balance: number }> = [];
        for (let offset = 0; offset <= b.count; offset += 2) {
          const res = await api.get(
            `/reports/aging?from=${from}&to=${to}&currency=${cur.currency}&bucket=${encodeURIComponent(b.bucket)}&offset=${offset}&limit=2`,
          );
          expect(res.status, JSON.stringify(res.body)).toBe(200);
          expect(res.body).toMatchObject({ as_of: device.as_of, currency: cur.currency, bucket: b.bucket, count: b.count });
          pages.push(...res.body.invoices);
        }
        expect(pages, `${cur.currency} ${b.bucket}`).toEqual(b.invoices);
        seen += b.count;
      }
    expect(seen).toBeGreaterThan(2);
    const bucket = device.currencies[0]!.aging.find((b) => b.count > 0)!;
    const theirs = await client(t.app, await signUp(t.app)).get(
      `/reports/aging?from=${from}&to=${to}&currency=${device.currencies[0]!.currency}&bucket=${encodeURIComponent(bucket.bucket)}`,
    );
    expect(theirs.body).toMatchObject({ count: 0, invoices: [] });
    const bad = await api.get(`/reports/aging?from=${from}&to=${to}&currency=NGN&bucket=old`);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Choose a bucket: 0-30, 31-60, 61-90, 90+');
  });

  it('refuses bad periods with a message, and asks for a login', async () => {
    const api = client(t.app, owner);
    const bad = await api.get('/reports/summary?from=2026-03-31&to=2026-03-01');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('The start date must be on or before the end date');
    const notDate = await api.get('/reports/summary?from=yesterday&to=2026-03-01');
    expect(notDate.status).toBe(400);
    expect(notDate.body.error.fields).toEqual({ from: 'Use dates like 2026-11-22' });
    const noAuth = await t.app.inject({ method: 'GET', url: '/api/reports/summary?from=2026-03-01&to=2026-03-31' });
    expect(noAuth.statusCode).toBe(401);
  });
});

import { randomUUID } from 'node:crypto';
import { reportFromRecords, type ReportInvoice } from '@duka/core';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openTestApp, signUp } from '../../test/harness';
import { BODY_TOTAL, invoiceBody, withContact } from '../invoices/test-utils';
import { upsert } from '../sync/test-utils';

/**
 * Tax a client withheld (a payment of method 'withholding', e.g. an Ethiopian company's 3 % certificate) settles the
 * invoice and counts as income, but is no money received: Analytics shows it apart from what was collected, on the
 * device and on the server alike, and profit still counts it.
 */
const { app, ctx } = await openTestApp({ logLevel: 'error' });

const pay = (amount: number, date: string, method = 'bank_transfer') => ({
  id: randomUUID(),
  amount,
  date,
  method,
  reference: method === 'withholding' ? 'WHT-0042' : '',
});

describe('tax withheld by clients in Analytics (GET /api/reports/summary)', () => {
  it('is its own figure, out of collected, into profit and the month’s income: the server agrees with the device', async () => {
    const user = await signUp(app);
    const { api, contactId } = await withContact(app, user);
    // Paid within March (the server's fast path reads the stored totals), and across February and March (each payment).
    const inMarch = { id: randomUUID(), payments: [pay(BODY_TOTAL - 9_000, '2026-03-05'), pay(9_000, '2026-03-09', 'withholding')] };
    const across = {
      id: randomUUID(),
      payments: [pay(200_000, '2026-02-20'), pay(6_000, '2026-03-12', 'withholding')],
    };
    const res = await api.push(
      [inMarch, across].map((i) =>
        upsert('invoices', i.id, invoiceBody(contactId, { issue_date: '2026-02-10', due_date: '2026-03-31', payments: i.payments })),
      ),
    );
    expect(res.body.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied']);

    const summary = await api.get('/reports/summary?from=2026-03-01&to=2026-03-31');
    expect(summary.status).toBe(200);
    const [ngn] = summary.body.currencies;
    expect(ngn.figures.collected).toEqual({ value: BODY_TOTAL - 9_000, previous: 200_000, change_pct: expect.any(Number) });
    expect(ngn.figures.withheld).toEqual({ value: 15_000, previous: 0, change_pct: null });
    expect(ngn.figures.profit.value).toBe(BODY_TOTAL - 9_000 + 15_000);
    expect(ngn.months).toEqual([{ month: '2026-03', income: BODY_TOTAL + 6_000, expenses: 0 }]);

    const stored = (await api.get('/invoices?limit=10')).body.records as ReportInvoice[];
    const device = reportFromRecords({ invoices: stored, expenses: [], contacts: [] }, { from: '2026-03-01', to: '2026-03-31' }, '2026-11-29');
    expect(summary.body.currencies).toEqual(device.currencies.map((c) => ({ ...c, top_clients: summary.body.currencies[0].top_clients })));
  });

  it('is filled in for invoices written before the column (migration 0014)', async () => {
    const user = await signUp(app);
    const { api, contactId } = await withContact(app, user);
    const id = randomUUID();
    await api.push([upsert('invoices', id, invoiceBody(contactId, { issue_date: '2026-02-10', payments: [pay(5_000, '2026-03-09', 'withholding')] }))]);
    await ctx.db.execute(sql`update invoices set withheld_total = 0 where id = ${id}`);
    const backfill = (await import('node:fs')).readFileSync(new URL('../../../drizzle/0014_invoice_withheld_total_backfill.sql', import.meta.url), 'utf8');
    await ctx.db.execute(sql.raw(backfill));
    const rows = (await ctx.db.execute(sql`select withheld_total from invoices where id = ${id}`)) as unknown as { rows: Array<{ withheld_total: unknown }> };
    expect(Number(rows.rows[0]!.withheld_total)).toBe(5_000);
  });
});

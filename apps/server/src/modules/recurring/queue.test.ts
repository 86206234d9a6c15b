import { localDate } from '@duka/core';
import { describe, expect, it } from 'vitest';
import { clockOf } from '../../lib/clock';
import { jobsOf } from '../jobs';
import { openTestApp, signUp } from '../../test/harness';
import { invoiceBody, withContact } from '../invoices/test-utils';

// The real job queue (pg-boss) on this test's database: in-memory PGlite by default, PostgreSQL with TEST_DATABASE_URL.
const { app, ctx } = await openTestApp({ jobs: true });

describe('the job queue', () => {
  it('runs on the embedded database: a schedule starting today gets its invoice from the queue, not from the request', async () => {
    expect(jobsOf(ctx).running).toBe(true);
    const user = await signUp(app);
    const { api, contactId } = await withContact(app, user);
    const inv = (await api.post('/invoices', invoiceBody(contactId))).body;
    const today = localDate(new Date(), 'UTC');
    const made = await api.post('/recurring-invoices', { invoice_id: inv.id, frequency: 'weekly', start_date: today, count: 2, time_zone: 'UTC' });
    expect(made.status).toBe(201);
    expect(made.body.generated).toBe(0); // the answer comes before the job runs
    const deadline = Date.now() + 20_000;
    let records: Array<{ issue_date: string }> = [];
    while (Date.now() < deadline) {
      records = (await api.get('/invoices?limit=10')).body.records;
      if (records.length === 2) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(records.map((r) => r.issue_date)).toContain(today);
    // The invoice is written inside the job; the job is marked completed a moment later.
    let completed = 0;
    while (Date.now() < deadline + 10_000) {
      const rows = await ctx.database.execute("select state from pgboss.job where name = 'recurring-due' and state = 'completed'");
      completed = rows.rows.length;
      if (completed > 0) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(completed).toBeGreaterThanOrEqual(1);
  }, 40_000);

  it("a start date of the business's today is made at once, also while UTC's day is still yesterday", async () => {
    // 22:30 UTC is 01:30 the next day in Nairobi: the route compared with UTC's day and left it to the next minute's
    // tick (an e2e run at 22:20 UTC waited 30 s for it and failed).
    clockOf(ctx).set(new Date('2029-03-01T22:30:00Z'));
    try {
      const user = await signUp(app);
      const { api, contactId } = await withContact(app, user);
      const inv = (await api.post('/invoices', invoiceBody(contactId, { issue_date: '2029-02-20', due_date: '2029-03-06' }))).body;
      const made = await api.post('/recurring-invoices', {
        invoice_id: inv.id,
        frequency: 'monthly',
        start_date: '2029-03-02',
        count: 1,
        time_zone: 'Africa/Nairobi',
      });
      expect(made.status).toBe(201);
      const dates = async () => ((await api.get('/invoices?limit=10')).body.records as Array<{ issue_date: string }>).map((r) => r.issue_date).sort();
      // Well before the next minute's tick (which would make it anyway, late).
      await expect.poll(dates, { timeout: 5_000, interval: 250 }).toEqual(['2029-02-20', '2029-03-02']);
    } finally {
      clockOf(ctx).set(null);
    }
  }, 40_000);
});

import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../../db/schema';
import { openTestApp, signUp } from '../../test/harness';
import { invoiceBody, withContact } from '../invoices/test-utils';
import { dueReminderInvoiceIds } from './due';
import { runDueReminders } from './service';

/**
 * Issue 27: the reminders job selects only what is due, in SQL, for paid plans. 10,000 owed invoices that are
 * not due (7,000 of an owner without a paid plan, 3,000 of a paid owner already reminded for their latest
 * date) and 5 that are due: the job reads 5 invoice rows into the process and sends 5 reminders. On
 * PostgreSQL the table statistics also show the database itself never reads the free owner's invoices.
 */
const { app, ctx } = await openTestApp({ devMailbox: true });
const RULE = { enabled: true, before_days: 3, on_due: true, overdue_every_days: 7, overdue_limit: 2, channels: ['email'] };
const NOW = new Date('2041-03-15T08:00:00Z');
// The owners lose their plan and invoices afterwards, so later runs in this file's database see none of them.
const owners: string[] = [];
afterAll(async () => {
  for (const id of owners) {
    await ctx.database.execute('delete from subscriptions where user_id = $1', [id]);
    await ctx.database.execute('delete from invoices where user_id = $1', [id]);
  }
});

async function owner(paid: boolean) {
  const user = await signUp(app, { country: 'Kenya', language: 'en' });
  owners.push(user.userId);
  if (paid) {
    await ctx.db.insert(subscriptions).values({
      userId: user.userId,
      plan: 'ng-yearly',
      status: 'active',
      provider: 'test',
      currentPeriodEnd: new Date('2050-01-01T00:00:00Z'),
      amount: 1_400_000,
      currency: 'NGN',
      months: 1,
      lastEventAt: new Date(),
    });
  }
  const { api, contactId } = await withContact(app, user, { email: `c.${randomUUID().slice(0, 8)}@example.com` });
  expect((await app.inject({ method: 'PUT', url: '/api/reminders/settings', headers: user.auth, payload: RULE })).statusCode).toBe(200);
  const inv = (await api.post('/invoices', invoiceBody(contactId, { currency: 'KES', issue_date: '2041-03-01', due_date: '2041-03-15' }))).body;
  expect((await api.post(`/invoices/${inv.id}/send`, {})).status).toBe(200);
  return { user, inv };
}

/** `n` copies of the invoice (new id, public id and number), due on its date: owed, sent, live. */
async function copies(invoiceId: string, n: number): Promise<void> {
  const { rows } = await ctx.database.execute(
    `select column_name from information_schema.columns where table_name = 'invoices' and table_schema = current_schema() order by ordinal_position`,
  );
  const cols = rows.map((r) => String(r.column_name));
  const value = (c: string) =>
    c === 'id' ? 'gen_random_uuid()' : c === 'public_id' ? `md5(random()::text)` : c === 'number' ? `'C-' || g` : c === 'version' ? `version + g` : `"${c}"`;
  await ctx.database.execute(
    `insert into invoices (${cols.map((c) => `"${c}"`).join(', ')}) select ${cols.map(value).join(', ')} from invoices, generate_series(1, ${n}) g where id = $1`,
    [invoiceId],
  );
}

async function invoiceReads(): Promise<number | null> {
  if (ctx.database.kind !== 'postgres') return null;
  // PostgreSQL 15 backends publish their table counters at most once a second once idle: wait past that, so
  // reads made before this point are not counted after it.
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  await ctx.database.execute('select pg_stat_clear_snapshot()');
  const { rows } = await ctx.database.execute(
    `select coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0) as n from pg_stat_user_tables where relname = 'invoices' and schemaname = current_schema()`,
  );
  return Number(rows[0]?.n ?? 0);
}

describe('reminders job: due rows only (issue 27)', () => {
  it('with 10,000 not-due owed invoices it reads and sends only the 5 due ones', async () => {
    const free = await owner(false);
    await copies(free.inv.id, 7_000 - 1);
    const reminded = await owner(true);
    await copies(reminded.inv.id, 3_000 - 1);
    // The paid owner's 3,000 were reminded for today's date already (as a run earlier today leaves them).
    await ctx.database.execute(
      `insert into reminder_log (user_id, invoice_id, kind, seq, channel, scheduled_for, state, created_at)
       select user_id, id, 'due', 0, 'email', due_date, 'sent', now() from invoices where user_id = $1`,
      [reminded.user.userId],
    );
    const due = await owner(true);
    await copies(due.inv.id, 4);
    // As autovacuum would after a bulk load: the planner knows how the 10,005 rows are spread.
    await ctx.database.execute('analyze invoices');
    await ctx.database.execute('analyze reminder_log');
    await ctx.database.execute('analyze subscriptions');

    // The selection alone: exactly the 5 due invoices, whatever the page size.
    const all = await dueReminderInvoiceIds(ctx, NOW, null, 500);
    expect(all).toHaveLength(5);
    const firstPage = await dueReminderInvoiceIds(ctx, NOW, null, 2);
    const rest = await dueReminderInvoiceIds(ctx, NOW, firstPage[1], 500);
    expect([...firstPage, ...rest]).toEqual(all);

    // The job: every id the selection hands over is an invoice row read into the process.
    const execute = ctx.database.execute.bind(ctx.database);
    let rowsToProcess = 0;
    ctx.database.execute = async (text, values) => {
      const result = await execute(text, values);
      if (text.includes('from subscriptions s')) rowsToProcess += result.rows.length;
      return result;
    };
    const before = await invoiceReads();
    try {
      const counts = await runDueReminders(ctx, NOW);
      expect(counts).toEqual({ sent: 5, failed: 0, skipped: 0 });
    } finally {
      ctx.database.execute = execute;
    }
    expect(rowsToProcess).toBe(5);
    const after = await invoiceReads();
    // PostgreSQL: the free owner's 7,000 are never read (the selection starts from paid subscriptions and
    // reaches invoices through invoices_owed_due_idx); the paid owner's are, in the database only.
    if (before !== null && after !== null) expect(after - before).toBeLessThan(3_000 + 5 + 100);

    // A second run the same day: nothing is due any more.
    expect(await dueReminderInvoiceIds(ctx, NOW, null, 500)).toEqual([]);
    expect(await runDueReminders(ctx, new Date('2041-03-15T09:00:00Z'))).toEqual({ sent: 0, failed: 0, skipped: 0 });
  }, 120_000);
});

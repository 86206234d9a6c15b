import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { givePaidPlan, openTestApp, signUp } from '../../test/harness';
import { invoiceBody, withContact } from '../invoices/test-utils';
import { dueReminderInvoices } from './due';
import { runDueReminders } from './service';

/**
 * Issue 27: the reminders job selects only what is due, in SQL, for paid plans, through each invoice's stored
 * next reminder date. 10,000 owed invoices that are not due (7,000 of an owner without a paid plan, 3,000 of a
 * paid owner already reminded for today) and 5 that are due: the job reads 5 invoice rows into the process and
 * sends 5 reminders, and the table statistics (PostgreSQL and PGlite) show the database itself reads only those
 * 5 invoices, never the 10,000 others.
 */
// One connection on PostgreSQL, so every statement of the job runs in the backend whose table counters are flushed.
const { app, ctx } = await openTestApp({ devMailbox: true, databasePoolSize: 1 });
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
    await givePaidPlan(ctx, user.userId, '2050-01-01T00:00:00Z');
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

/** Invoice rows the database has read so far (sequential and through indexes), from its table statistics. */
async function invoiceReads(): Promise<number> {
  // The backend publishes its table counters when asked (PostgreSQL 15 otherwise waits up to a second once idle).
  await ctx.database.execute('select pg_stat_force_next_flush()');
  if (ctx.database.kind === 'postgres') await new Promise((resolve) => setTimeout(resolve, 1_100));
  await ctx.database.execute('select pg_stat_clear_snapshot()');
  const { rows } = await ctx.database.execute(
    `select coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0) as n from pg_stat_user_tables where relname = 'invoices' and schemaname = current_schema()`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** Runs the job at `now` and counts the invoice rows its selection hands to the process. */
async function runCounted(now: Date): Promise<{ counts: Awaited<ReturnType<typeof runDueReminders>>; selected: number }> {
  const execute = ctx.database.execute.bind(ctx.database);
  let selected = 0;
  ctx.database.execute = async (text, values) => {
    const result = await execute(text, values);
    if (text.includes('from subscriptions s')) selected += result.rows.length;
    return result;
  };
  try {
    return { counts: await runDueReminders(ctx, now), selected };
  } finally {
    ctx.database.execute = execute;
  }
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
    // Written without the job's dates (sent, or from before the dates were stored): the first run works each one
    // out — the 3,000 are logged for today already, so nothing is sent and their next date is the first overdue day.
    const first = await runCounted(new Date('2041-03-15T06:00:00Z'));
    expect(first).toEqual({ counts: { sent: 0, failed: 0, skipped: 0 }, selected: 3_000 });
    const { rows: next } = await ctx.database.execute(
      `select next_reminder_at::timestamptz = '2041-03-21T21:00:00Z'::timestamptz as overdue_day, count(*)::int as n from invoices where user_id = $1 group by 1`,
      [reminded.user.userId],
    );
    // The first overdue reminder (7 days after) begins at midnight in Nairobi (UTC+3).
    expect(next).toEqual([{ overdue_day: true, n: 3_000 }]);

    const due = await owner(true);
    await copies(due.inv.id, 4);
    // As autovacuum would after a bulk load: the planner knows how the 10,005 rows are spread.
    await ctx.database.execute('analyze invoices');
    await ctx.database.execute('analyze reminder_log');
    await ctx.database.execute('analyze subscriptions');

    // The selection alone: exactly the 5 due invoices, whatever the page size.
    const all = await dueReminderInvoices(ctx, NOW, 500);
    expect(all.map((d) => d.id).sort()).toEqual(
      (await ctx.database.execute('select id from invoices where user_id = $1 order by id', [due.user.userId])).rows.map((r) => String(r.id)),
    );
    expect(await dueReminderInvoices(ctx, NOW, 2)).toHaveLength(2);

    // The job: the process gets the 5 due invoices, and the database reads only those (and the rows of the few
    // tables it joins): not the free owner's 7,000, not the paid owner's 3,000 already reminded.
    const before = await invoiceReads();
    const run = await runCounted(NOW);
    expect(run).toEqual({ counts: { sent: 5, failed: 0, skipped: 0 }, selected: 5 });
    const after = await invoiceReads();
    console.log('invoice rows read by the database during the run:', after - before);
    expect(after - before).toBeLessThan(100);

    // A second run the same day: nothing is due any more.
    expect(await runDueReminders(ctx, new Date('2041-03-15T09:00:00Z'))).toEqual({ sent: 0, failed: 0, skipped: 0 });
    expect(await dueReminderInvoices(ctx, NOW, 500)).toEqual([]);
  }, 120_000);

  it('reminders off by the owner: 2,000 marked invoices are cleared without being loaded; one with its own rule on is worked out', async () => {
    const o = await owner(true);
    const off = await app.inject({ method: 'PUT', url: '/api/reminders/settings', headers: o.user.auth, payload: { ...RULE, enabled: false } });
    expect(off.statusCode).toBe(200);
    await copies(o.inv.id, 1_999);
    // Every copy carries the mark (written as the trigger leaves a sent invoice): the job must look at each.
    await ctx.database.execute(`update invoices set next_reminder_at = now() - interval '100 years' where user_id = $1`, [o.user.userId]);
    // One invoice of the shop has its own rule, on: the owner's being off does not stop it.
    const own = await app.inject({ method: 'PUT', url: `/api/invoices/${o.inv.id}/reminders`, headers: o.user.auth, payload: { rule: RULE } });
    expect(own.statusCode).toBe(200);

    // The job's loads of whole invoices with their clients and owners (loadTargets: one select per page it works out).
    const select = vi.spyOn(ctx.db, 'select');
    let run: Awaited<ReturnType<typeof runCounted>>;
    let loads: unknown[];
    try {
      run = await runCounted(NOW);
      loads = select.mock.calls.filter(([fields]) => fields && 'stoppedAt' in fields && 'invoice' in fields);
    } finally {
      select.mockRestore();
    }
    // The one with its own rule: due today (2041-03-15), sent. The other 2,000 − 1: nothing to send.
    expect(run).toEqual({ counts: { sent: 1, failed: 0, skipped: 0 }, selected: 2_000 });
    // Only the page holding that invoice was loaded, for it alone (the 4 pages of 500 were all loaded before).
    expect(loads).toHaveLength(1);
    const { rows } = await ctx.database.execute(
      `select id = $2::uuid as own, next_reminder_at is null as cleared, count(*)::int as n from invoices where user_id = $1 group by 1, 2 order by 1, 2`,
      [o.user.userId, o.inv.id],
    );
    expect(rows).toEqual([
      { own: false, cleared: true, n: 1_999 },
      { own: true, cleared: false, n: 1 },
    ]);
    expect(await dueReminderInvoices(ctx, NOW, 500)).toEqual([]);
  }, 120_000);

  it('a payment, a void or a stop clears the date; a new due date or rule sets it again', async () => {
    const o = await owner(true);
    const at = async () =>
      (await ctx.database.execute(`select to_json(next_reminder_at) #>> '{}' as t from invoices where id = $1`, [o.inv.id])).rows[0].t as string | null;
    // Marked when sent; the job works out the next date: 'before' (3 days ahead) at midnight in Nairobi.
    await runDueReminders(ctx, new Date('2041-03-01T08:00:00Z'));
    expect(new Date(String(await at())).toISOString()).toBe('2041-03-11T21:00:00.000Z');
    // The invoice's own rule without the 'before' reminder: the due day is next.
    const api = { put: (url: string, payload: object) => app.inject({ method: 'PUT', url: `/api${url}`, headers: o.user.auth, payload }) };
    expect((await api.put(`/invoices/${o.inv.id}/reminders`, { rule: { ...RULE, before_days: null } })).statusCode).toBe(200);
    await runDueReminders(ctx, new Date('2041-03-01T08:00:00Z'));
    expect(new Date(String(await at())).toISOString()).toBe('2041-03-14T21:00:00.000Z');
    // Stopped: no date; started again: the date is back.
    await api.put(`/invoices/${o.inv.id}/reminders`, { stopped: true });
    await runDueReminders(ctx, new Date('2041-03-01T08:00:00Z'));
    expect(await at()).toBeNull();
    await api.put(`/invoices/${o.inv.id}/reminders`, { stopped: false });
    await runDueReminders(ctx, new Date('2041-03-01T08:00:00Z'));
    expect(new Date(String(await at())).toISOString()).toBe('2041-03-14T21:00:00.000Z');
    // Paid in full: cleared at once by the write itself, before any run. Written as the payment route writes it
    // (the route itself refuses a payment dated after today, and this invoice's days are in 2041).
    await ctx.database.execute(
      `update invoices set payments = payments || jsonb_build_array(jsonb_build_object('amount', total_due, 'method', 'cash', 'date', '2041-03-02')),
        amount_paid = total_due, balance = 0, status = 'paid' where id = $1`,
      [o.inv.id],
    );
    expect(await at()).toBeNull();
    expect(await runDueReminders(ctx, new Date('2041-03-15T08:00:00Z'))).toEqual({ sent: 0, failed: 0, skipped: 0 });
  }, 60_000);
});

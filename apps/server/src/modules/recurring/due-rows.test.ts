import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { clockOf } from '../../lib/clock';
import { openTestApp, signUp } from '../../test/harness';
import { invoiceBody, withContact } from '../invoices/test-utils';
import { runRecurringJob, WRITTEN_ON } from './test-utils';

/**
 * Issue 27: the recurring job reads only the schedules that are due, through recurring_invoices_due_idx
 * (status, next_date), whatever the number of schedules that exist. 10,000 running schedules not due for
 * years and 3 due today: the run makes 3 invoices, and (where the database keeps table statistics) reads
 * a handful of schedule rows, not 10,000; 5,000 draft occurrences made in earlier years are not read either.
 */
const { app, ctx } = await openTestApp();
// The dates below are fixed: the app's clock (what a new schedule is checked against) is too, on the day they were
// written for, so a start "in the past" or "over a year back" stays so whatever day the suite runs.
beforeEach(() => clockOf(ctx).set(new Date(WRITTEN_ON)));
const owners: string[] = [];
// On PostgreSQL test files share one database: this file's schedules must not reach another file's runs.
afterAll(async () => {
  for (const id of owners) await ctx.database.execute('delete from recurring_invoices where user_id = $1', [id]);
});

const scheduleReads = () => reads('recurring_invoices');

/** Rows of a table the database has read so far (null where it keeps no statistics). */
async function reads(table: string): Promise<number | null> {
  try {
    await ctx.database.execute('select pg_stat_force_next_flush()').catch(() => undefined);
    await ctx.database.execute('select pg_stat_clear_snapshot()');
    const { rows } = await ctx.database.execute(
      `select coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0) as n from pg_stat_user_tables where relname = $1 and schemaname = current_schema()`,
      [table],
    );
    return rows.length ? Number(rows[0].n) : null;
  } catch {
    return null;
  }
}

describe('recurring job: due schedules only (issue 27)', () => {
  it('with 10,000 schedules not due it reads and makes only the 3 due ones', async () => {
    const user = await signUp(app, { country: 'Kenya', language: 'en' });
    owners.push(user.userId);
    const { api, contactId } = await withContact(app, user);
    const source = (await api.post('/invoices', invoiceBody(contactId, { issue_date: '2027-01-01', due_date: '2027-01-15' }))).body;
    const made = await api.post('/recurring-invoices', { invoice_id: source.id, frequency: 'weekly', start_date: '2027-01-05', count: 2, time_zone: 'UTC' });
    expect(made.status).toBe(201);
    const { rows } = await ctx.database.execute(
      `select column_name from information_schema.columns where table_name = 'recurring_invoices' and table_schema = current_schema() order by ordinal_position`,
    );
    const cols = rows.map((r) => String(r.column_name));
    const copies = (n: number, nextDate: string) =>
      ctx.database.execute(
        `insert into recurring_invoices (${cols.map((c) => `"${c}"`).join(', ')})
         select ${cols.map((c) => (c === 'id' ? 'gen_random_uuid()' : c === 'next_date' ? `'${nextDate}'::date` : `"${c}"`)).join(', ')}
         from recurring_invoices, generate_series(1, ${n}) g where id = $1`,
        [made.body.id],
      );
    await copies(10_000, '2099-01-05');
    await copies(2, '2027-01-05');
    // Years of draft occurrences already made (one per not-due schedule, 5,000 of them): nothing left to do.
    await ctx.database.execute(
      `insert into recurring_occurrences (recurring_id, index, user_id, date, invoice_id, mutation_id, state, done_at)
       select id, 0, user_id, '2026-01-01', gen_random_uuid(), gen_random_uuid(), 'created', now()
       from recurring_invoices where user_id = $1 and next_date = '2099-01-05' limit 5000`,
      [user.userId],
    );
    await ctx.database.execute('analyze recurring_invoices');
    await ctx.database.execute('analyze recurring_occurrences');

    const before = await scheduleReads();
    const occurrencesBefore = await reads('recurring_occurrences');
    expect(await runRecurringJob(ctx, new Date('2027-01-05T09:00:00Z'))).toEqual({ created: 3 });
    const after = await scheduleReads();
    const occurrencesAfter = await reads('recurring_occurrences');
    if (before !== null && after !== null) expect(after - before).toBeLessThan(100);
    if (occurrencesBefore !== null && occurrencesAfter !== null) expect(occurrencesAfter - occurrencesBefore).toBeLessThan(100);
    const invoices = (await api.get('/invoices?limit=10')).body.records as Array<{ issue_date: string }>;
    expect(invoices.filter((i) => i.issue_date === '2027-01-05')).toHaveLength(3);
    // The next run the same day: nothing due any more.
    expect(await runRecurringJob(ctx, new Date('2027-01-05T09:01:00Z'))).toEqual({ created: 0 });
  }, 120_000);
});

import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { clockOf } from '../../lib/clock';
import { WRITTEN_ON } from './test-utils';
import { openTestApp, signUp } from '../../test/harness';
import { invoiceBody, withContact } from '../invoices/test-utils';
import { sendRecurringInvoice } from './send';
import { runDueRecurring } from './job';

// Issue 23 item 1: making an invoice repeat billed the client again the same day.
const { app, ctx } = await openTestApp({ devMailbox: true });
// The dates below are fixed: the app's clock (what a new schedule is checked against) is too, on the day they were
// written for, so a start "in the past" or "over a year back" stays so whatever day the suite runs.
beforeEach(() => clockOf(ctx).set(new Date(WRITTEN_ON)));
const run = (iso: string) => runDueRecurring(ctx, new Date(iso), sendRecurringInvoice);

describe('making an invoice repeat (issue 23)', () => {
  it('the invoice made to repeat is the first occurrence: nothing is made or sent that day, the next comes one period later', async () => {
    const email = `client.${randomUUID().slice(0, 8)}@example.com`;
    const user = await signUp(app);
    const { api, contactId } = await withContact(app, user, { email });
    const source = (await api.post('/invoices', invoiceBody(contactId, { issue_date: '2026-01-10', due_date: '2026-01-24', status: 'sent' }))).body as {
      id: string;
    };
    const made = await api.post('/recurring-invoices', {
      invoice_id: source.id,
      frequency: 'monthly',
      start_date: '2026-01-10',
      send_mode: 'send',
      time_zone: 'UTC',
      make_past: true,
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ generated: 1, next_date: '2026-02-10', last_invoice_id: source.id, status: 'active' });

    await run('2026-01-10T12:00:00Z');
    const count = async () => (await api.get('/invoices?limit=100')).body.records.length as number;
    const mail = async () =>
      (await app.inject({ method: 'GET', url: `/api/dev/mailbox?to=${encodeURIComponent(email)}` })).json().messages as Array<{ subject: string }>;
    expect(await count()).toBe(1);
    const before = (await mail()).length;

    await run('2026-02-10T12:00:00Z');
    expect(await count()).toBe(2);
    expect((await mail()).length).toBe(before + 1);
    expect((await api.get(`/recurring-invoices/${made.body.id}`)).body).toMatchObject({ generated: 2, next_date: '2026-03-10' });
  });

  it('counts the invoice made to repeat among "N invoices in all"', async () => {
    const user = await signUp(app);
    const { api, contactId } = await withContact(app, user);
    const source = (await api.post('/invoices', invoiceBody(contactId, { issue_date: '2026-03-01' }))).body as { id: string };
    const one = await api.post('/recurring-invoices', {
      invoice_id: source.id,
      frequency: 'weekly',
      start_date: '2026-03-01',
      count: 1,
      time_zone: 'UTC',
      make_past: true,
    });
    expect(one.body).toMatchObject({ generated: 1, next_date: null, status: 'finished' });
  });

  it('another start date is a schedule of its own: its first invoice is made on that date', async () => {
    const user = await signUp(app);
    const { api, contactId } = await withContact(app, user);
    const source = (await api.post('/invoices', invoiceBody(contactId, { issue_date: '2026-03-01' }))).body as { id: string };
    const later = await api.post('/recurring-invoices', {
      invoice_id: source.id,
      frequency: 'monthly',
      start_date: '2026-03-15',
      time_zone: 'UTC',
      make_past: true,
    });
    expect(later.body).toMatchObject({ generated: 0, next_date: '2026-03-15', last_invoice_id: null });
  });

  it("an edit that moves a schedule to start on its invoice's own date does not bill that date again", async () => {
    const user = await signUp(app);
    const { api, contactId } = await withContact(app, user);
    const source = (await api.post('/invoices', invoiceBody(contactId, { issue_date: '2026-03-01' }))).body as { id: string };
    const later = await api.post('/recurring-invoices', {
      invoice_id: source.id,
      frequency: 'monthly',
      start_date: '2026-03-15',
      time_zone: 'UTC',
      make_past: true,
    });
    const moved = await api.patch(`/recurring-invoices/${later.body.id}`, { start_date: '2026-03-01', make_past: true });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ generated: 1, next_date: '2026-04-01', last_invoice_id: source.id });
  });

  // t15b: on draft INV-0002 of 26 Nov, "First invoice on" 26 Oct made 26 Oct and 26 Nov: INV-0002 and the new invoice
  // billed the same client for 26 Nov. The invoice being repeated stands for its own date's occurrence.
  it('a first date before the invoice makes the dates before it, never a second invoice on its date', async () => {
    const user = await signUp(app);
    const { api, contactId } = await withContact(app, user);
    const source = (await api.post('/invoices', invoiceBody(contactId, { issue_date: '2026-11-26' }))).body as { id: string };
    const made = await api.post('/recurring-invoices', {
      invoice_id: source.id,
      frequency: 'monthly',
      start_date: '2026-10-26',
      count: 3,
      time_zone: 'Africa/Nairobi',
      make_past: true,
    });
    expect(made.body).toMatchObject({ generated: 0, next_date: '2026-10-26' });
    await run('2026-11-26T09:00:00Z');
    const dates = async () => ((await api.get('/invoices?limit=100')).body.records as Array<{ issue_date: string }>).map((r) => r.issue_date).sort();
    expect(await dates()).toEqual(['2026-10-26', '2026-11-26']);
    expect((await api.get(`/recurring-invoices/${made.body.id}`)).body).toMatchObject({ generated: 2, next_date: '2026-12-26', status: 'active' });
    // The next run on 26 Dec makes the third and last ("3 in all" counts the invoice itself).
    await run('2026-12-26T09:00:00Z');
    expect(await dates()).toEqual(['2026-10-26', '2026-11-26', '2026-12-26']);
    expect((await api.get(`/recurring-invoices/${made.body.id}`)).body).toMatchObject({ generated: 3, next_date: null, status: 'finished' });
  });

  it('a weekly schedule that reaches an invoice dated ahead passes over that date', async () => {
    const user = await signUp(app);
    const { api, contactId } = await withContact(app, user);
    const source = (await api.post('/invoices', invoiceBody(contactId, { issue_date: '2026-12-10', due_date: '2026-12-24' }))).body as { id: string };
    const made = await api.post('/recurring-invoices', {
      invoice_id: source.id,
      frequency: 'weekly',
      start_date: '2026-11-26',
      time_zone: 'UTC',
      make_past: true,
    });
    for (const day of ['2026-11-26', '2026-12-03', '2026-12-10', '2026-12-17']) await run(`${day}T12:00:00Z`);
    const dates = ((await api.get('/invoices?limit=100')).body.records as Array<{ issue_date: string }>).map((r) => r.issue_date).sort();
    expect(dates).toEqual(['2026-11-26', '2026-12-03', '2026-12-10', '2026-12-17']);
    expect((await api.get(`/recurring-invoices/${made.body.id}`)).body).toMatchObject({ generated: 4, next_date: '2026-12-24' });
  });
});

import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { clockOf } from '../../lib/clock';
import { WRITTEN_ON } from './test-utils';
import { openTestApp, signUp } from '../../test/harness';
import { BODY_TOTAL, invoiceBody, withContact } from '../invoices/test-utils';
import { sendRecurringInvoice } from './send';
import { runDueRecurring } from './job';

const { app, ctx } = await openTestApp({ devMailbox: true });
// The dates below are fixed: the app's clock (what a new schedule is checked against) is too, on the day they were
// written for, so a start "in the past" or "over a year back" stays so whatever day the suite runs.
beforeEach(() => clockOf(ctx).set(new Date(WRITTEN_ON)));
const run = (iso: string) => runDueRecurring(ctx, new Date(iso), sendRecurringInvoice);

async function ownerWithInvoice(extra: Record<string, unknown> = {}, contact: Record<string, unknown> = {}) {
  const user = await signUp(app);
  const { api, contactId } = await withContact(app, user, contact);
  const inv = await api.post('/invoices', invoiceBody(contactId, { issue_date: '2026-01-10', due_date: '2026-01-24', ...extra }));
  expect(inv.status).toBe(201);
  return { user, api, contactId, invoice: inv.body as { id: string; number: string } };
}

type Api = Awaited<ReturnType<typeof ownerWithInvoice>>['api'];
const invoicesOf = async (api: Api) =>
  (
    (await api.get('/invoices?limit=100')).body.records as Array<{
      id: string;
      number: string;
      issue_date: string;
      due_date: string;
      status: string;
      total_due: number;
      sent_at: string | null;
    }>
  ).sort((a, b) => a.number.localeCompare(b.number));

describe('recurring invoices', () => {
  it('repeats an invoice monthly from its start date: month ends, next number, due date moved, next date visible, synced', async () => {
    const { api, invoice } = await ownerWithInvoice();
    const made = await api.post('/recurring-invoices', {
      invoice_id: invoice.id,
      frequency: 'monthly',
      start_date: '2026-01-31',
      time_zone: 'Africa/Lagos',
      make_past: true,
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ status: 'active', next_date: '2026-01-31', generated: 0, total_due: BODY_TOTAL, send_mode: 'draft' });
    const id = made.body.id as string;
    const { version: before } = (await api.pull('invoices')).body;

    await run('2026-01-30T12:00:00Z'); // not yet
    expect(await invoicesOf(api)).toHaveLength(1);
    await run('2026-01-31T06:00:00Z');
    await run('2026-01-31T06:00:00Z'); // the same moment again: nothing more
    let list = await invoicesOf(api);
    expect(list.map((i) => [i.number, i.issue_date, i.due_date, i.status])).toEqual([
      ['INV-0001', '2026-01-10', '2026-01-24', 'draft'],
      ['INV-0002', '2026-01-31', '2026-02-14', 'draft'],
    ]);
    expect((await api.get(`/recurring-invoices/${id}`)).body).toMatchObject({ generated: 1, next_date: '2026-02-28', last_invoice_id: list[1].id });

    // The clock jumps two months: both missed months are made, in order, each once.
    await run('2026-04-01T09:00:00Z');
    list = await invoicesOf(api);
    expect(list.slice(2).map((i) => [i.number, i.issue_date, i.total_due])).toEqual([
      ['INV-0003', '2026-02-28', BODY_TOTAL],
      ['INV-0004', '2026-03-31', BODY_TOTAL],
    ]);
    expect((await api.get(`/recurring-invoices/${id}`)).body.next_date).toBe('2026-04-30');

    // Devices get the new invoices by sync.
    const pulled = (await api.pull('invoices', before)).body.records.map((r: { number: string }) => r.number).sort();
    expect(pulled).toEqual(['INV-0002', 'INV-0003', 'INV-0004']);
    const occ = (await api.get(`/recurring-invoices/${id}/occurrences`)).body.occurrences;
    expect(occ.map((o: { date: string; state: string }) => [o.date, o.state])).toEqual([
      ['2026-03-31', 'created'],
      ['2026-02-28', 'created'],
      ['2026-01-31', 'created'],
    ]);
  });

  it('stops after N invoices or at the end date; weekly and every N months', async () => {
    const { api, invoice } = await ownerWithInvoice();
    const weekly = (await api.post('/recurring-invoices', { invoice_id: invoice.id, frequency: 'weekly', start_date: '2026-05-01', count: 3, make_past: true }))
      .body;
    const quarterly = (
      await api.post('/recurring-invoices', {
        invoice_id: invoice.id,
        frequency: 'months',
        interval: 3,
        start_date: '2026-05-01',
        end_date: '2026-10-31',
        make_past: true,
      })
    ).body;
    await run('2026-12-31T12:00:00Z');
    const dates = (await invoicesOf(api))
      .slice(1)
      .map((i) => i.issue_date)
      .sort();
    expect(dates).toEqual(['2026-05-01', '2026-05-01', '2026-05-08', '2026-05-15', '2026-08-01']);
    expect((await api.get(`/recurring-invoices/${weekly.id}`)).body).toMatchObject({ status: 'finished', next_date: null, generated: 3 });
    expect((await api.get(`/recurring-invoices/${quarterly.id}`)).body).toMatchObject({ status: 'finished', next_date: null, generated: 2 });
    // Moving the end date later starts it again.
    const again = await api.patch(`/recurring-invoices/${quarterly.id}`, { end_date: '2027-02-01', make_past: true });
    expect(again.body).toMatchObject({ status: 'active', next_date: '2026-11-01' });
  });

  it('pauses, resumes and edits; no invoice while paused', async () => {
    const { api, invoice } = await ownerWithInvoice();
    const id = (await api.post('/recurring-invoices', { invoice_id: invoice.id, frequency: 'monthly', start_date: '2027-01-15' })).body.id;
    expect((await api.patch(`/recurring-invoices/${id}`, { status: 'paused' })).body.status).toBe('paused');
    await run('2027-01-20T12:00:00Z');
    expect(await invoicesOf(api)).toHaveLength(1);
    const edited = await api.patch(`/recurring-invoices/${id}`, { status: 'active', frequency: 'yearly', send_mode: 'send' });
    expect(edited.body).toMatchObject({ status: 'active', frequency: 'yearly', next_date: '2027-01-15', send_mode: 'send' });
    await run('2027-01-20T12:00:00Z');
    expect((await invoicesOf(api)).map((i) => i.issue_date)).toEqual(['2026-01-10', '2027-01-15']);
    expect((await api.get(`/recurring-invoices/${id}`)).body.next_date).toBe('2028-01-15');
    // Once started, the start date stays; a bad end date is a 400 with the field named.
    expect((await api.patch(`/recurring-invoices/${id}`, { start_date: '2027-02-01' })).status).toBe(409);
    const bad = await api.patch(`/recurring-invoices/${id}`, { end_date: '2027-02-30' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty('end_date');
    // Stopping keeps the invoices made.
    expect((await api.del(`/recurring-invoices/${id}`)).status).toBe(200);
    expect(await invoicesOf(api)).toHaveLength(2);
    expect((await api.get(`/recurring-invoices/${id}`)).status).toBe(404);
  });

  it('sends automatically when asked: marked sent and e-mailed with its PDF to the client', async () => {
    const email = `client.${randomUUID().slice(0, 8)}@example.com`;
    const { api, invoice } = await ownerWithInvoice({}, { email });
    await api.post('/recurring-invoices', { invoice_id: invoice.id, frequency: 'monthly', start_date: '2027-03-01', count: 1, send_mode: 'send' });
    await run('2027-03-01T08:00:00Z');
    await run('2027-03-01T08:05:00Z');
    const made = (await invoicesOf(api))[1];
    expect(made.status).toBe('sent');
    expect(made.sent_at).toBeTruthy();
    const mail = (await app.inject({ method: 'GET', url: `/api/dev/mailbox?to=${encodeURIComponent(email)}` })).json().messages;
    expect(mail).toHaveLength(1);
    expect(mail[0].subject).toBe(`Invoice ${made.number} from Ada Stores`);
  });

  it("starts each day in the business's time zone", async () => {
    const nairobi = await ownerWithInvoice();
    const lagos = await ownerWithInvoice();
    await nairobi.api.post('/recurring-invoices', {
      invoice_id: nairobi.invoice.id,
      frequency: 'monthly',
      start_date: '2027-06-01',
      time_zone: 'Africa/Nairobi',
      count: 1,
    });
    await lagos.api.post('/recurring-invoices', {
      invoice_id: lagos.invoice.id,
      frequency: 'monthly',
      start_date: '2027-06-01',
      time_zone: 'Africa/Lagos',
      count: 1,
    });
    await run('2027-05-31T22:30:00Z'); // 01:30 in Nairobi, 23:30 in Lagos
    expect(await invoicesOf(nairobi.api)).toHaveLength(2);
    expect(await invoicesOf(lagos.api)).toHaveLength(1);
    await run('2027-05-31T23:30:00Z');
    expect(await invoicesOf(lagos.api)).toHaveLength(2);
  });

  it('refuses bad input with the field named, and quotes', async () => {
    const { api, invoice, contactId } = await ownerWithInvoice();
    const bad = await api.post('/recurring-invoices', {
      invoice_id: invoice.id,
      frequency: 'fortnightly',
      start_date: '2026-13-01',
      time_zone: 'Nowhere/City',
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields)).toEqual(expect.arrayContaining(['frequency', 'start_date', 'time_zone']));
    const quote = await api.post('/invoices', invoiceBody(contactId, { kind: 'quote' }));
    expect((await api.post('/recurring-invoices', { invoice_id: quote.body.id, frequency: 'monthly', start_date: '2026-12-01' })).status).toBe(422);
    expect((await api.post('/recurring-invoices', { invoice_id: randomUUID(), frequency: 'monthly', start_date: '2026-12-01' })).status).toBe(404);
  });

  it("one owner never sees or changes another's schedules or makes one from another's invoice", async () => {
    const a = await ownerWithInvoice();
    const b = await ownerWithInvoice();
    const id = (await a.api.post('/recurring-invoices', { invoice_id: a.invoice.id, frequency: 'monthly', start_date: '2028-01-01' })).body.id;
    expect((await b.api.get(`/recurring-invoices/${id}`)).status).toBe(404);
    expect((await b.api.patch(`/recurring-invoices/${id}`, { status: 'paused' })).status).toBe(404);
    expect((await b.api.del(`/recurring-invoices/${id}`)).status).toBe(404);
    expect((await b.api.get(`/recurring-invoices/${id}/occurrences`)).status).toBe(404);
    expect((await b.api.get('/recurring-invoices')).body.records).toEqual([]);
    expect((await b.api.post('/recurring-invoices', { invoice_id: a.invoice.id, frequency: 'monthly', start_date: '2028-01-01' })).status).toBe(404);
    expect((await a.api.get(`/recurring-invoices/${id}`)).body.status).toBe('active');
  });

  it('the development clock route moves time and runs the job', async () => {
    const { api, invoice } = await ownerWithInvoice();
    await api.post('/recurring-invoices', { invoice_id: invoice.id, frequency: 'monthly', start_date: '2029-02-01', count: 1 });
    const moved = await app.inject({ method: 'POST', url: '/api/dev/clock', payload: { now: '2029-02-01T10:00:00Z' } });
    expect(moved.json().ran).toContain('recurring-due');
    expect(Date.parse(moved.json().now)).toBeGreaterThanOrEqual(Date.parse('2029-02-01T10:00:00Z'));
    expect(await invoicesOf(api)).toHaveLength(2);
    clockOf(ctx).set(null);
    expect(Math.abs(clockOf(ctx).now().getTime() - Date.now())).toBeLessThan(1000);
  });
});

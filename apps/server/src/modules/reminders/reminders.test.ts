import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { contacts } from '../../db/schema';
import { type AtServer, startAtServer } from '../../test/at-server';
import { givePaidPlan, openTestApp, signUp } from '../../test/harness';
import { invoiceBody, payOnDevice, withContact } from '../invoices/test-utils';
import { runDueReminders } from './service';

const at: AtServer = await startAtServer({ username: 'duka', apiKey: 'atsk_test_key' });
const { app, ctx } = await openTestApp({ devMailbox: true, atUsername: 'duka', atApiKey: 'atsk_test_key', atApiBase: at.base });
afterAll(() => at.close());

const RULE = { enabled: true, before_days: 3, on_due: true, overdue_every_days: 7, overdue_limit: 2, channels: ['email', 'sms'] };
const run = (iso: string) => runDueReminders(ctx, new Date(iso));

async function owner(paid = true, country = 'Kenya') {
  const user = await signUp(app, { country, language: 'en' });
  // A paid plan as the plans module records it (a yearly plan paid up to 2032).
  if (paid) {
    await givePaidPlan(ctx, user.userId);
  }
  const email = `c.${randomUUID().slice(0, 8)}@example.com`;
  const phone = `+2547${String(Math.floor(Math.random() * 1e8)).padStart(8, '1')}`.replace(/000$/, '111'); // the local Africa's Talking server refuses …000 (its invalid-number case)
  const { api: base, contactId } = await withContact(app, user, { name: 'Baraka Hotel', email, phone });
  const put = async (url: string, payload: unknown) => {
    const res = await app.inject({ method: 'PUT', url: `/api${url}`, headers: user.auth, payload: payload as object });
    return { status: res.statusCode, body: res.json() };
  };
  const api = { ...base, put };
  const inv = (await api.post('/invoices', invoiceBody(contactId, { currency: 'KES', issue_date: '2030-03-01', due_date: '2030-03-15' }))).body;
  await api.post(`/invoices/${inv.id}/send`, {});
  return { user, api, inv, email, phone };
}
const mails = async (to: string) =>
  (await app.inject({ method: 'GET', url: `/api/dev/mailbox?to=${encodeURIComponent(to)}` })).json().messages as Array<{ subject: string; text: string }>;
const smsTo = (phone: string) => at.received.filter((m) => m.to === phone);

describe('reminders', () => {
  it('owner defaults: before, on and after the due date, by e-mail and SMS, each once; listed on the invoice', async () => {
    const o = await owner();
    expect((await o.api.put('/reminders/settings', RULE)).body).toEqual(RULE);
    await run('2030-03-11T08:00:00Z'); // 4 days before: nothing
    expect(await mails(o.email)).toHaveLength(0);
    await run('2030-03-12T08:00:00Z');
    await run('2030-03-12T09:00:00Z'); // again the same day: nothing more
    expect(await mails(o.email)).toHaveLength(1);
    expect(smsTo(o.phone)).toHaveLength(1);
    const text = smsTo(o.phone)[0].message;
    expect(text).toContain(`invoice ${o.inv.number}`);
    expect(text).toContain(`/invoice/link/${o.inv.public_id}`);
    expect(text).toContain(`/api/invoices/public/${o.inv.public_id}/reminders/stop`);
    await run('2030-03-15T08:00:00Z');
    await run('2030-03-23T08:00:00Z');
    expect(smsTo(o.phone)).toHaveLength(3);
    const view = (await o.api.get(`/invoices/${o.inv.id}/reminders`)).body;
    expect(view.log.map((l: { kind: string; channel: string; state: string }) => `${l.kind}/${l.channel}/${l.state}`).sort()).toEqual([
      'before/email/sent',
      'before/sms/sent',
      'due/email/sent',
      'due/sms/sent',
      'overdue/email/sent',
      'overdue/sms/sent',
    ]);
    expect(view.automatic).toBe(true);
  });

  it("counts days in the business's time zone (Nairobi, UTC+3), not in UTC", async () => {
    const o = await owner();
    expect((await o.api.put('/reminders/settings', { ...RULE, on_due: false, overdue_limit: 1 })).status).toBe(200);
    await run('2030-03-11T20:30:00Z'); // 23:30 on the 11th in Nairobi: the 'before' day (12th) has not begun
    expect(smsTo(o.phone)).toHaveLength(0);
    await run('2030-03-11T21:30:00Z'); // 00:30 on the 12th in Nairobi, still the 11th in UTC
    expect(smsTo(o.phone)).toHaveLength(1);
    const view = (await o.api.get(`/invoices/${o.inv.id}/reminders`)).body;
    expect(view.log.map((l: { scheduled_for: string }) => l.scheduled_for)).toContain('2030-03-12');
  });

  it('never after paid or void; the stop link ends them; no paid plan, no automatic sending', async () => {
    const paid = await owner();
    await paid.api.put('/reminders/settings', RULE);
    await payOnDevice({ ctx, userId: paid.user.userId }, paid.api, paid.inv.id, { amount: paid.inv.total_due, date: '2030-03-10' });
    const voided = await owner();
    await voided.api.put('/reminders/settings', RULE);
    await voided.api.post(`/invoices/${voided.inv.id}/void`, {});
    const stopped = await owner();
    await stopped.api.put('/reminders/settings', RULE);
    // GET (what a mail scanner or link preview does) only shows the page with its button: nothing stops.
    const stopUrl = `/api/invoices/public/${stopped.inv.public_id}/reminders/stop`;
    const ask = await app.inject({ method: 'GET', url: stopUrl });
    expect(ask.statusCode).toBe(200);
    expect(ask.body).toContain('<form method="post">');
    expect(ask.body).toContain(`invoice ${stopped.inv.number} from Ada Stores`);
    expect((await stopped.api.get(`/invoices/${stopped.inv.id}/reminders`)).body.stopped).toBeNull();
    // The button posts the form (an empty urlencoded body): that stops them.
    const stop = await app.inject({
      method: 'POST',
      url: stopUrl,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(stop.statusCode).toBe(200);
    expect(stop.body).toContain('You will get no more reminders about this invoice.');
    const free = await owner(false);
    await free.api.put('/reminders/settings', RULE);
    await run('2030-03-16T08:00:00Z');
    for (const o of [paid, voided, stopped, free]) {
      expect(await mails(o.email)).toHaveLength(0);
      expect(smsTo(o.phone)).toHaveLength(0);
    }
    expect((await free.api.get(`/invoices/${free.inv.id}/reminders`)).body).toMatchObject({ automatic: false, stopped: null });
    expect((await stopped.api.get(`/invoices/${stopped.inv.id}/reminders`)).body.stopped.by).toBe('customer');
    // A one-tap reminder from the owner works on any plan, and is logged.
    const now = await free.api.post(`/invoices/${free.inv.id}/reminders/send`, { channel: 'sms' });
    expect(now.status).toBe(200);
    expect(now.body.log[0]).toMatchObject({ kind: 'manual', channel: 'sms', state: 'sent', to: free.phone });
    expect((await paid.api.post(`/invoices/${paid.inv.id}/reminders/send`, { channel: 'email' })).status).toBe(409);
  });

  it('per invoice: its own rule or off; a failed SMS is logged with the reason', async () => {
    const o = await owner();
    await o.api.put('/reminders/settings', RULE);
    const own = await o.api.put(`/invoices/${o.inv.id}/reminders`, {
      rule: { ...RULE, before_days: null, on_due: false, overdue_every_days: 1, overdue_limit: 1, channels: ['sms'] },
    });
    expect(own.body.upcoming).toEqual([{ kind: 'overdue', date: '2030-03-16', channels: ['sms'] }]);
    await run('2030-03-15T08:00:00Z');
    expect(smsTo(o.phone)).toHaveLength(0);
    await run('2030-03-16T08:00:00Z');
    expect(smsTo(o.phone)).toHaveLength(1);
    expect(await mails(o.email)).toHaveLength(0);

    const off = await owner();
    await off.api.put('/reminders/settings', RULE);
    await off.api.put(`/invoices/${off.inv.id}/reminders`, { stopped: true });
    await run('2030-03-15T08:00:00Z');
    expect(await mails(off.email)).toHaveLength(0);

    const bad = await owner();
    await bad.api.put('/reminders/settings', { ...RULE, channels: ['sms'] });
    await bad.api.patch(`/contacts/${bad.inv.contact_id}`, { phone: '+254712345000' });
    await run('2030-03-15T08:00:00Z');
    const view = (await bad.api.get(`/invoices/${bad.inv.id}/reminders`)).body;
    expect(view.log[0]).toMatchObject({ state: 'failed', error: 'SMS not sent: InvalidPhoneNumber' });
  });

  it("sends to numbers kept in national form, read with the client's or the business's country", async () => {
    const digits = () => String(Math.floor(Math.random() * 1e7)).padStart(7, '3');
    // Kenyan business, client without a country, number stored as typed (an older record): 07… → +2547….
    const ke = await owner();
    await ke.api.put('/reminders/settings', { ...RULE, channels: ['sms'] });
    const keLocal = `0712${digits().slice(0, 6)}`;
    await ctx.db.update(contacts).set({ phone: keLocal, country: '' }).where(eq(contacts.id, ke.inv.contact_id));
    await run('2030-03-12T08:00:00Z');
    const keE164 = `+254${keLocal.slice(1)}`;
    expect(smsTo(keE164)).toHaveLength(1);
    expect((await ke.api.get(`/invoices/${ke.inv.id}/reminders`)).body).toMatchObject({ phone: keE164, log: [{ state: 'sent', to: keE164 }] });

    // Kenyan business, Nigerian client: 080… is read as Nigerian → +23480….
    const ng = await owner(false);
    const ngLocal = `0803${digits()}`;
    await ctx.db.update(contacts).set({ phone: ngLocal, country: 'Nigeria' }).where(eq(contacts.id, ng.inv.contact_id));
    const sent = await ng.api.post(`/invoices/${ng.inv.id}/reminders/send`, { channel: 'sms' });
    expect(sent.status).toBe(200);
    expect(smsTo(`+234${ngLocal.slice(1)}`)).toHaveLength(1);

    // A number that cannot be read is refused with a reason, and nothing is sent.
    await ctx.db.update(contacts).set({ phone: '0712', country: '' }).where(eq(contacts.id, ng.inv.contact_id));
    const refused = await ng.api.post(`/invoices/${ng.inv.id}/reminders/send`, { channel: 'sms' });
    expect(refused.status).toBe(422);
    expect(refused.body.error.message).toContain('Correct it on the client first.');
  });

  it('bad settings are a 400 naming the field; one owner never reads or changes another’s', async () => {
    const a = await owner();
    const b = await owner();
    const bad = await a.api.put('/reminders/settings', { ...RULE, overdue_limit: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty('overdue_limit');
    expect((await b.api.get(`/invoices/${a.inv.id}/reminders`)).status).toBe(404);
    expect((await b.api.put(`/invoices/${a.inv.id}/reminders`, { stopped: true })).status).toBe(404);
    expect((await b.api.post(`/invoices/${a.inv.id}/reminders/send`, { channel: 'email' })).status).toBe(404);
    expect((await b.api.get('/reminders/settings')).body.enabled).toBe(false);
  });
});

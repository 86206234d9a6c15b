import { randomUUID } from 'node:crypto';
import { addDays, businessToday } from '@duka/core';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { paymentIntents, recurringInvoices, subscriptions } from './db/schema';
import { OUTBOUND_QUOTA } from './lib/outbound-quota';
import { invoiceBody, withContact } from './modules/invoices/test-utils';
import { runRecurringJob } from './modules/recurring/test-utils';
import { runDueReminders } from './modules/reminders/test-utils';
import { type AtServer, startAtServer } from './test/at-server';
import { startDarajaServer } from './test/daraja-server';
import { openTestApp, randomIp, signUp, type SignedUp } from './test/harness';
import { startLocalSmtp } from './test/smtp-server';

/**
 * Issue 22 item 2 against the real app with RATE_LIMITS on: every e-mail goes to a local SMTP server, every SMS
 * to a local Africa's Talking server, M-Pesa prompts to a local Daraja; the test counts what actually reached them.
 */
const smtp = await startLocalSmtp();
const at: AtServer = await startAtServer({ username: 'duka', apiKey: 'atsk_test_key' });
const creds = {
  consumerKey: 'ck_duka',
  consumerSecret: 'cs_duka',
  shortcode: '174379',
  passkey: 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919',
};
const daraja = await startDarajaServer(creds);
const { app, ctx } = await openTestApp({
  rateLimits: true,
  smtpUrl: smtp.url,
  atUsername: 'duka',
  atApiKey: 'atsk_test_key',
  atApiBase: at.base,
  mpesa: creds,
  mpesaApiBase: daraja.base,
});
afterAll(async () => {
  await smtp.close();
  await at.close();
  await daraja.close();
});

const Q = OUTBOUND_QUOTA;
const mailsTo = (to: string) => smtp.received.filter((m) => m.to.includes(to)).length;
const smsTo = (phone: string) => at.received.filter((m) => m.to === phone).length;
const uniquePhone = () => `+2547${String(Math.floor(Math.random() * 1e8)).padStart(8, '1')}`.replace(/000$/, '111');

async function owner(paid = false): Promise<SignedUp> {
  const user = await signUp(app, { country: 'Kenya', language: 'en' }, { remoteAddress: randomIp() });
  if (paid)
    await ctx.db.insert(subscriptions).values({
      userId: user.userId,
      plan: 'ke-yearly',
      status: 'active',
      provider: 'test',
      currentPeriodEnd: new Date(Date.now() + 365 * 86_400_000),
      amount: 1_000_000,
      currency: 'KES',
      months: 12,
      lastEventAt: new Date(),
    });
  return user;
}

/** A client with its own e-mail and phone, and a sent KES invoice to them. */
async function owedInvoice(user: SignedUp, contact: Record<string, unknown> = {}, invoice: Record<string, unknown> = {}) {
  const email = `client.${randomUUID().slice(0, 8)}@example.com`;
  const phone = uniquePhone();
  const { api, contactId } = await withContact(app, user, { name: 'Baraka Hotel', email, phone, ...contact });
  const inv = await api.post('/invoices', invoiceBody(contactId, { status: 'sent', currency: 'KES', fees: [], fee_ids: [], ...invoice }));
  if (inv.status !== 201) throw new Error(JSON.stringify(inv.body));
  return { api, email, phone, inv: inv.body as { id: string; public_id: string; total_due: number } };
}

const remind = (user: SignedUp, invoiceId: string, channel: 'email' | 'sms') =>
  app.inject({ method: 'POST', url: `/api/invoices/${invoiceId}/reminders/send`, headers: user.auth, payload: { channel } });

describe('one outbound quota in the mail and SMS senders (issue 22 item 2)', () => {
  it('e-mail: per recipient per day across routes (reminders and receipts), then per account per day; refusals are a 429 saying why', async () => {
    const user = await owner();
    const first = await owedInvoice(user);
    for (let i = 0; i < Q.mail.perRecipientPerAccount; i++) expect((await remind(user, first.inv.id, 'email')).statusCode).toBe(200);
    const refused = await remind(user, first.inv.id, 'email');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json().error).toMatchObject({ code: 'rate_limited', fields: { quota: 'mail_recipient' } });
    expect(refused.json().error.message).toMatch(/This recipient has had 10 e-mails today.*Try again in \d+ hours?\./);
    // Another route, the same sender: a receipt to the same client is refused too.
    const p = randomUUID();
    await first.api.post(`/invoices/${first.inv.id}/payments`, { id: p, amount: 10_000, method: 'cash', date: '2026-11-23' });
    const receipt = await app.inject({ method: 'POST', url: `/api/invoices/${first.inv.id}/receipts/${p}/email`, headers: user.auth, payload: {} });
    expect(receipt.statusCode).toBe(429);
    expect(mailsTo(first.email)).toBe(Q.mail.perRecipientPerAccount);

    // The free plan's daily e-mails, spread over other clients; the next one is refused whoever it goes to.
    let sent = Q.mail.perRecipientPerAccount;
    while (sent < Q.mail.freePerDay) {
      const next = await owedInvoice(user);
      for (let i = 0; i < Q.mail.perRecipientPerAccount && sent < Q.mail.freePerDay; i++, sent++)
        expect((await remind(user, next.inv.id, 'email')).statusCode).toBe(200);
    }
    const fresh = await owedInvoice(user);
    const over = await remind(user, fresh.inv.id, 'email');
    expect(over.statusCode).toBe(429);
    expect(over.json().error.fields).toEqual({ quota: 'mail_account', retry_after: expect.stringMatching(/^[0-9]+$/) });
    expect(over.json().error.message).toContain(`Your account has sent ${Q.mail.freePerDay} e-mails today`);
    expect(mailsTo(fresh.email)).toBe(0);
    // The invoice e-mail route goes through the same sender.
    expect((await app.inject({ method: 'POST', url: `/api/invoices/${fresh.inv.id}/email`, headers: user.auth, payload: {} })).statusCode).toBe(429);
    // What reached the SMTP server from this account: exactly the quota.
    const ours = smtp.received.filter((m) => m.raw.includes('Baraka Hotel')).length;
    expect(ours).toBe(Q.mail.freePerDay);
  });

  it('SMS: per number per day, then per account per day by plan (free 10); a paid plan sends more', async () => {
    const free = await owner();
    const clients = [];
    for (let i = 0; i < 4; i++) clients.push(await owedInvoice(free));
    for (let i = 0; i < Q.sms.perRecipientPerAccount; i++) expect((await remind(free, clients[0].inv.id, 'sms')).statusCode).toBe(200);
    const sameNumber = await remind(free, clients[0].inv.id, 'sms');
    expect(sameNumber.statusCode).toBe(429);
    expect(sameNumber.json().error.fields).toEqual({ quota: 'sms_recipient', retry_after: expect.stringMatching(/^[0-9]+$/) });
    let sent = Q.sms.perRecipientPerAccount;
    for (const c of clients.slice(1))
      for (let i = 0; i < Q.sms.perRecipientPerAccount && sent < Q.sms.freePerDay; i++, sent++)
        expect((await remind(free, c.inv.id, 'sms')).statusCode).toBe(200);
    const extra = await owedInvoice(free);
    const over = await remind(free, extra.inv.id, 'sms');
    expect(over.statusCode).toBe(429);
    expect(over.json().error.fields).toEqual({ quota: 'sms_account', retry_after: expect.stringMatching(/^[0-9]+$/) });
    expect(over.json().error.message).toContain('choose a paid plan to send more');
    expect(clients.reduce((n, c) => n + smsTo(c.phone), 0) + smsTo(extra.phone)).toBe(Q.sms.freePerDay);
    // The refusal is in the invoice's reminder log, in words.
    const log = (await app.inject({ method: 'GET', url: `/api/invoices/${extra.inv.id}/reminders`, headers: free.auth })).json().log;
    expect(log[0]).toMatchObject({ channel: 'sms', state: 'failed', error: expect.stringContaining('Your account has sent') });

    const paid = await owner(true);
    let paidSent = 0;
    for (let c = 0; c < 4; c++) {
      const inv = await owedInvoice(paid);
      for (let i = 0; i < Q.sms.perRecipientPerAccount; i++, paidSent++) expect((await remind(paid, inv.inv.id, 'sms')).statusCode).toBe(200);
    }
    expect(paidSent).toBeGreaterThan(Q.sms.freePerDay);
  });

  it('the automatic reminders job is held to the same quota: what is over is logged as failed, never sent', async () => {
    const user = await owner(true);
    const c = await owedInvoice(user);
    for (let i = 0; i < Q.sms.perRecipientPerAccount; i++) expect((await remind(user, c.inv.id, 'sms')).statusCode).toBe(200);
    const put = await app.inject({
      method: 'PUT',
      url: `/api/invoices/${c.inv.id}/reminders`,
      headers: user.auth,
      payload: { rule: { enabled: true, before_days: null, on_due: true, overdue_every_days: null, overdue_limit: 1, channels: ['sms'] } },
    });
    expect(put.statusCode).toBe(200);
    const due = (await app.inject({ method: 'GET', url: `/api/invoices/${c.inv.id}`, headers: user.auth })).json().due_date as string;
    const counts = await runDueReminders(ctx, new Date(`${due}T09:00:00Z`));
    expect(counts.failed).toBeGreaterThanOrEqual(1);
    expect(smsTo(c.phone)).toBe(Q.sms.perRecipientPerAccount);
  });

  it('recurring: a start in 2000 or earlier, or over a year back, is refused; past-dated occurrences are drafts never e-mailed; count and schedules capped', async () => {
    const user = await owner();
    // Days in the business's time zone (Kenya): after 21:00 UTC it is already tomorrow there.
    const today = businessToday(new Date(), 'Africa/Nairobi');
    const start = addDays(today, -28);
    // The source invoice stands for the occurrence on its own date: it is dated off the weekly series so that all five
    // occurrences are made whatever day the test runs (a fixed 2026-11-22 fell on the series on some days).
    const c = await owedInvoice(user, {}, { issue_date: addDays(start, -3), due_date: addDays(start, 11) });
    const post = (body: Record<string, unknown>) => c.api.post('/recurring-invoices', { invoice_id: c.inv.id, frequency: 'weekly', ...body });
    for (const start of ['1900-01-01', '1999-12-31', '2000-01-03']) {
      const res = await post({ start_date: start, count: 60, end_date: '2030-01-01' });
      expect(res.status, start).toBe(400);
      expect(res.body.error.fields).toHaveProperty('start_date');
    }
    expect((await post({ start_date: '2027-01-01', count: 261 })).status).toBe(400);

    // Four weeks ago, "send automatically": the four past weeks are made as drafts, only today's is e-mailed.
    const made = await post({ start_date: start, count: 5, send_mode: 'send', make_past: true });
    expect(made.status).toBe(201);
    const before = mailsTo(c.email);
    await runRecurringJob(ctx, new Date());
    await runRecurringJob(ctx, new Date(Date.now() + 60_000)); // the next tick sends nothing late
    expect(mailsTo(c.email) - before).toBe(1);
    const occ = (await c.api.get(`/recurring-invoices/${made.body.id}/occurrences`)).body.occurrences as Array<{
      date: string;
      state: string;
      error: string | null;
    }>;
    expect(occ).toHaveLength(5);
    for (const o of occ)
      if (o.date < today) expect(o).toMatchObject({ state: 'created', error: expect.stringContaining('Kept as a draft') });
      else expect(o.state).toBe('sent');
    const drafts = (await c.api.get('/invoices?limit=100')).body.records.filter((i: { status: string }) => i.status === 'draft');
    expect(drafts).toHaveLength(4);

    // At most 200 running schedules per account: 199 made (one through the API, copied in the database), the 200th
    // through the API is accepted, the 201st refused; a finished one does not count.
    const other = await owner();
    const [a, b, d] = [await owedInvoice(other), await owedInvoice(other), await owedInvoice(other)];
    const one = await a.api.post('/recurring-invoices', { invoice_id: a.inv.id, frequency: 'monthly', start_date: '2027-06-01' });
    expect(one.status).toBe(201);
    const [row] = await ctx.db.select().from(recurringInvoices).where(eq(recurringInvoices.id, one.body.id));
    await ctx.db.insert(recurringInvoices).values(Array.from({ length: 198 }, () => ({ ...row, id: randomUUID() })));
    expect((await b.api.post('/recurring-invoices', { invoice_id: b.inv.id, frequency: 'monthly', start_date: '2027-06-01' })).status).toBe(201);
    const refusedCap = await d.api.post('/recurring-invoices', { invoice_id: d.inv.id, frequency: 'monthly', start_date: '2027-06-01' });
    expect(refusedCap.status).toBe(409);
    expect(refusedCap.body.error.message).toContain('200 recurring invoices running');
    await ctx.db.update(recurringInvoices).set({ status: 'finished' }).where(eq(recurringInvoices.id, one.body.id));
    expect((await d.api.post('/recurring-invoices', { invoice_id: d.inv.id, frequency: 'monthly', start_date: '2027-06-01' })).status).toBe(201);
  });

  it('M-Pesa prompts from a public link: limited per invoice and per phone number, counted at Daraja', async () => {
    const user = await owner();
    const { inv } = await owedInvoice(user);
    // Each prompt is declined before the next: one prompt may wait per invoice (issue 25), the quotas count them all.
    const prompt = async (publicId: string, phone: string) => {
      const res = await app.inject({ method: 'POST', url: `/api/invoices/link/${publicId}/mpesa`, payload: { phone }, remoteAddress: randomIp() });
      await ctx.db.update(paymentIntents).set({ status: 'failed' }).where(eq(paymentIntents.invoiceId, inv.id));
      return res;
    };
    const before = daraja.pushes.length;
    // Numbers of this run only (on PostgreSQL the counters outlive a run).
    const base = `0712 ${String(Math.floor(Math.random() * 9000) + 1000)}`;
    const phone = `${base}01`;
    // Per phone: 3 prompts to one number in 15 minutes.
    for (let i = 0; i < 3; i++) expect((await prompt(inv.public_id, phone)).statusCode).toBe(200);
    const phoneRefused = await prompt(inv.public_id, phone);
    expect(phoneRefused.statusCode).toBe(429);
    expect(phoneRefused.json().error.fields).toEqual({ quota: 'mpesa_phone', retry_after: expect.stringMatching(/^[0-9]+$/) });
    expect(phoneRefused.json().error.message).toMatch(/This phone number has had 3 M-Pesa payment prompts recently/);
    // Per invoice: 5 prompts in 15 minutes, whatever the numbers and addresses.
    for (let i = 0; i < 2; i++) expect((await prompt(inv.public_id, `${base}1${i}`)).statusCode).toBe(200);
    const invoiceRefused = await prompt(inv.public_id, `${base}99`);
    expect(invoiceRefused.statusCode).toBe(429);
    expect(invoiceRefused.json().error.fields).toEqual({ quota: 'mpesa_invoice', retry_after: expect.stringMatching(/^[0-9]+$/) });
    expect(daraja.pushes.length - before).toBe(5);
  });
});

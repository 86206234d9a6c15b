import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { type AtServer, startAtServer } from '../../test/at-server';
import { givePaidPlan, openTestApp, signUp } from '../../test/harness';
import { payOnDevice, withContact } from '../invoices/test-utils';
import { runDueReminders } from './service';

/**
 * Issue 22/25: an invoice paid only by a test card (TEST MODE, no money) is still owed in the books, but its TEST
 * journey is settled, so it is not reminded (as its pay page offers nothing more). Issue 23: reminder e-mails, SMS and WhatsApp texts show minor units exactly
 * when the invoice's PDF does (once any amount of it has them), in the client's language; XAF has none.
 */
const at: AtServer = await startAtServer({ username: 'duka', apiKey: 'atsk_test_key' });
const { app, ctx } = await openTestApp({ devMailbox: true, atUsername: 'duka', atApiKey: 'atsk_test_key', atApiBase: at.base });
afterAll(() => at.close());

const RULE = { enabled: true, before_days: null, on_due: true, overdue_every_days: null, overdue_limit: 1, channels: ['email', 'sms'] };
const CARD = { card_number: '4242 4242 4242 4242', exp: '12/34', cvc: '123', name: 'Baraka Hotel' };
const line = (unit_price: number, quantity = 1) => ({ id: randomUUID(), description: 'Room', quantity, unit_price, fee_ids: [] });

async function owner(opts: { currency: string; lines: unknown[]; language?: string; country?: string }) {
  const user = await signUp(app, { country: opts.country ?? 'Kenya', language: 'en' });
  await givePaidPlan(ctx, user.userId);
  const email = `c.${randomUUID().slice(0, 8)}@example.com`;
  // A Safaricom number (0712 …): not every random +2547… is a valid Kenyan mobile, and an invalid one is skipped.
  const phone = `+254712${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`.replace(/000$/, '111'); // the local Africa's Talking server refuses …000 (its invalid-number case)
  const { api, contactId } = await withContact(app, user, { name: 'Baraka Hotel', email, phone, ...(opts.language ? { language: opts.language } : {}) });
  expect((await app.inject({ method: 'PUT', url: '/api/reminders/settings', headers: user.auth, payload: RULE })).statusCode).toBe(200);
  const created = await api.post('/invoices', {
    contact_id: contactId,
    issue_date: '2030-03-01',
    due_date: '2030-03-15',
    currency: opts.currency,
    lines: opts.lines,
    fees: [],
    fee_ids: [],
  });
  expect(created.status).toBe(201);
  const inv = created.body;
  expect((await api.post(`/invoices/${inv.id}/send`, {})).status).toBe(200);
  return { user, api, inv, email, phone };
}
/** The reminder e-mails one address received (the test card's receipt goes there too). */
const mails = async (to: string) =>
  (
    (await app.inject({ method: 'GET', url: `/api/dev/mailbox?to=${encodeURIComponent(to)}` })).json().messages as Array<{ subject: string; text: string }>
  ).filter((m) => /^(Reminder|Rappel|Kikumbusho)/.test(m.subject));
const smsTo = (phone: string) => at.received.filter((m) => m.to === phone).map((m) => m.message);
const nbsp = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('reminders: real money and minor units', () => {
  it('an invoice paid only by a test card is still owed: TEST MODE never stops the reminders (t18 X2)', async () => {
    const o = await owner({ currency: 'KES', lines: [line(400_000)] });
    const secret = (await app.inject({ method: 'GET', url: `/api/test-pay/client-secrete/${o.inv.public_id}` })).json();
    expect((await app.inject({ method: 'POST', url: '/api/test-pay/confirm', payload: { client_secret: secret.client_secret, ...CARD } })).statusCode).toBe(
      200,
    );
    const paid = (await o.api.get(`/invoices/${o.inv.id}`)).body;
    expect(paid.payments).toEqual([expect.objectContaining({ test: true, amount: 400_000 })]);
    // A test payment is no money (issue 22), and its TEST journey is over (issue 25)…
    expect(paid).toMatchObject({ status: 'sent', balance: 400_000, test_balance: 0, test_settled: true });

    // …but anyone holding the link can make one: the real debt is still reminded, for the real balance.
    const view = (await o.api.get(`/invoices/${o.inv.id}/reminders`)).body;
    expect(view).toMatchObject({ open: true, upcoming: [expect.objectContaining({ kind: 'due' })] });
    await runDueReminders(ctx, new Date('2030-03-15T08:00:00Z'));
    expect((await mails(o.email)).map((m) => m.text)).toEqual([expect.stringContaining('KSh4,000')]);
    expect((await o.api.post(`/invoices/${o.inv.id}/reminders/send`, { channel: 'email' })).status).toBe(200);
    // Its page offers no more TEST payment and still shows the real balance, tagged Paid (TEST).
    const page = (await app.inject({ method: 'GET', url: `/api/invoices/public/${o.inv.public_id}` })).json();
    expect(page).toMatchObject({ status: 'sent', balance: 400_000, test_status: 'paid', pay_provider: null });
  });

  it('a real payment still ends them; a test payment beside a real one settles the TEST journey', async () => {
    const o = await owner({ currency: 'KES', lines: [line(400_000)] });
    await payOnDevice({ ctx, userId: o.user.userId }, o.api, o.inv.id, { amount: 150_000, date: '2030-03-02' });
    const secret = (await app.inject({ method: 'GET', url: `/api/test-pay/client-secrete/${o.inv.public_id}` })).json();
    expect((await app.inject({ method: 'POST', url: '/api/test-pay/confirm', payload: { client_secret: secret.client_secret, ...CARD } })).statusCode).toBe(
      200,
    );
    // The real cash stays counted; the test card took the rest: the TEST journey is settled, the real 2,500 still reminded (t18 X2).
    expect((await o.api.get(`/invoices/${o.inv.id}`)).body).toMatchObject({ status: 'partially_paid', balance: 250_000, test_settled: true });
    await runDueReminders(ctx, new Date('2030-03-15T08:00:00Z'));
    expect((await mails(o.email)).map((m) => m.text)).toEqual([expect.stringContaining('(KSh2,500)')]);

    // A real part payment alone: reminded for the rest.
    const part = await owner({ currency: 'KES', lines: [line(400_000)] });
    await payOnDevice({ ctx, userId: part.user.userId }, part.api, part.inv.id, { amount: 150_000, date: '2030-03-02' });
    await runDueReminders(ctx, new Date('2030-03-15T08:00:00Z'));
    expect((await mails(part.email)).map((m) => m.text)).toEqual([expect.stringContaining('(KSh2,500)')]);

    const settled = await owner({ currency: 'KES', lines: [line(400_000)] });
    await payOnDevice({ ctx, userId: settled.user.userId }, settled.api, settled.inv.id, { amount: 400_000, date: '2030-03-02' });
    await runDueReminders(ctx, new Date('2030-03-15T08:00:00Z'));
    expect(await mails(settled.email)).toHaveLength(0);
    expect((await settled.api.get(`/invoices/${settled.inv.id}/reminders`)).body.open).toBe(false);
    expect((await settled.api.post(`/invoices/${settled.inv.id}/reminders/send`, { channel: 'sms' })).status).toBe(409);
  });

  it.each([
    ['en', 'KSh2,000.00', 'invoice'],
    ['fr', '2 000,00 KSh', 'facture'],
    ['sw', 'KSh 2,000.00', 'ankara'],
  ])('minor units once any amount of the invoice has them (%s)', async (language, amount) => {
    // 1,000.50 + 999.50: a whole balance, but the PDF prints minor units, so the reminder does too.
    const o = await owner({ currency: 'KES', lines: [line(100_050), line(99_950)], language });
    await runDueReminders(ctx, new Date('2030-03-15T08:00:00Z'));
    const [mail] = await mails(o.email);
    expect(nbsp(mail.text)).toContain(amount);
    // The app's own minute job may have claimed this reminder first: its SMS follows the e-mail a moment later.
    await expect.poll(() => smsTo(o.phone), { timeout: 10_000 }).toEqual([expect.stringContaining(amount)]);
    expect(nbsp((await o.api.get(`/invoices/${o.inv.id}/reminders`)).body.whatsapp_text)).toContain(amount);
  });

  it.each([
    ['en', 'KSh4,000', ['KSh4,000.'], '15 Mar 30'],
    ['fr', '4 000 KSh', ['4 000,00'], '15 mars 30'],
    ['sw', 'KSh 4,000', ['KSh 4,000.'], '15 Mac 30'],
  ])('whole units when no amount has minor units, and SPEC dates (%s)', async (language, amount, absent, date) => {
    const o = await owner({ currency: 'KES', lines: [line(100_000, 4)], language });
    await runDueReminders(ctx, new Date('2030-03-15T08:00:00Z'));
    const text = nbsp((await mails(o.email))[0].text);
    expect(text).toContain(amount);
    for (const a of absent) expect(text).not.toContain(a);
    // SPEC's date format in every language (issue 23: English used to say "2030-03-15"), in the e-mail and WhatsApp.
    expect(text).toContain(date);
    expect(text).not.toContain('2030-03-15');
    expect(nbsp((await o.api.get(`/invoices/${o.inv.id}/reminders`)).body.whatsapp_text)).toContain(date);
  });

  it('XAF has no minor units: a Douala shop reminds in whole francs', async () => {
    const o = await owner({ currency: 'XAF', lines: [line(12_505)], language: 'fr', country: 'Cameroon' });
    await runDueReminders(ctx, new Date('2030-03-15T08:00:00Z'));
    const text = nbsp((await mails(o.email))[0].text);
    expect(text).toContain('12 505 FCFA');
    expect(text).not.toMatch(/12 505,/);
  });

  it('writes ₦ as the app does in the e-mail and WhatsApp text; the SMS keeps NGN, GSM-7 (t21: mails wrote NGN 26,875)', async () => {
    // Whole naira, no kobo anywhere, so none shown (the PDF's rule).
    const o = await owner({ currency: 'NGN', lines: [line(2_687_500)] });
    await runDueReminders(ctx, new Date('2030-03-15T08:00:00Z'));
    const [mail] = await mails(o.email);
    expect(mail.text).toContain('(₦26,875)');
    expect(mail.text).not.toContain('NGN');
    await expect.poll(() => smsTo(o.phone), { timeout: 10_000 }).toEqual([expect.stringContaining('(NGN 26,875)')]);
    expect(smsTo(o.phone)[0]).not.toContain('₦');
    expect((await o.api.get(`/invoices/${o.inv.id}/reminders`)).body.whatsapp_text).toContain('(₦26,875)');
  });
});

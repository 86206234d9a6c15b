import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { givePaidPlan, openTestApp, signUp } from '../../../test/harness';
import { withContact } from '../../invoices/test-utils';
import { runDueReminders } from '../../reminders/test-utils';

/**
 * Issue 25 (verify13 P2): a TEST MODE rail payment that covers the balance settles the invoice's TEST journey, and
 * every answer says the same (core testModeBalance): the rail status, the owner's invoice, its TEST receipt; while the
 * stored money fields, the reports and the reminders (t18 X2) still count real money only (issue 22).
 */
const { app, ctx } = await openTestApp({ devMailbox: true });
const inject = (method: 'GET' | 'POST', url: string, payload?: object) => app.inject({ method, url, ...(payload ? { payload } : {}) });
const RULE = { enabled: true, before_days: null, on_due: true, overdue_every_days: null, overdue_limit: 1, channels: ['email'] };

describe('settled in TEST MODE (issue 25)', () => {
  it('MTN MoMo TEST pays it all: the rail status, the invoice and the receipt leave nothing; reminders go on; reports count no money', async () => {
    const user = await signUp(app, { country: 'Uganda' });
    await givePaidPlan(ctx, user.userId);
    const email = `n.${randomUUID().slice(0, 8)}@example.com`;
    const { api, contactId } = await withContact(app, user, { name: 'Nakato Traders', email });
    expect((await app.inject({ method: 'PUT', url: '/api/reminders/settings', headers: user.auth, payload: RULE })).statusCode).toBe(200);
    const lines = [{ id: randomUUID(), description: 'Sugar 50kg', quantity: 1, unit_price: 150_000, fee_ids: [] }];
    const body = { contact_id: contactId, issue_date: '2026-11-01', due_date: '2026-11-15', currency: 'UGX', lines, fees: [], fee_ids: [] };
    const inv = (await api.post('/invoices', { ...body, status: 'sent' })).body as { id: string; public_id: string; total_due: number };
    expect(inv.total_due).toBe(150_000);

    const started = (await inject('POST', `/api/invoices/link/${inv.public_id}/rails/mtn_momo`, { phone: '0772 123 456' })).json();
    expect((await inject('POST', `/api/test-phone/${started.reference}/approve`)).statusCode).toBe(200);
    const status = (await inject('GET', `/api/invoices/link/${inv.public_id}/rails/mtn_momo/${started.reference}`)).json();
    expect(status).toMatchObject({ status: 'paid', balance: 0 });

    // The owner's answer: stored by real money (sent, nothing paid, all owed), and what the TEST journey left.
    const own = (await api.get(`/invoices/${inv.id}`)).body;
    expect(own).toMatchObject({ status: 'sent', amount_paid: 0, balance: 150_000, test_status: 'paid', test_balance: 0, test_settled: true });
    // The customer's pay page says the same beside its real balance (its TEST ways to pay are gone).
    const page = (await inject('GET', `/api/invoices/public/${inv.public_id}`)).json();
    expect(page).toMatchObject({ balance: 150_000, test_status: 'paid', test_balance: own.test_balance, rails: [] });
    const receipts = (await api.get(`/invoices/${inv.id}/receipts`)).body;
    const list = (receipts.receipts ?? receipts) as Array<{ test: boolean; balance_left: number }>;
    expect(list).toEqual([expect.objectContaining({ test: true, balance_left: own.test_balance })]);

    // Reminders go on (t18 X2): no real money came in, and anyone holding the link can make a TEST payment.
    const view = (await api.get(`/invoices/${inv.id}/reminders`)).body;
    expect(view).toMatchObject({ open: true });
    await runDueReminders(ctx, new Date('2026-11-15T08:00:00Z'));
    const mails = (await app.inject({ method: 'GET', url: `/api/dev/mailbox?to=${encodeURIComponent(email)}` })).json().messages as Array<{ subject: string }>;
    expect(mails.filter((m) => /^Reminder/.test(m.subject))).toHaveLength(1);
    expect((await api.post(`/invoices/${inv.id}/reminders/send`, { channel: 'email' })).status).toBe(200);

    // Reports: no money came in; the invoice is still outstanding.
    const report = (await api.get('/reports/summary?from=2026-11-01&to=2026-11-30&currency=UGX')).body;
    const figures = report.currencies.find((c: { currency: string }) => c.currency === 'UGX').figures;
    expect(figures).toMatchObject({ invoiced: { value: 150_000 }, collected: { value: 0 }, outstanding: { value: 150_000 } });
  });

  it('part paid in TEST MODE where every way is TEST: the page is told its ways take what TEST payments left', async () => {
    const user = await signUp(app, { country: 'Uganda' });
    const { api, contactId } = await withContact(app, user, { name: 'Auma' });
    const lines = [{ id: randomUUID(), description: 'Rice 25kg', quantity: 1, unit_price: 150_000, fee_ids: [] }];
    const body = { contact_id: contactId, issue_date: '2026-11-01', due_date: null, currency: 'UGX', lines, fees: [], fee_ids: [], part_payments: true };
    const inv = (await api.post('/invoices', { ...body, status: 'sent' })).body as { id: string; public_id: string };
    const before = (await inject('GET', `/api/invoices/public/${inv.public_id}`)).json();
    expect(before).toMatchObject({ balance: 150_000, test_balance: 150_000, pay_test_only: true, test_status: null });
    // The card form is the test provider's: the page puts TEST MODE on its button (and the thank-you page after it).
    expect(before).toMatchObject({ pay_provider: 'test-pay', pay_test_mode: true });

    const part = (await inject('POST', `/api/invoices/link/${inv.public_id}/rails/mtn_momo`, { phone: '0772 123 456', amount: 100_000 })).json();
    await inject('POST', `/api/test-phone/${part.reference}/approve`);
    expect((await inject('GET', `/api/invoices/link/${inv.public_id}/rails/mtn_momo/${part.reference}`)).json()).toMatchObject({
      status: 'paid',
      balance: 50_000,
    });
    const page = (await inject('GET', `/api/invoices/public/${inv.public_id}`)).json();
    expect(page).toMatchObject({ balance: 150_000, test_status: 'partially_paid', test_balance: 50_000, pay_test_only: true });
    // What the page's buttons ask (test_balance) is what a TEST rail takes; more is refused.
    expect((await inject('POST', `/api/invoices/link/${inv.public_id}/rails/airtel_money`, { phone: '0752 123 456', amount: 60_000 })).statusCode).toBe(400);
    const rest = (await inject('POST', `/api/invoices/link/${inv.public_id}/rails/airtel_money`, { phone: '0752 123 456' })).json();
    expect(rest.amount).toBe(page.test_balance);
  });

  it('an invoice with no TEST payment answers its own balance', async () => {
    const user = await signUp(app, { country: 'Uganda' });
    const { api, contactId } = await withContact(app, user, { name: 'Okello' });
    const lines = [{ id: randomUUID(), description: 'Salt', quantity: 2, unit_price: 10_000, fee_ids: [] }];
    const inv = (
      await api.post('/invoices', {
        contact_id: contactId,
        issue_date: '2030-03-01',
        due_date: null,
        currency: 'UGX',
        lines,
        fees: [],
        fee_ids: [],
        status: 'sent',
      })
    ).body;
    expect((await api.get(`/invoices/${inv.id}`)).body).toMatchObject({ balance: 20_000, test_status: null, test_balance: 20_000, test_settled: false });
    expect((await inject('GET', `/api/invoices/public/${inv.public_id}`)).json()).toMatchObject({ balance: 20_000, test_status: null, test_balance: 20_000 });
  });
});

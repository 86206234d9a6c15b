import { debtorsOf, type LedgerInvoice, paymentsTable, reportFromRecords } from '@duka/core';
import { describe, expect, it } from 'vitest';
import { openTestApp, signUp, type TestApp } from '../../test/harness';
import { invoiceBody, withContact } from '../invoices/test-utils';

/**
 * Issue 22 item 3: with a real provider configured (Stripe, NODE_ENV unset as in the README), the built-in test
 * provider does not run, so a test card number pays nothing; with PAYMENTS_TEST_MODE=on it runs, and what it takes
 * is stamped TEST on the owner's invoice, receipts and payments report, and the owner's app is told to show a banner.
 */
const STRIPE = { stripeSecretKey: 'sk_live_local', stripeWebhookSecret: 'whsec_local', stripeApiBase: 'http://127.0.0.1:9' };
const CARD = { card_number: '4242 4242 4242 4242', exp: '12/34', cvc: '123', name: 'Chidi Okafor' };

async function sentInvoice(t: TestApp) {
  const user = await signUp(t.app, { country: 'Kenya' });
  const { api, contactId } = await withContact(t.app, user, { name: 'Chidi Okafor' });
  const inv = (await api.post('/invoices', invoiceBody(contactId, { status: 'sent', currency: 'KES' }))).body;
  return { user, api, inv };
}
const get = (t: TestApp, url: string) => t.app.inject({ method: 'GET', url });
const post = (t: TestApp, url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });

describe('test payments when a real provider is configured', () => {
  it('no PAYMENTS_TEST_MODE: the test provider is off, test cards pay nothing, no banner', async () => {
    const t = await openTestApp({ ...STRIPE, nodeEnv: 'development', paymentsTestMode: false });
    const { api, inv } = await sentInvoice(t);
    expect((await get(t, '/api/payments/config')).json()).toMatchObject({ provider: 'stripe', test_mode: false, test_payments: false });
    expect((await get(t, `/api/test-pay/client-secrete/${inv.public_id}`)).statusCode).toBe(404);
    expect((await post(t, '/api/test-pay/confirm', { client_secret: 'pi_test_x_secret_y', ...CARD })).statusCode).toBe(404);
    expect((await post(t, '/api/test-pay/checkouts/chk_x/confirm', CARD)).statusCode).toBe(404);
    expect((await post(t, '/api/webhooks/test-pay', {})).statusCode).toBe(404);
    // A dollar plan goes to Stripe, never to the test checkout.
    const user = await signUp(t.app, { country: 'Kenya' });
    const pay = await t.app.inject({ method: 'POST', url: '/api/transactions', headers: user.auth, payload: { transaction: { credit_pack: 'credits-100' } } });
    expect(pay.statusCode).toBe(502); // Stripe (a closed local port here) is asked, not the test provider
    expect((await api.get(`/invoices/${inv.id}`)).body).toMatchObject({ status: 'sent', payments: [] });
  });

  it('PAYMENTS_TEST_MODE=on: test payments are stamped TEST on the invoice, receipts and payments report; the banner shows', async () => {
    const t = await openTestApp({ ...STRIPE, nodeEnv: 'development', paymentsTestMode: true });
    expect((await get(t, '/api/payments/config')).json()).toMatchObject({ provider: 'stripe', test_payments: true });
    const { api, inv } = await sentInvoice(t);
    const secret = (await get(t, `/api/test-pay/client-secrete/${inv.public_id}`)).json();
    expect(secret).toMatchObject({ provider: 'test', test_mode: true });
    expect((await post(t, '/api/test-pay/confirm', { client_secret: secret.client_secret, ...CARD })).statusCode).toBe(200);
    const paid = (await api.get(`/invoices/${inv.id}`)).body;
    expect(paid.payments).toEqual([expect.objectContaining({ provider: 'test', test: true, amount: inv.total_due })]);
    const receipts = (await api.get(`/invoices/${inv.id}/receipts`)).body;
    expect(receipts.receipts ?? receipts).toEqual([expect.objectContaining({ test: true, method_label: 'Card (TEST)' })]);
    const report = paymentsTable([paid], new Map());
    expect(report.rows[0]![5]).toBe('card (TEST)');

    // No money moved: the report counts nothing collected and the invoice still owed, as the device does.
    const day = paid.payments[0].date as string;
    const period = { from: `${day.slice(0, 7)}-01`, to: day };
    const summary = (await api.get(`/reports/summary?from=${period.from}&to=${period.to}&currency=KES`)).body;
    const kes = summary.currencies[0].figures;
    expect(kes.collected.value).toBe(0);
    expect(kes.paying_clients.value).toBe(0);
    expect(kes.outstanding.value).toBe(inv.total_due);
    const device = reportFromRecords({ invoices: [paid], expenses: [], contacts: [] }, period, day, 'KES');
    expect(device.currencies[0]!.figures.collected.value).toBe(0);
    expect(device.currencies[0]!.figures.outstanding.value).toBe(inv.total_due);
    // Who owes me still lists the client for the whole amount.
    expect(debtorsOf([paid as LedgerInvoice], day)).toEqual([expect.objectContaining({ balance: inv.total_due })]);
  });
});

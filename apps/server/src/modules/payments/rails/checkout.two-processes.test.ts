import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { startFlutterwaveServer } from '../../../test/flutterwave-server';
import { startOzowServer } from '../../../test/ozow-server';
import { call, twoServerProcesses } from '../../../test/server-process';
import { startLocalSmtp } from '../../../test/smtp-server';

/**
 * Issue 25: "Two server processes on one PostgreSQL apply a payment once", for the hosted checkouts: Flutterwave
 * Standard (Nigeria) and Ozow (South Africa). Two real server processes share one PostgreSQL (TEST_DATABASE_URL; skipped
 * without it) and local servers speaking Flutterwave's v3 API and Ozow's API. The provider's webhook (or notify call)
 * for one payment reaches both processes many times at once, while the customer's page, back from the hosted page,
 * polls both (for Flutterwave with the transaction_id its return URL carries): one payment, one receipt, one e-mail.
 */
const flwSettings = { secretKey: 'FLWSECK-two-processes-1', webhookHash: 'two-process-webhook-hash-0123456789' };
const ozowSettings = { siteCode: 'TWO-PRO-001', privateKey: 'two-process-ozow-private-key-0123', apiKey: 'two-process-ozow-api-key' };
// Both processes are told PUBLIC_URL below; the test sends each webhook to each process itself.
const flw = await startFlutterwaveServer({ ...flwSettings, webhookUrl: () => 'http://127.0.0.1:9/api/webhooks/flutterwave' });
const ozow = await startOzowServer(ozowSettings);
const smtp = await startLocalSmtp();
afterAll(async () => {
  await flw.close();
  await ozow.close();
  await smtp.close();
});

const { url, bases } = twoServerProcesses('checkout-two-processes', {
  FLUTTERWAVE_SECRET_KEY: flwSettings.secretKey,
  FLUTTERWAVE_WEBHOOK_HASH: flwSettings.webhookHash,
  FLUTTERWAVE_API_BASE: flw.base,
  OZOW_SITE_CODE: ozowSettings.siteCode,
  OZOW_PRIVATE_KEY: ozowSettings.privateKey,
  OZOW_API_KEY: ozowSettings.apiKey,
  OZOW_API_BASE: ozow.base,
  SMTP_URL: smtp.url,
  PUBLIC_URL: 'http://127.0.0.1:9',
});

/** A shop in `country` (signed up on A) with a sent invoice in `currency` to a client who has an e-mail address. */
async function sentInvoice(a: string, country: string, currency: string) {
  const suffix = randomUUID().slice(0, 8);
  const user = {
    name: 'Adaeze',
    username: `checkout_${suffix}`,
    email: `checkout.${suffix}@example.com`,
    password: 'correct horse battery',
    company_name: 'Adaeze Stores',
    country,
  };
  const signed = await call<{ token: string }>(a, '/users', { body: { user } });
  expect(signed.status).toBe(201);
  const token = signed.body.token;
  const clientEmail = `client.${suffix}@example.com`;
  const contact = await call<{ id: string }>(a, '/contacts', { token, body: { name: 'Chioma Okafor', email: clientEmail } });
  expect(contact.status).toBe(201);
  const created = await call<{ id: string; public_id: string; balance: number }>(a, '/invoices', {
    token,
    body: {
      contact_id: contact.body.id,
      status: 'sent',
      issue_date: '2026-11-22',
      due_date: '2026-12-06',
      currency,
      lines: [{ id: randomUUID(), description: 'Rice 50kg', quantity: 2, unit_price: 4_250_000, fee_ids: [] }],
      fees: [],
      fee_ids: [],
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect(created.body.balance).toBe(8_500_000);
  return { token, inv: created.body, clientEmail };
}

interface Owned {
  status: string;
  payments: Array<{ amount: number; provider: string; reference: string; method: string }>;
  balance: number;
}

/** Both processes: one payment with the operator's id, the invoice paid, one receipt, one receipt e-mail. */
async function paidOnce(token: string, inv: { id: string; public_id: string; balance: number }, rail: string, ref: string, want: [string, string, string]) {
  const [a, b] = bases as [string, string];
  for (const base of [a, b]) {
    const own = await call<Owned>(base, `/invoices/${inv.id}`, { token });
    expect(own.body.payments.map((p) => [p.amount, p.provider, p.reference, p.method])).toEqual([[inv.balance, ...want]]);
    expect(own.body.balance).toBe(0);
    const page = await call<{ status: string; operator_id: string | null }>(base, `/invoices/link/${inv.public_id}/rails/${rail}/${ref}`);
    expect(page.body).toMatchObject({ status: 'paid', operator_id: want[1] });
  }
  const receipts = await call<{ receipts: unknown[] }>(b, `/invoices/${inv.id}/receipts`, { token });
  expect(receipts.body.receipts).toHaveLength(1);
}

describe.skipIf(!url)('a hosted-checkout payment on two processes at once', () => {
  it('Flutterwave checkout: webhooks to both processes and return-URL polls on both record one payment', async () => {
    const [a, b] = bases as [string, string];
    const { token, inv, clientEmail } = await sentInvoice(a, 'Nigeria', 'NGN');
    const started = await call<{ reference: string; redirect_url: string }>(b, `/invoices/link/${inv.public_id}/rails/flutterwave_checkout`, { body: {} });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const ref = started.body.reference;
    const payment = flw.charges.get(ref)!;
    expect(started.body.redirect_url).toBe(`${flw.base}/v3/hosted/pay/${payment.id}`);

    // Paid on Flutterwave's page: the customer comes back with ?transaction_id=…; the page polls both processes with it
    // while Flutterwave's webhook (and its retries) reaches both, all at once.
    payment.status = 'successful';
    const transactionId = new URL(flw.returnUrl(ref)).searchParams.get('transaction_id');
    expect(transactionId).toBe(String(payment.id));
    const webhooks = Array.from({ length: 12 }, (_, i) => flw.complete(ref, 'successful', { url: `${i % 2 ? b : a}/webhooks/flutterwave` }));
    const polls = Array.from({ length: 12 }, (_, i) =>
      call<{ status: string }>(i % 2 ? a : b, `/invoices/link/${inv.public_id}/rails/flutterwave_checkout/${ref}?transaction_id=${transactionId}`),
    );
    const [hooked, polled] = await Promise.all([Promise.all(webhooks), Promise.all(polls)]);
    expect(
      hooked.every((s) => s === 200),
      hooked.join(','),
    ).toBe(true);
    expect(
      polled.every((r) => r.status === 200),
      polled.map((r) => r.status).join(','),
    ).toBe(true);

    await paidOnce(token, inv, 'flutterwave_checkout', ref, ['flutterwave', payment.flw_ref, 'card']);
    expect(flw.verifyPaths).toContain(`/v3/transactions/${payment.id}/verify`);
    // The receipt e-mail is sent inside the request that recorded the payment: every answer is in, so is every e-mail.
    expect(smtp.received.filter((m) => m.to.includes(clientEmail))).toHaveLength(1);

    // A late webhook on either process changes nothing.
    expect(await flw.complete(ref, 'successful', { url: `${a}/webhooks/flutterwave` })).toBe(200);
    expect(await flw.complete(ref, 'successful', { url: `${b}/webhooks/flutterwave` })).toBe(200);
    expect((await call<Owned>(a, `/invoices/${inv.id}`, { token })).body.payments).toHaveLength(1);
  });

  it('Ozow: notify calls to both processes and polls on both record one payment', async () => {
    const [a, b] = bases as [string, string];
    const { token, inv, clientEmail } = await sentInvoice(a, 'South Africa', 'ZAR');
    const started = await call<{ reference: string; redirect_url: string }>(a, `/invoices/link/${inv.public_id}/rails/ozow`, { body: {} });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const ref = started.body.reference;
    const sent = ozow.payments.get(ref)!;
    const notifyPath = new URL(String(sent.body.NotifyUrl)).pathname.replace(/^\/api/, '');
    expect(notifyPath).toMatch(/^\/webhooks\/rails\/ozow\/[\w-]{20,}$/);

    const notified = Array.from({ length: 12 }, (_, i) => ozow.complete(ref, 'Complete', { url: `${i % 2 ? b : a}${notifyPath}` }));
    const polls = Array.from({ length: 12 }, (_, i) => call<{ status: string }>(i % 2 ? a : b, `/invoices/link/${inv.public_id}/rails/ozow/${ref}`));
    const [codes, polled] = await Promise.all([Promise.all(notified), Promise.all(polls)]);
    expect(
      codes.every((s) => s === 200),
      codes.join(','),
    ).toBe(true);
    expect(
      polled.every((r) => r.status === 200),
      polled.map((r) => r.status).join(','),
    ).toBe(true);

    await paidOnce(token, inv, 'ozow', ref, ['ozow', sent.transactionId, 'bank_transfer']);
    expect(smtp.received.filter((m) => m.to.includes(clientEmail))).toHaveLength(1);
    expect(await ozow.complete(ref, 'Complete', { url: `${b}${notifyPath}` })).toBe(200);
    expect((await call<Owned>(b, `/invoices/${inv.id}`, { token })).body.payments).toHaveLength(1);
  });
});

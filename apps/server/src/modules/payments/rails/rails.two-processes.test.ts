import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { startMomoServer } from '../../../test/momo-server';
import { call, twoServerProcesses } from '../../../test/server-process';
import { startLocalSmtp } from '../../../test/smtp-server';

/**
 * Issue 25: "Two server processes on one PostgreSQL apply a payment once." Two real server processes share one
 * PostgreSQL (TEST_DATABASE_URL; PGlite is one process per data directory, so this runs on PostgreSQL only) and
 * a local server speaking MTN MoMo's Collections API. MTN's callback for one request to pay is delivered to both
 * processes, many times and all at once, while the customer's page polls both: the invoice gets one payment, one
 * receipt, one receipt e-mail. The TEST MODE phone answered on both processes at once is answered once too.
 */
const creds = { subscriptionKey: 'sub_two', apiUser: '0f5b6a3e-8c1d-4e2f-9a7b-6c5d4e3f2a1b', apiKey: 'key_two' };
const momo = await startMomoServer({ ...creds, environments: ['mtnuganda'] });
const smtp = await startLocalSmtp();
afterAll(async () => {
  await momo.close();
  await smtp.close();
});

const { url, bases } = twoServerProcesses('rails-two-processes', {
  MOMO_SUBSCRIPTION_KEY: creds.subscriptionKey,
  MOMO_API_USER: creds.apiUser,
  MOMO_API_KEY: creds.apiKey,
  MOMO_TARGET_ENVIRONMENT: 'UG=mtnuganda',
  MOMO_API_BASE: momo.base,
  SMTP_URL: smtp.url,
  // The callback URL MTN is given; the test delivers its path to each process itself.
  PUBLIC_URL: 'http://127.0.0.1:9',
});

const UGX_TOTAL = 350_000;

/** A Ugandan shop (signed up on A) with a sent UGX invoice to a client who has an e-mail address. */
async function ugandanInvoice(a: string) {
  const suffix = randomUUID().slice(0, 8);
  const user = {
    name: 'Nakato',
    username: `rails_${suffix}`,
    email: `rails.${suffix}@example.com`,
    password: 'correct horse battery',
    company_name: 'Nakato Stores',
    country: 'Uganda',
  };
  const signed = await call<{ token: string }>(a, '/users', { body: { user } });
  expect(signed.status).toBe(201);
  const token = signed.body.token;
  const clientEmail = `okello.${suffix}@example.com`;
  const contact = await call<{ id: string }>(a, '/contacts', { token, body: { name: 'Okello John', email: clientEmail } });
  expect(contact.status).toBe(201);
  const created = await call<{ id: string; public_id: string; total_due: number }>(a, '/invoices', {
    token,
    body: {
      contact_id: contact.body.id,
      status: 'sent',
      issue_date: '2026-11-22',
      due_date: '2026-12-06',
      currency: 'UGX',
      lines: [
        { id: randomUUID(), description: 'Sugar 50kg', quantity: 2, unit_price: 150_000, fee_ids: [] },
        { id: randomUUID(), description: 'Delivery', quantity: 1, unit_price: 50_000, fee_ids: [] },
      ],
      fees: [],
      fee_ids: [],
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect(created.body.total_due).toBe(UGX_TOTAL);
  return { token, inv: created.body, clientEmail };
}

interface Owned {
  payments: Array<{ id: string; amount: number; provider: string; reference: string }>;
  balance: number;
  test_balance?: number;
}

describe.skipIf(!url)('a mobile-money payment on two processes at once', () => {
  it('MTN MoMo: the same callback to both processes, concurrently and replayed, records one payment and one receipt', async () => {
    const [a, b] = bases as [string, string];
    const { token, inv, clientEmail } = await ugandanInvoice(a);
    const started = await call<{ reference: string; amount: number }>(b, `/invoices/link/${inv.public_id}/rails/mtn_momo`, { body: { phone: '0772 123 456' } });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const ref = started.body.reference;
    const sent = momo.requests.get(ref);
    expect(sent?.callbackUrl).toMatch(/^http:\/\/127\.0\.0\.1:9\/api\/webhooks\/rails\/momo\/[\w-]{30,}$/);
    const callbackPath = new URL(sent!.callbackUrl!).pathname.replace(/^\/api/, '');

    // The customer approves on the phone; MTN's status now says SUCCESSFUL. Its callback (the same body MTN sends)
    // reaches both processes ten times each, all at once, while the page polls both.
    expect(await momo.complete(ref, 'SUCCESSFUL', { callback: false })).toBe(0);
    const body = { ...JSON.parse(JSON.stringify(sent!.body)), status: 'SUCCESSFUL', financialTransactionId: sent!.financialTransactionId };
    const deliveries = Array.from({ length: 20 }, (_, i) => call<{ status: string }>(i % 2 ? b : a, callbackPath, { method: 'PUT', body }));
    const polls = Array.from({ length: 10 }, (_, i) => call<{ status: string }>(i % 2 ? a : b, `/invoices/link/${inv.public_id}/rails/mtn_momo/${ref}`));
    const answers = await Promise.all([...deliveries, ...polls]);
    const codes = answers.map((r) => r.status);
    expect(
      codes.every((c) => c === 200),
      codes.join(','),
    ).toBe(true);
    expect(answers.slice(0, 20).every((r) => r.body.status === 'succeeded')).toBe(true);

    // Both processes see one payment, with MTN's transaction id, and the invoice paid.
    for (const base of [a, b]) {
      const own = await call<Owned>(base, `/invoices/${inv.id}`, { token });
      expect(own.body.payments.map((p) => [p.amount, p.provider, p.reference])).toEqual([[UGX_TOTAL, 'momo', sent!.financialTransactionId]]);
      expect(own.body.balance).toBe(0);
      const page = await call<{ status: string; operator_id: string | null }>(base, `/invoices/link/${inv.public_id}/rails/mtn_momo/${ref}`);
      expect(page.body).toMatchObject({ status: 'paid', operator_id: sent!.financialTransactionId });
    }
    const receipts = await call<{ receipts: unknown[] }>(b, `/invoices/${inv.id}/receipts`, { token });
    expect(receipts.body.receipts).toHaveLength(1);
    // The receipt e-mail is sent inside the request that recorded the payment: every answer is in, so is every e-mail.
    expect(smtp.received.filter((m) => m.to.includes(clientEmail))).toHaveLength(1);

    // A later replay on either process changes nothing.
    expect((await call(a, callbackPath, { method: 'PUT', body })).status).toBe(200);
    expect((await call(b, callbackPath, { method: 'PUT', body })).status).toBe(200);
    expect((await call<Owned>(a, `/invoices/${inv.id}`, { token })).body.payments).toHaveLength(1);
  });

  it('starts at once on both processes send one prompt to MTN; the others are told a prompt is waiting', async () => {
    const [a, b] = bases as [string, string];
    const { token, inv } = await ugandanInvoice(a);
    const before = momo.requests.size;
    const starts = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call<{ reference?: string; error?: { message: string } }>(
          i % 2 ? b : a,
          `/invoices/link/${inv.public_id}/rails/${i % 3 ? 'mtn_momo' : 'airtel_money'}`,
          {
            body: { phone: i % 3 ? '0772 123 456' : '0752 123 456' },
          },
        ),
      ),
    );
    const codes = starts.map((r) => r.status);
    expect(
      codes.filter((c) => c === 200),
      codes.join(','),
    ).toHaveLength(1);
    expect(
      codes.filter((c) => c === 409),
      codes.join(','),
    ).toHaveLength(5);
    expect(starts.find((r) => r.status === 409)?.body.error?.message).toMatch(
      /^A payment prompt (is already waiting on 07\d…\d{3}: approve or decline it on your phone|for this invoice is already waiting on the phone that asked for it)/,
    );
    const won = starts.find((r) => r.status === 200)!.body.reference!;
    // MTN got at most the one request (none when Airtel's test prompt won).
    expect(momo.requests.size - before).toBe(momo.requests.has(won) ? 1 : 0);
    expect((await call<Owned>(a, `/invoices/${inv.id}`, { token })).body.payments).toHaveLength(0);
  });

  it('TEST MODE phone: Approve pressed on both processes at once is answered once and pays once', async () => {
    const [a, b] = bases as [string, string];
    const { token, inv } = await ugandanInvoice(a);
    // Airtel Money has no settings on these servers: it runs on the built-in test provider.
    const started = await call<{ reference: string; test_phone_url: string | null }>(a, `/invoices/link/${inv.public_id}/rails/airtel_money`, {
      body: { phone: '0752 123 456' },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const ref = started.body.reference;
    expect(started.body.test_phone_url).toBe(`/test-phone/${ref}`);
    const presses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => call<{ status: string }>(i % 2 ? b : a, `/test-phone/${ref}/approve`, { body: {} })),
    );
    const codes = presses.map((r) => r.status);
    expect(
      codes.filter((c) => c === 200),
      codes.join(','),
    ).toHaveLength(1);
    expect(
      codes.every((c) => c === 200 || c === 409),
      codes.join(','),
    ).toBe(true);
    for (const base of [a, b]) {
      const page = await call<{ status: string; balance: number }>(base, `/invoices/link/${inv.public_id}/rails/airtel_money/${ref}`);
      // The prompt was paid once: the rail answers what the TEST journey left (issue 25), on both processes.
      expect(page.body).toMatchObject({ status: 'paid', balance: 0 });
    }
    const own = await call<Owned>(b, `/invoices/${inv.id}`, { token });
    // The invoice's real balance stays whole: a TEST MODE payment is no money (issue 22).
    expect(own.body).toMatchObject({ balance: UGX_TOTAL, test_balance: 0 });
    expect(own.body.payments.map((p) => [p.amount, p.provider])).toEqual([[UGX_TOTAL, 'test-rail']]);
  });
});

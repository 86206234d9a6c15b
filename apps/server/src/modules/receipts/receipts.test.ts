import { randomUUID } from 'node:crypto';
import { receiptNumber } from '@duka/core';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { openTestApp, signUp } from '../../test/harness';
import { invoiceBody, withContact } from '../invoices/test-utils';
import { sendTestEvent } from '../billing/test-utils';
import type { TestEventBody } from '../payments';

const { app, config } = await openTestApp({ devMailbox: true });

async function owner(contact: Record<string, unknown> = {}) {
  const user = await signUp(app);
  const { api, contactId } = await withContact(app, user, contact);
  const inv = (await api.post('/invoices', invoiceBody(contactId))).body as { id: string; number: string; public_id: string; total_due: number };
  return { user, api, inv };
}
const mailTo = async (to: string) =>
  (await app.inject({ method: 'GET', url: `/api/dev/mailbox?to=${encodeURIComponent(to)}` })).json().messages as Array<{ subject: string; text: string }>;

describe('receipts', () => {
  it('every payment recorded by hand has a receipt: number, date, method, reference, amount, balance left', async () => {
    const { user, api, inv } = await owner();
    const p1 = randomUUID();
    await api.post(`/invoices/${inv.id}/payments`, { id: p1, amount: 100_000, method: 'bank_transfer', date: '2026-11-23', reference: 'TRF-889' });
    await api.post(`/invoices/${inv.id}/payments`, { amount: 50_000, method: 'cash', date: '2026-11-24' });
    const { receipts } = (await api.get(`/invoices/${inv.id}/receipts`)).body;
    expect(receipts).toHaveLength(2);
    expect(receipts[0]).toMatchObject({
      number: receiptNumber(p1),
      date: '2026-11-23',
      method: 'bank_transfer',
      method_label: 'Bank transfer',
      reference: 'TRF-889',
      amount: 100_000,
      balance_left: inv.total_due - 100_000,
    });
    expect(receipts[1]).toMatchObject({ amount: 50_000, balance_left: inv.total_due - 150_000 });

    const pdf = await app.inject({ method: 'GET', url: `/api/invoices/${inv.id}/receipts/${p1}/pdf`, headers: user.auth });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((await PDFDocument.load(pdf.rawPayload)).getTitle()).toBe(`Receipt ${receiptNumber(p1)}`);
    // The customer's link: public id + payment id, no token.
    const pub = await app.inject({ method: 'GET', url: `/api/invoices/public/${inv.public_id}/receipts/${p1}/pdf` });
    expect(pub.statusCode).toBe(200);
    expect(Buffer.from(pub.rawPayload).equals(Buffer.from(pdf.rawPayload))).toBe(true);
    expect((await app.inject({ method: 'GET', url: `/api/invoices/public/${inv.public_id}/receipts/${randomUUID()}/pdf` })).statusCode).toBe(404);
    // The pay page links them (t18 E2): the public JSON gives each payment's id and receipt number, nothing of the payer.
    const view = (await app.inject({ method: 'GET', url: `/api/invoices/public/${inv.public_id}` })).json();
    expect(view.payments.map((p: { id: string; receipt: string }) => [p.id, p.receipt])).toEqual(
      receipts.map((r: { payment_id: string; number: string }) => [r.payment_id, r.number]),
    );
    expect(Object.keys(view.payments[0]).sort()).toEqual(['amount', 'date', 'id', 'method', 'receipt']);
  });

  it("e-mails a receipt to the client's address only; another address or none is a 422 naming the field", async () => {
    const email = `c.${randomUUID().slice(0, 8)}@example.com`;
    const { api, inv } = await owner({ email });
    const p = randomUUID();
    await api.post(`/invoices/${inv.id}/payments`, { id: p, amount: 10_000, method: 'mobile_money', date: '2026-11-23', reference: 'QK7' });
    const sent = await api.post(`/invoices/${inv.id}/receipts/${p}/email`, {});
    expect(sent.body).toEqual({ message: `Receipt ${receiptNumber(p)} sent to ${email}`, to: email });
    const [m] = await mailTo(email);
    expect(m.subject).toBe(`Receipt ${receiptNumber(p)} from Ada Stores`);
    expect(m.text).toContain('Method: Mobile money (QK7)');
    // The client's own address typed in (any case) is fine; any other address is refused and nothing is sent.
    expect((await api.post(`/invoices/${inv.id}/receipts/${p}/email`, { to: email.toUpperCase() })).status).toBe(200);
    const elsewhere = `victim.${randomUUID().slice(0, 8)}@example.com`;
    const refused = await api.post(`/invoices/${inv.id}/receipts/${p}/email`, { to: elsewhere });
    expect(refused.status).toBe(422);
    expect(refused.body.error.message).toContain("only to the client's e-mail address");
    expect(await mailTo(elsewhere)).toHaveLength(0);
    const other = await owner({ email: '' });
    const q = randomUUID();
    await other.api.post(`/invoices/${other.inv.id}/payments`, { id: q, amount: 10_000, method: 'cash', date: '2026-11-23' });
    const none = await other.api.post(`/invoices/${other.inv.id}/receipts/${q}/email`, {});
    expect(none.status).toBe(422);
    expect(none.body.error.fields).toHaveProperty('to');
    expect((await other.api.post(`/invoices/${other.inv.id}/receipts/${q}/email`, { to: 'not-an-email' })).status).toBe(400);
  });

  it('an online payment e-mails the receipt to the customer once, even when the event is replayed or retried', async () => {
    const email = `pay.${randomUUID().slice(0, 8)}@example.com`;
    const { user, api, inv } = await owner({ email });
    await api.post(`/invoices/${inv.id}/send`, {});
    const secret = (await app.inject({ method: 'GET', url: `/api/test-pay/client-secrete/${inv.public_id}` })).json().client_secret as string;
    const intent = secret.split('_secret_')[0];
    const body = (id: string): TestEventBody => ({
      id,
      type: 'payment_intent.succeeded',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: intent, amount: 70_000, currency: 'NGN', metadata: { invoice_id: inv.id, user_id: user.userId } } },
    });
    for (const id of ['evt_a', 'evt_a', `evt_${randomUUID()}`]) {
      const res = await sendTestEvent(app, config, body(id === 'evt_a' ? `evt_a_${inv.id}` : id));
      expect(res.statusCode).toBe(200);
    }
    const mails = await mailTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('Method: Card');
    expect(mails[0].text).toContain(`Balance left: `);
  });

  it("one owner never reads or sends another's receipts", async () => {
    const a = await owner();
    const b = await owner();
    const p = randomUUID();
    await a.api.post(`/invoices/${a.inv.id}/payments`, { id: p, amount: 10_000, method: 'cash', date: '2026-11-23' });
    expect((await b.api.get(`/invoices/${a.inv.id}/receipts`)).status).toBe(404);
    expect((await b.api.post(`/invoices/${a.inv.id}/receipts/${p}/email`, { to: 'x@example.com' })).status).toBe(404);
    const pdf = await app.inject({ method: 'GET', url: `/api/invoices/${a.inv.id}/receipts/${p}/pdf`, headers: b.user.auth });
    expect(pdf.statusCode).toBe(404);
    // A payment id of another invoice under one's own public link: not found.
    expect((await app.inject({ method: 'GET', url: `/api/invoices/public/${b.inv.public_id}/receipts/${p}/pdf` })).statusCode).toBe(404);
  });
});

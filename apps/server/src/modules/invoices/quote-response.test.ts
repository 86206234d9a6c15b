import { convertedInvoiceId } from '@duka/core';
import { describe, expect, it } from 'vitest';
import { openTestApp, signUp } from '../../test/harness';
import { invoiceBody, withContact } from './test-utils';

/** Issue 23 item 11: the customer accepts (converted once, owner told) or declines (with a reason) a quote. */
const { app } = await openTestApp({ devMailbox: true });

const mailbox = async (to: string) =>
  (await app.inject({ method: 'GET', url: `/api/dev/mailbox?to=${encodeURIComponent(to)}` })).json().messages as Array<{ subject: string; text: string }>;

async function ownerWithQuote() {
  const user = await signUp(app);
  const { api, contactId } = await withContact(app, user, { name: 'Mme Ebogo' });
  const quote = (await api.post('/invoices', invoiceBody(contactId, { kind: 'quote', status: 'sent' }))).body as {
    id: string;
    public_id: string;
    number: string;
  };
  return { api, user, quote };
}

const post = (path: string, payload?: unknown) => app.inject({ method: 'POST', url: `/api/invoices/public/${path}`, payload: payload as object });

describe('POST /invoices/public/{id}/accept', () => {
  it('converts the quote once and e-mails the owner; a second accept answers the same', async () => {
    const { api, user, quote } = await ownerWithQuote();
    const res = await post(`${quote.public_id}/accept`);
    expect(res.statusCode, res.body).toBe(200);
    const invoice = (await api.get(`/invoices/${convertedInvoiceId(quote.id)}`)).body;
    expect(invoice).toMatchObject({ kind: 'invoice', quote_id: quote.id });
    expect(res.json()).toEqual({ status: 'accepted', invoice_public_id: invoice.public_id, message: 'You accepted this quote.' });
    expect((await api.get(`/invoices/${quote.id}`)).body).toMatchObject({ status: 'converted', converted_invoice_id: invoice.id });

    const again = await post(`${quote.public_id}/accept`);
    expect(again.json()).toEqual(res.json());
    expect((await api.get('/invoices?kind=invoice')).body.records).toHaveLength(1);
    const mails = await mailbox(user.email);
    const told = mails.filter((m) => m.subject === `Mme Ebogo accepted quote ${quote.number}`);
    expect(told).toHaveLength(1);
    expect(told[0].text).toContain(`It is now invoice ${invoice.number}`);
  });

  it('is refused for an invoice, and a declined-after-accept is refused', async () => {
    const { api, quote } = await ownerWithQuote();
    const contactId = (await api.get(`/invoices/${quote.id}`)).body.contact_id;
    const inv = (await api.post('/invoices', invoiceBody(contactId, { status: 'sent' }))).body as { public_id: string };
    expect((await post(`${inv.public_id}/accept`)).statusCode).toBe(409);
    await post(`${quote.public_id}/accept`);
    const declined = await post(`${quote.public_id}/decline`, { reason: 'Too dear' });
    expect(declined.statusCode).toBe(409);
    expect(declined.json().error.message).toBe('This quote was already accepted');
  });

  it('an unknown link is 404', async () => {
    expect((await post('AAAAAAAAAAAAAAAAAAAAAAAAAAAA/accept')).statusCode).toBe(404);
  });
});

describe('POST /invoices/public/{id}/decline', () => {
  it('tells the owner with the reason; the quote stays a quote', async () => {
    const { api, user, quote } = await ownerWithQuote();
    const res = await post(`${quote.public_id}/decline`, { reason: 'We found a cheaper tailor' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'declined', invoice_public_id: null });
    const told = (await mailbox(user.email)).find((m) => m.subject === `Mme Ebogo declined quote ${quote.number}`);
    expect(told?.text).toContain('Their reason: We found a cheaper tailor');
    expect((await api.get(`/invoices/${quote.id}`)).body).toMatchObject({ kind: 'quote', converted_invoice_id: null });
  });

  it('refuses a reason over 1000 characters with a message', async () => {
    const { quote } = await ownerWithQuote();
    const res = await post(`${quote.public_id}/decline`, { reason: 'x'.repeat(1001) });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('At most 1000 characters');
  });
});

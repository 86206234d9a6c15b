import { randomUUID } from 'node:crypto';
import { convertedInvoiceId, convertQuoteCommand, type CommandInvoice } from '@duka/core';
import { describe, expect, it } from 'vitest';
import { openTestApp, signUp } from '../../test/harness';
import { upsert } from '../sync/test-utils';
import { invoiceBody, withContact } from './test-utils';

const { app } = await openTestApp();

async function ownerWithQuote() {
  const { api, contactId } = await withContact(app, await signUp(app));
  const quote = (await api.post('/invoices', invoiceBody(contactId, { kind: 'quote', status: 'sent' }))).body as CommandInvoice & { id: string };
  return { api, contactId, quote };
}

/** What a device pushes after converting offline: core's convertQuoteCommand, the invoice first, then the quote. */
function offlineConversion(quote: CommandInvoice, number = 'INV-0100', now = new Date()) {
  const { changes, records } = convertQuoteCommand(quote, { number, public_id: randomUUID().replace(/-/g, ''), due_days: 14, time_zone: 'Africa/Lagos' }, now);
  const invoice = records[0];
  return { invoice, mutations: [upsert('invoices', invoice.id, invoice as unknown as Record<string, unknown>), upsert('invoices', quote.id, changes)] };
}

async function invoicesOf(api: Awaited<ReturnType<typeof ownerWithQuote>>['api']) {
  return (await api.get('/invoices?kind=invoice')).body.records as Array<{ id: string; quote_id: string | null }>;
}

describe('quote conversion offline then online', () => {
  it('a device conversion is kept: the invoice keeps quote_id and the quote is marked converted', async () => {
    const { api, quote } = await ownerWithQuote();
    const { invoice, mutations } = offlineConversion(quote);
    const res = await api.push(mutations);
    expect(res.body.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied']);
    expect((await api.get(`/invoices/${invoice.id}`)).body).toMatchObject({ kind: 'invoice', quote_id: quote.id, number: 'INV-0100' });
    expect((await api.get(`/invoices/${quote.id}`)).body).toMatchObject({ status: 'converted', converted_invoice_id: invoice.id });
    // Converting again online is refused with the invoice it became; still exactly one invoice.
    const again = await api.post(`/invoices/${quote.id}/convert`, {});
    expect(again.status).toBe(409);
    expect(again.body.error.fields.converted_invoice_id).toBe(invoice.id);
    expect(await invoicesOf(api)).toHaveLength(1);
  });

  it('converting online, then pushing the same quote converted offline, makes one invoice', async () => {
    const { api, quote } = await ownerWithQuote();
    const online = await api.post(`/invoices/${quote.id}/convert`, {});
    expect(online.status).toBe(201);
    expect(online.body.id).toBe(convertedInvoiceId(quote.id));
    // The second device converted before it knew: same invoice id, so its push updates that one invoice.
    const { mutations } = offlineConversion(quote, 'INV-0007');
    const res = await api.push(mutations);
    expect(res.body.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied']);
    const list = await invoicesOf(api);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: online.body.id, quote_id: quote.id });
    expect((await api.get(`/invoices/${quote.id}`)).body.converted_invoice_id).toBe(online.body.id);
  });

  it('refuses a second, different invoice for a converted quote, and links nobody else can make', async () => {
    const { api, contactId, quote } = await ownerWithQuote();
    await api.push(offlineConversion(quote).mutations);
    const other = randomUUID();
    const dup = await api.push([upsert('invoices', other, invoiceBody(contactId, { quote_id: quote.id }))]);
    expect(dup.body.results[0]).toMatchObject({ status: 'rejected', error: { code: 'conflict', message: 'This quote was already converted' } });
    // A quote cannot claim an invoice that was not made from it.
    const q2 = (await api.post('/invoices', invoiceBody(contactId, { kind: 'quote' }))).body;
    const plain = (await api.post('/invoices', invoiceBody(contactId))).body;
    const claim = await api.push([upsert('invoices', q2.id, { converted_invoice_id: plain.id })]);
    expect(claim.body.results[0]).toMatchObject({ status: 'rejected', error: { code: 'unprocessable' } });
    expect((await api.get(`/invoices/${q2.id}`)).body.status).not.toBe('converted');
    expect(await invoicesOf(api)).toHaveLength(2);
  });

  it("one user cannot convert, or link to, another user's quote", async () => {
    const a = await ownerWithQuote();
    const b = await withContact(app, await signUp(app));
    const stolen = await b.api.push([upsert('invoices', randomUUID(), invoiceBody(b.contactId, { quote_id: a.quote.id }))]);
    expect(stolen.body.results[0]).toMatchObject({ status: 'rejected', error: { code: 'unprocessable' } });
    expect((await b.api.post(`/invoices/${a.quote.id}/convert`, {})).status).toBe(404);
    expect((await a.api.get(`/invoices/${a.quote.id}`)).body.converted_invoice_id).toBeNull();
  });

  it("the issue date of a conversion is today in the business's time zone, which settings may change", async () => {
    const user = await signUp(app);
    const patch = (invoice_settings: Record<string, unknown>) =>
      app.inject({ method: 'PATCH', url: `/api/users/${user.username}`, headers: user.auth, payload: { user: { invoice_settings } } });
    expect((await patch({ time_zone: 'Mars/Olympus' })).statusCode).toBe(400);
    expect((await patch({ time_zone: 'Pacific/Kiritimati' })).statusCode).toBe(200);
    const { api, contactId } = await withContact(app, user);
    const quote = (await api.post('/invoices', invoiceBody(contactId, { kind: 'quote' }))).body;
    const res = await api.post(`/invoices/${quote.id}/convert`, {});
    expect(res.status).toBe(201);
    // UTC+14: for ten hours a day its date is not UTC's.
    const local = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
    expect(res.body.issue_date).toBe(local);
    // A new invoice without an issue date takes the same day (without a due date: the fixed one may be before it).
    expect((await api.post('/invoices', { ...invoiceBody(contactId), issue_date: undefined, due_date: undefined })).body.issue_date).toBe(local);
  });
});

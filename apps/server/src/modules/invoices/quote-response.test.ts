import { convertedInvoiceId } from '@duka/core';
import { describe, expect, it } from 'vitest';
import { openTestApp, signUp } from '../../test/harness';
import { invoiceBody, withContact } from './test-utils';

/** Issue 23 item 11: the customer accepts (converted once, owner told) or declines (with a reason) a quote. */
const { app } = await openTestApp({ devMailbox: true });

const mailbox = async (to: string) =>
  (await app.inject({ method: 'GET', url: `/api/dev/mailbox?to=${encodeURIComponent(to)}` })).json().messages as Array<{ subject: string; text: string }>;

async function ownerWithQuote(language?: string) {
  const user = await signUp(app, language ? { language } : undefined);
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

  it('is kept on the quote: the public page, the owner and their devices see when and why; a second decline is the same', async () => {
    const { api, quote } = await ownerWithQuote();
    expect((await post(`${quote.public_id}/decline`, { reason: 'Too dear' })).statusCode).toBe(200);
    const page = (await app.inject({ method: 'GET', url: `/api/invoices/public/${quote.public_id}` })).json();
    expect(page.decline_reason).toBe('Too dear');
    expect(Date.parse(page.declined_at)).toBeGreaterThan(Date.now() - 60_000);
    const owner = (await api.get(`/invoices/${quote.id}`)).body;
    expect(owner).toMatchObject({ kind: 'quote', declined_at: page.declined_at, decline_reason: 'Too dear' });
    const pulled = (await api.pull('invoices')).body.records.find((r: { id: string }) => r.id === quote.id);
    expect(pulled).toMatchObject({ declined_at: page.declined_at, decline_reason: 'Too dear' });

    const again = await post(`${quote.public_id}/decline`, { reason: 'Changed my mind' });
    expect(again.json()).toMatchObject({ status: 'declined' });
    expect((await api.get(`/invoices/${quote.id}`)).body.decline_reason).toBe('Too dear');
    // A device cannot write or clear it, and an edit keeps it.
    const edit = await api.patch(`/invoices/${quote.id}`, { notes: 'New price next week', declined_at: null, decline_reason: 'x' });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect((await api.get(`/invoices/${quote.id}`)).body).toMatchObject({
      notes: 'New price next week',
      declined_at: page.declined_at,
      decline_reason: 'Too dear',
    });
    // Accepting on the link after declining is refused with a message; the owner may still convert.
    const accept = await post(`${quote.public_id}/accept`);
    expect(accept.statusCode).toBe(409);
    expect(accept.json().error.message).toBe('You declined this quote. Ask the business for a new one.');
  });

  it('an invoice page carries no decline fields', async () => {
    const { api, quote } = await ownerWithQuote();
    const contactId = (await api.get(`/invoices/${quote.id}`)).body.contact_id;
    const inv = (await api.post('/invoices', invoiceBody(contactId, { status: 'sent' }))).body as { public_id: string };
    const page = (await app.inject({ method: 'GET', url: `/api/invoices/public/${inv.public_id}` })).json();
    expect(page).not.toHaveProperty('declined_at');
  });
});

describe('the owner is told in their language', () => {
  for (const [language, accepted, declined, reason] of [
    ['fr', 'Mme Ebogo a accepté le devis', 'Mme Ebogo a refusé le devis', 'Sa raison : Trop cher'],
    ['sw', 'Mme Ebogo amekubali nukuu', 'Mme Ebogo amekataa nukuu', 'Sababu yake: Trop cher'],
    ['en', 'Mme Ebogo accepted quote', 'Mme Ebogo declined quote', 'Their reason: Trop cher'],
  ] as const) {
    it(`${language}: accepted and declined`, async () => {
      const a = await ownerWithQuote(language);
      await post(`${a.quote.public_id}/accept`);
      expect((await mailbox(a.user.email)).map((m) => m.subject)).toContain(`${accepted} ${a.quote.number}`);
      const d = await ownerWithQuote(language);
      await post(`${d.quote.public_id}/decline`, { reason: 'Trop cher' });
      const mail = (await mailbox(d.user.email)).find((m) => m.subject === `${declined} ${d.quote.number}`);
      expect(mail?.text).toContain(reason);
    });
  }
});

import { randomUUID } from 'node:crypto';
import { CUSTOMER_LANGUAGE_INVALID } from '@duka/core';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { type AtServer, startAtServer } from '../../test/at-server';
import { givePaidPlan, openTestApp, signUp } from '../../test/harness';
import { paySummaryHtml, withSummary } from '../web';
import { invoiceBody, payOnDevice, withContact } from './test-utils';
import { pdfText } from '@duka/pdf/testing';

/** What the customer reads, in the client's language (issue 19): e-mails, SMS, WhatsApp text, PDFs, the public API. */
const at: AtServer = await startAtServer({ username: 'duka', apiKey: 'atsk_test_key' });
const { app, ctx } = await openTestApp({ devMailbox: true, atUsername: 'duka', atApiKey: 'atsk_test_key', atApiBase: at.base });
afterAll(() => at.close());

/** Intl puts no-break spaces in French and Swahili amounts ("12 500 KSh", "KSh 12,500"); compared as plain spaces. */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
const mails = async (to: string) =>
  ((await app.inject({ method: 'GET', url: `/api/dev/mailbox?to=${encodeURIComponent(to)}` })).json().messages as Array<{ subject: string; text: string }>).map(
    (m) => ({ subject: plain(m.subject), text: plain(m.text) }),
  );
const publicJson = async (publicId: string) => (await app.inject({ method: 'GET', url: `/api/invoices/public/${publicId}` })).json();

/** An owner (their screen language `ownerLanguage`), a client in `clientLanguage`, and a sent KES invoice. */
async function setup(clientLanguage: string | null, ownerLanguage = 'en') {
  const user = await signUp(app, { country: 'Kenya' });
  await ctx.db.update(users).set({ language: ownerLanguage }).where(eq(users.id, user.userId));
  const email = `c.${randomUUID().slice(0, 8)}@example.com`;
  const phone = `+2547${String(Math.floor(Math.random() * 1e8)).padStart(8, '1')}`.replace(/000$/, '111'); // the local Africa's Talking server refuses …000 (its invalid-number case)
  const { api, contactId } = await withContact(app, user, { name: 'Mama Otieno', email, phone, language: clientLanguage });
  const inv = (await api.post('/invoices', invoiceBody(contactId, { currency: 'KES', issue_date: '2030-03-01', due_date: '2030-08-15' }))).body;
  await api.post(`/invoices/${inv.id}/send`, {});
  return { user, api, inv, email, phone, contactId };
}

describe('the invoice e-mail in the client language', () => {
  it('French client: French subject, greeting, labels, money and date', async () => {
    const o = await setup('fr');
    expect((await o.api.post(`/invoices/${o.inv.id}/email`, {})).status).toBe(200);
    const [mail] = await mails(o.email);
    expect(mail.subject).toBe(`Facture ${o.inv.number} de Ada Stores`);
    expect(mail.text).toContain('Bonjour Mama Otieno,');
    expect(mail.text).toContain(`Veuillez trouver ci-joint la facture ${o.inv.number} de Ada Stores.`);
    // French typography: a (no-break) space before every colon (t18 C1; `plain` shows it as a space).
    expect(mail.text).toContain('Solde dû : 3 762,50 KSh');
    expect(mail.text).not.toMatch(/\S: /);
    expect(mail.text).toContain('3 762,50 KSh');
    expect(mail.text).toContain('15 août 30');
    expect(mail.text).toContain(`Voir et payer en ligne : http`);
    expect(mail.text).not.toContain('Hello');
  });

  it('a client without a language reads the owner’s (Swahili)', async () => {
    const o = await setup(null, 'sw');
    await o.api.post(`/invoices/${o.inv.id}/email`, {});
    const [mail] = await mails(o.email);
    expect(mail.subject).toBe(`Ankara ${o.inv.number} kutoka Ada Stores`);
    expect(mail.text).toContain('Habari Mama Otieno,');
    expect(mail.text).toContain('KSh 3,762.50');
    expect(mail.text).toContain('15 Ago 30');
    expect(mail.text).toContain('Tazama na ulipe mtandaoni: http');
  });

  it('an English client of a Swahili-speaking owner still reads English, word for word as before', async () => {
    const o = await setup('en', 'sw');
    await o.api.post(`/invoices/${o.inv.id}/email`, {});
    const [mail] = await mails(o.email);
    expect(mail.subject).toBe(`Invoice ${o.inv.number} from Ada Stores`);
    expect(mail.text).toContain('Hello Mama Otieno,');
    expect(mail.text).toContain('Balance due: KSh3,762.50');
    expect(mail.text).toContain('Due date: 15 Aug 30');
  });
});

describe('receipts in the client language', () => {
  it('the receipt e-mail and its PDF in Swahili', async () => {
    const o = await setup('sw');
    const paid = await payOnDevice({ ctx, userId: o.user.userId }, o.api, o.inv.id, { amount: 100_000, date: '2030-03-02' });
    const paymentId = paid.payments[0].id as string;
    expect((await o.api.post(`/invoices/${o.inv.id}/receipts/${paymentId}/email`, {})).status).toBe(200);
    const [mail] = await mails(o.email);
    expect(mail.subject).toMatch(/^Risiti RCT-[0-9A-F]{10} kutoka Ada Stores$/);
    expect(mail.text).toContain('Asante kwa malipo yako ya KSh 1,000.00 kwa ankara');
    expect(mail.text).toContain('Njia: Pesa taslimu');
    expect(mail.text).toContain('Tarehe: 2 Mac 30');
    const pdf = await app.inject({ method: 'GET', url: `/api/invoices/public/${o.inv.public_id}/receipts/${paymentId}/pdf` });
    const text = await pdfText(new Uint8Array(pdf.rawPayload));
    expect(text).toContain('RISITI');
    expect(text).toContain('Salio lililobaki');
  });
});

describe('reminders in the client language', () => {
  it('e-mail, SMS and WhatsApp text in French; another client of the same owner in Swahili', async () => {
    const o = await setup('fr');
    await givePaidPlan(ctx, o.user.userId);
    expect((await o.api.post(`/invoices/${o.inv.id}/reminders/send`, { channel: 'email' })).status).toBe(200);
    const view = (await o.api.post(`/invoices/${o.inv.id}/reminders/send`, { channel: 'sms' })).body;
    const [mail] = await mails(o.email);
    expect(mail.subject).toBe(`Rappel : facture ${o.inv.number} de Ada Stores`);
    expect(mail.text).toContain(`Bonjour Mama Otieno, un rappel de Ada Stores : la facture ${o.inv.number}`);
    const sms = at.received.filter((m) => m.to === o.phone);
    expect(sms).toHaveLength(1);
    expect(sms[0].message).toContain('Payez ici : http');
    expect(sms[0].message).toContain('Ne plus recevoir de rappels : http');
    expect(sms[0].message).toContain('15 août 30');
    expect(sms[0].message).not.toMatch(/[\u00a0\u202f]/);
    expect(view.whatsapp_text).toContain('Bonjour Mama Otieno');
    const ask = await app.inject({ method: 'GET', url: `/api/invoices/public/${o.inv.public_id}/reminders/stop` });
    expect(ask.body).toContain('Arrêter les rappels');
    const stop = await app.inject({ method: 'POST', url: `/api/invoices/public/${o.inv.public_id}/reminders/stop` });
    expect(stop.body).toContain('<html lang="fr">');
    expect(stop.body).toContain('Vous ne recevrez plus de rappels pour cette facture.');

    const { api, contactId } = await withContact(app, o.user, { name: 'Juma', email: `j.${randomUUID().slice(0, 6)}@example.com`, language: 'sw' });
    const inv = (await api.post('/invoices', invoiceBody(contactId, { currency: 'KES', issue_date: '2030-03-01', due_date: '2030-03-15' }))).body;
    await api.post(`/invoices/${inv.id}/send`, {});
    const sw = (await api.get(`/invoices/${inv.id}/reminders`)).body;
    expect(plain(sw.whatsapp_text)).toMatch(/^Habari Juma, kikumbusho kutoka Ada Stores: ankara .+ \(KSh 3,762.50\) .+ Lipa hapa: http/);
  });
});

describe('the public invoice in the client language', () => {
  it('the public API says the language; the invoice PDF and the first paint are in it', async () => {
    const fr = await setup('fr');
    expect((await publicJson(fr.inv.public_id)).language).toBe('fr');
    const inherit = await setup(null, 'sw');
    expect((await publicJson(inherit.inv.public_id)).language).toBe('sw');
    const en = await setup(null);
    expect((await publicJson(en.inv.public_id)).language).toBe('en');

    const res = await app.inject({ method: 'GET', url: `/api/invoices/${fr.inv.id}/pdf`, headers: fr.user.auth });
    expect(res.statusCode).toBe(200);
    const text = await pdfText(new Uint8Array(res.rawPayload));
    expect(text).toContain('FACTURE');
    expect(text).toContain('VOIR ET PAYER EN LIGNE');

    const answer = await publicJson(fr.inv.public_id);
    const html = withSummary('<html lang="en"><body><div id="root"></div></body></html>', answer);
    expect(html).toContain('<html lang="fr"');
    expect(html).toContain(`Facture ${fr.inv.number}`);
    expect(html).toContain('Total à payer');
    expect(html).toContain('Facturé à: Mama Otieno');
    expect(html).toContain('15 août 30');
    expect(paySummaryHtml({ ...answer, language: 'sw' })).toContain('Jumla ya kulipa');
    expect(paySummaryHtml({ ...answer, language: undefined })).toContain('Total due');
  });
});

describe('the public PDF in the language the customer switched to', () => {
  it('?lang= picks the language; without it the client’s; an unknown one is refused', async () => {
    const o = await setup('fr');
    const get = (q: string) => app.inject({ method: 'GET', url: `/api/invoices/public/${o.inv.public_id}/pdf${q}` });
    expect(await pdfText(new Uint8Array((await get('')).rawPayload))).toContain('FACTURE');
    expect(await pdfText(new Uint8Array((await get('?lang=sw')).rawPayload))).toContain('ANKARA');
    expect(await pdfText(new Uint8Array((await get('?lang=en')).rawPayload))).toContain('INVOICE');
    const bad = await get('?lang=de');
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain(CUSTOMER_LANGUAGE_INVALID);
  });
});

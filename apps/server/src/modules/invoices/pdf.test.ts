import { buildInvoicePdf, invoicePublicLink, pdfParties } from '@duka/pdf';
import { desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { mailOutbox, users } from '../../db/schema';
import { openTestApp, signUp } from '../../test/harness';
import { getFiles } from '../files';
import { invoiceBody, withContact } from './test-utils';

const { app, ctx, config } = await openTestApp();

describe('invoice PDF', () => {
  it('serves the same bytes the device makes from the same record, logo included', async () => {
    const user = await signUp(app, { company_name: 'Ada Stores' });
    const { api, contactId } = await withContact(app, user, {
      name: 'Chidi Okafor',
      email: 'chidi@example.com',
      address: '5 Allen Avenue',
      city: 'Ikeja',
      country: 'Nigeria',
    });
    const webp = await sharp({ create: { width: 40, height: 20, channels: 3, background: { r: 9, g: 146, b: 104 } } })
      .webp()
      .toBuffer();
    const key = `users/${user.userId}/logos/logo.webp`;
    await getFiles(ctx).put(key, webp, 'image/webp');
    await ctx.db.update(users).set({ logoLocation: key }).where(eq(users.id, user.userId));
    const inv = (await api.post('/invoices', invoiceBody(contactId, { notes: 'Thank you', payment_instructions: 'GTBank 0123456789' }))).body;

    const res = await app.inject({ method: 'GET', url: `/api/invoices/${inv.id}/pdf`, headers: user.auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // What the device does: the record, the user and contact it has, the logo PNG from the API.
    const logo = await app.inject({ method: 'GET', url: '/api/invoices/logo.png', headers: user.auth });
    expect(logo.headers['content-type']).toBe('image/png');
    const contact = (await api.get(`/contacts/${contactId}`)).body;
    const parties = pdfParties({ name: 'Ada Obi', company_name: 'Ada Stores', email: user.email }, contact);
    const device = await buildInvoicePdf(inv, {
      ...parties,
      payLink: invoicePublicLink(config.publicUrl, inv.public_id),
      logo: new Uint8Array(logo.rawPayload),
    });
    expect(Buffer.from(device).equals(res.rawPayload)).toBe(true);
  });

  it('is also served by the public link, without a token', async () => {
    const user = await signUp(app);
    const { api, contactId } = await withContact(app, user);
    // A finished invoice (a draft's link serves nothing of it: t17 A7).
    const inv = (await api.post('/invoices', invoiceBody(contactId, { status: 'ready' }))).body;
    const pub = await app.inject({ method: 'GET', url: `/api/invoices/public/${inv.public_id}/pdf` });
    const own = await app.inject({ method: 'GET', url: `/api/invoices/${inv.id}/pdf`, headers: user.auth });
    expect(pub.statusCode).toBe(200);
    expect(pub.rawPayload.equals(own.rawPayload)).toBe(true);
  });
});

describe('invoice e-mail', () => {
  it('mails the PDF to the client, lands in the outbox and marks the invoice sent', async () => {
    const user = await signUp(app);
    const { api, contactId } = await withContact(app, user, { email: 'client.mail@example.com' });
    const inv = (await api.post('/invoices', invoiceBody(contactId))).body;
    const res = await api.post(`/invoices/${inv.id}/email`, { message: 'Here is your invoice.' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ to: 'client.mail@example.com', invoice: { status: 'sent' } });
    const [mail] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'client.mail@example.com')).orderBy(desc(mailOutbox.createdAt)).limit(1);
    expect(mail.subject).toBe(`Invoice ${inv.number} from Ada Stores`);
    expect(mail.text).toContain('Here is your invoice.');
    expect(mail.text).toContain(`/invoice/link/${inv.public_id}`);
    expect(mail.text).toContain('₦3,762.50');
    const attachments = mail.attachments as Array<{ filename: string; contentType: string; size: number }>;
    expect(attachments).toHaveLength(1);
    expect(attachments[0]).toMatchObject({ filename: `${inv.number}.pdf`, contentType: 'application/pdf' });
    expect(attachments[0].size).toBeGreaterThan(1000);
  });

  it('sends to another address when given', async () => {
    const user = await signUp(app);
    const { api, contactId } = await withContact(app, user);
    const inv = (await api.post('/invoices', invoiceBody(contactId))).body;
    const res = await api.post(`/invoices/${inv.id}/email`, { to: 'accounts@example.com' });
    expect(res.body.to).toBe('accounts@example.com');
  });

  it('asks for an address when the client has none', async () => {
    const user = await signUp(app);
    const { api, contactId } = await withContact(app, user, { email: '' });
    const inv = (await api.post('/invoices', invoiceBody(contactId))).body;
    const res = await api.post(`/invoices/${inv.id}/email`, {});
    expect(res.status).toBe(422);
    expect(res.body.error.fields.to).toBeTruthy();
    expect((await api.post(`/invoices/${inv.id}/email`, { to: 'not-an-email' })).status).toBe(400);
  });
});

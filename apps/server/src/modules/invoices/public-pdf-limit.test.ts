import { randomBytes, randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openTestApp, signUp } from '../../test/harness';
import { invoiceBody, withContact } from './test-utils';

/**
 * Issue 22: the PDFs of a public link (invoice and receipts) are open to anyone holding the link, and each takes the
 * server up to a second or more (a 200-line invoice: 0.8–1.3 s measured on the loaded CI machine). One address gets
 * 20 a minute, invoice and receipt PDFs together; another address is not held up.
 */
const { app } = await openTestApp({ rateLimits: true });
const address = () => `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

describe('public PDFs (issue 22)', () => {
  it('are limited per address, invoices and receipts together', async () => {
    const owner = await signUp(app, { country: 'Kenya' }, { remoteAddress: address() });
    const { api, contactId } = await withContact(app, owner);
    const inv = (await api.post('/invoices', invoiceBody(contactId, { currency: 'KES', status: 'sent' }))).body;
    const paid = await api.post(`/invoices/${inv.id}/payments`, { amount: 1000, method: 'cash', date: '2026-11-23' });
    const paymentId = paid.body.payments[0].id as string;
    const ip = address();
    const get = (url: string, remoteAddress = ip) => app.inject({ method: 'GET', url, remoteAddress });
    expect((await get(`/api/invoices/public/${inv.public_id}/pdf`)).statusCode).toBe(200);
    expect((await get(`/api/invoices/public/${inv.public_id}/receipts/${paymentId}/pdf`)).statusCode).toBe(200);
    // Guessed links count too (answered before any work).
    for (let i = 0; i < 18; i++) expect((await get(`/api/invoices/public/${randomBytes(16).toString('base64url')}/pdf`)).statusCode).toBe(404);
    const over = await get(`/api/invoices/public/${inv.public_id}/pdf`);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect((await get(`/api/invoices/public/${inv.public_id}/receipts/${paymentId}/pdf`)).statusCode).toBe(429);
    // The page itself is not limited, nor is another address.
    expect((await get(`/api/invoices/public/${inv.public_id}`)).statusCode).toBe(200);
    expect((await get(`/api/invoices/public/${inv.public_id}/pdf`, address())).statusCode).toBe(200);
  }, 120_000);
});

import { randomUUID } from 'node:crypto';
import { AI_EXAMPLE_FIELDS } from '@duka/core';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { AppContext } from './lib/context';
import { invoiceBody, withContact } from './modules/invoices/test-utils';
import { upsert } from './modules/sync/test-utils';
import { givePaidPlan, type SignedUp } from './test/harness';

// Test helpers of the whole-app tests in src/: the books tenancy.test.ts (issue 22) calls every route with.

/** A small receipt photo, for the upload and the photo reader. */
export const photo = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
  .jpeg()
  .toBuffer();
export function multipart(content: Buffer, field = 'file') {
  const boundary = `----duka${randomUUID()}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="r.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, content, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A's books: one record of every kind the API serves, and every id and reference that names one. */
export async function booksOf(app: FastifyInstance, ctx: AppContext, user: SignedUp) {
  await givePaidPlan(ctx, user.userId);
  const { api, contactId } = await withContact(app, user, { name: 'Zawadi Traders' });
  const item = (await api.post('/catalogs', { name: 'Zawadi soap', sku: 'ZAW-1', unit_price: 30_000, track_stock: true })).body;
  const movement = (await api.post('/stock/adjustments', { catalog_id: item.id, quantity: 7, kind: 'received' })).body;
  const invoice = (await api.post('/invoices', invoiceBody(contactId, { status: 'sent' }))).body;
  const paid = (await api.post(`/invoices/${invoice.id}/payments`, { amount: 100_000, method: 'cash', date: '2026-11-23' })).body;
  const credit = (await api.post(`/invoices/${invoice.id}/credit-notes`, { lines: [{ line_id: invoice.lines[1].id, quantity: 1 }], reason: 'Late' })).body;
  const quote = (await api.post('/invoices', invoiceBody(contactId, { kind: 'quote', status: 'sent' }))).body;
  const noteId = randomUUID();
  const expenseId = randomUUID();
  await api.push([
    upsert('notes', noteId, { title: 'Shop note', body: 'Restock rice' }),
    upsert('expenses', expenseId, { amount: 5000, currency: 'NGN', date: '2026-11-03', category: 'Rent' }),
  ]);
  const upload = multipart(photo);
  await app.inject({ method: 'POST', url: `/api/expenses/${expenseId}/receipt`, headers: { ...user.auth, ...upload.headers }, payload: upload.payload });
  const fee = (await api.post('/fees', { name: 'Service', kind: 'fee', calculation: 'fixed', amount: 1000 })).body;
  const recurring = (await api.post('/recurring-invoices', { invoice_id: invoice.id, frequency: 'monthly', start_date: '2030-01-05' })).body;
  await app.inject({ method: 'PUT', url: `/api/invoices/${invoice.id}/reminders`, headers: user.auth, payload: { stopped: true } });
  const writing = await app.inject({
    method: 'POST',
    url: '/api/ai-writter/generate',
    headers: user.auth,
    payload: { generate: 'newsletter', ...AI_EXAMPLE_FIELDS.newsletter },
  });
  if (writing.statusCode !== 200) throw new Error(`AI writer: ${writing.body}`);
  const checkout = (await api.post('/transactions', { transaction: { credit_pack: 'credits-100' } })).body;
  const records = { contactId, itemId: item.id, movementId: movement.id, invoice, paymentId: paid.payments[0].id, credit, quote, noteId, expenseId, fee };
  const ids = [contactId, item.id, movement.id, invoice.id, invoice.public_id, paid.payments[0].id, credit.id, credit.public_id, quote.id];
  ids.push(quote.public_id, noteId, expenseId, fee.id, recurring.id, checkout.reference, user.username, user.email);
  ids.push(writing.json().data.id);
  for (const [name, value] of Object.entries({
    item: item.id,
    movement: movement.id,
    credit: credit.id,
    fee: fee.id,
    recurring: recurring.id,
    checkout: checkout.reference,
  }))
    if (typeof value !== 'string') throw new Error(`A's ${name} was not made`);
  return { ...records, recurringId: recurring.id as string, reference: checkout.reference as string, aiId: writing.json().data?.id as string, ids };
}

/** A rail payment of a Ugandan invoice (the test rail), and its reference. */
export async function railPayment(app: FastifyInstance, user: SignedUp) {
  const { api, contactId } = await withContact(app, user, { name: 'Nakato Sarah' });
  const inv = (await api.post('/invoices', invoiceBody(contactId, { status: 'sent', currency: 'UGX', fees: [], fee_ids: [] }))).body;
  const started = await app.inject({ method: 'POST', url: `/api/invoices/link/${inv.public_id}/rails/mtn_momo`, payload: { phone: '0772 123 456' } });
  if (started.statusCode !== 200) throw new Error(`rail: ${started.body}`);
  return { publicId: inv.public_id as string, reference: started.json().reference as string };
}

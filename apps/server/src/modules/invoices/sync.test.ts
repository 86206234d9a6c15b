import { randomUUID } from 'node:crypto';
import { computeInvoiceTotals } from '@duka/core';
import { describe, expect, it } from 'vitest';
import { openTestApp, signUp } from '../../test/harness';
import { remove, upsert } from '../sync/test-utils';
import { BODY_TOTAL, invoiceBody, withContact } from './test-utils';

const { app } = await openTestApp();

async function owner() {
  const user = await signUp(app);
  return withContact(app, user);
}

describe('invoices over sync', () => {
  it("carries an invoice's part-payment setting both ways (issue 23 item 10)", async () => {
    const { api, contactId } = await owner();
    const id = randomUUID();
    expect((await api.push([upsert('invoices', id, invoiceBody(contactId, { part_payments: true }))])).body.results[0].status).toBe('applied');
    expect((await api.get(`/invoices/${id}`)).body.part_payments).toBe(true);
    expect((await api.push([upsert('invoices', id, { part_payments: false })])).body.results[0].status).toBe('applied');
    const pulled = (await api.pull('invoices')).body.records.find((r: { id: string }) => r.id === id);
    expect(pulled.part_payments).toBe(false);
    // Left out: the business setting decides (null).
    const other = randomUUID();
    await api.push([upsert('invoices', other, invoiceBody(contactId))]);
    expect((await api.get(`/invoices/${other}`)).body.part_payments).toBeNull();
    expect((await api.push([upsert('invoices', other, { part_payments: 'yes' })])).body.results[0].status).toBe('rejected');
  });

  it('refuses a push of an invoice in a currency Duka does not support, saying which to use (t20 A5)', async () => {
    const { api, contactId } = await owner();
    for (const currency of ['BTC', 'usd']) {
      const res = await api.push([upsert('invoices', randomUUID(), invoiceBody(contactId, { currency }))]);
      expect(res.body.results[0].status, currency).toBe('rejected');
      expect(res.body.results[0].error.message, currency).toMatch(currency === 'usd' ? /Write the currency as USD/ : /"BTC" is not a currency Duka supports/);
    }
    const id = randomUUID();
    expect((await api.push([upsert('invoices', id, invoiceBody(contactId, { currency: 'TZS' }))])).body.results[0].status).toBe('applied');
    expect((await api.push([upsert('invoices', id, { currency: 'XAU' })])).body.results[0].status).toBe('rejected');
  });

  it('keeps the first holder of a number and renumbers the later one with a visible notice', async () => {
    const { api, contactId } = await owner();
    // Device A and device B both took INV-0003 offline; A syncs first.
    const a = randomUUID();
    const b = randomUUID();
    const ra = await api.push([upsert('invoices', a, invoiceBody(contactId, { number: 'INV-0003' }), { device: 'phone-a' })]);
    expect(ra.body.results[0].status).toBe('applied');
    const rb = await api.push([upsert('invoices', b, invoiceBody(contactId, { number: 'INV-0003' }), { device: 'phone-b' })]);
    expect(rb.body.results[0].status).toBe('applied');
    const first = (await api.get(`/invoices/${a}`)).body;
    const second = (await api.get(`/invoices/${b}`)).body;
    expect(first).toMatchObject({ number: 'INV-0003', notice: null });
    expect(second).toMatchObject({ number: 'INV-0004', notice: 'Renumbered from INV-0003 to INV-0004: another device used that number' });
    // The device sees the renumbering when it pulls.
    const pulled = (await api.pull('invoices')).body.records.find((r: { id: string }) => r.id === b);
    expect(pulled.number).toBe('INV-0004');
    // Dismissing the notice keeps the new number.
    const dismissed = await api.patch(`/invoices/${b}`, { notes: 'ok' });
    expect(dismissed.body.number).toBe('INV-0004');
    const cleared = await api.push([upsert('invoices', b, { notice: null })]);
    expect(cleared.body.results[0].status).toBe('applied');
    expect((await api.get(`/invoices/${b}`)).body.notice).toBeNull();
  });

  it('renumbers a clash inside one batch too', async () => {
    const { api, contactId } = await owner();
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    const res = await api.push(ids.map((id) => upsert('invoices', id, invoiceBody(contactId, { number: 'INV-0001' }))));
    expect(res.body.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied', 'applied']);
    const numbers = await Promise.all(ids.map(async (id) => (await api.get(`/invoices/${id}`)).body.number));
    expect(numbers).toEqual(['INV-0001', 'INV-0002', 'INV-0003']);
  });

  it('renumbers past the highest number of the series, keeping its prefix and width', async () => {
    const { api, contactId } = await owner();
    await api.push([
      upsert('invoices', randomUUID(), invoiceBody(contactId, { number: 'A-003' })),
      upsert('invoices', randomUUID(), invoiceBody(contactId, { number: 'A-007' })),
    ]);
    const id = randomUUID();
    await api.push([upsert('invoices', id, invoiceBody(contactId, { number: 'A-003' }))]);
    expect((await api.get(`/invoices/${id}`)).body).toMatchObject({
      number: 'A-008',
      notice: 'Renumbered from A-003 to A-008: another device used that number',
    });
    // A new invoice without a number continues the user's own series.
    expect((await api.post('/invoices', invoiceBody(contactId))).body.number).toBe('INV-0001');
  });

  it('creates with the client and the invoice in one batch, and resending changes nothing', async () => {
    const user = await signUp(app);
    const { api } = await withContact(app, user);
    const contactId = randomUUID();
    const id = randomUUID();
    const batch = [
      upsert('contacts', contactId, { name: 'New client' }),
      upsert('invoices', id, invoiceBody(contactId, { number: 'INV-0001', total_due: BODY_TOTAL })),
    ];
    const first = await api.push(batch);
    expect(first.body.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied']);
    const again = await api.push(batch);
    expect(again.body.results.map((r: { status: string }) => r.status)).toEqual(['duplicate', 'duplicate']);
    expect((await api.get('/invoices')).body.records).toHaveLength(1);
  });

  it('rejects a mutation whose totals disagree, keeping the reason', async () => {
    const { api, contactId } = await owner();
    const res = await api.push([upsert('invoices', randomUUID(), invoiceBody(contactId, { total_due: 1 }))]);
    expect(res.body.results[0]).toMatchObject({ status: 'rejected', error: { code: 'unprocessable' } });
    expect(res.body.results[0].error.fields.total_due).toBeTruthy();
  });

  it('never drops a payment the device did not know about', async () => {
    const { api, contactId } = await owner();
    const id = randomUUID();
    const body = invoiceBody(contactId);
    await api.push([upsert('invoices', id, body)]);
    const base = (await api.get(`/invoices/${id}`)).body.version;
    // Recorded on the server (e.g. a card payment or another device)…
    await api.post(`/invoices/${id}/payments`, { amount: 1_000, method: 'cash', date: '2026-11-23' });
    // …while this device, offline, adds its own payment and edits notes from the older version.
    const own = { id: randomUUID(), amount: 2_000, method: 'mobile_money', date: '2026-11-23', reference: 'MM' };
    const claimed = computeInvoiceTotals({ ...body, payments: [own] });
    const res = await api.push([
      upsert(
        'invoices',
        id,
        { notes: 'Edited offline', payments: [own], total_due: claimed.total_due, amount_paid: claimed.amount_paid },
        { base_version: base },
      ),
    ]);
    expect(res.body.results[0].status).toBe('applied');
    const after = (await api.get(`/invoices/${id}`)).body;
    expect(after.payments).toHaveLength(2);
    expect(after).toMatchObject({ amount_paid: 3_000, notes: 'Edited offline', status: 'partially_paid' });
  });

  it('frees the number of a deleted draft, and refuses deleting a sent invoice', async () => {
    const { api, contactId } = await owner();
    const draft = randomUUID();
    await api.push([upsert('invoices', draft, invoiceBody(contactId, { number: 'INV-0007' }))]);
    expect((await api.push([remove('invoices', draft)])).body.results[0].status).toBe('applied');
    const next = randomUUID();
    await api.push([upsert('invoices', next, invoiceBody(contactId, { number: 'INV-0007', sent_at: '2026-11-22T10:00:00.000Z' }))]);
    expect((await api.get(`/invoices/${next}`)).body).toMatchObject({ number: 'INV-0007', notice: null, status: 'sent' });
    const res = await api.push([remove('invoices', next)]);
    expect(res.body.results[0]).toMatchObject({ status: 'rejected', error: { code: 'conflict' } });
  });

  it('Finish makes an invoice ready, not sent; its page shown to the client sends it; the fact never goes back (issue 14 item 7)', async () => {
    const { api, contactId } = await owner();
    const id = randomUUID();
    const publicId = `Rd${randomUUID().replace(/-/g, '')}`.slice(0, 22);
    await api.push([upsert('invoices', id, invoiceBody(contactId, { public_id: publicId, finished_at: '2026-11-22T10:00:00.000Z' }))]);
    expect((await api.get(`/invoices/${id}`)).body).toMatchObject({ status: 'ready', sent_at: null, finished_at: '2026-11-22T10:00:00.000Z' });
    // A device cannot take it back to draft.
    await api.push([upsert('invoices', id, { finished_at: null }, { base_version: (await api.get(`/invoices/${id}`)).body.version })]);
    expect((await api.get(`/invoices/${id}`)).body.status).toBe('ready');
    // The client's page shows it (its script posts; the GET alone changes nothing, issue 22 item 9): sent from now on.
    expect((await app.inject({ method: 'GET', url: `/api/invoices/public/${publicId}` })).json()).toMatchObject({ status: 'ready' });
    const pub = await app.inject({ method: 'POST', url: `/api/invoices/public/${publicId}/viewed` });
    expect(pub.json()).toMatchObject({ status: 'sent' });
    expect((await api.get(`/invoices/${id}`)).body.sent_at).toBeTruthy();
  });

  it('keeps a device-chosen public id, and refuses one already used', async () => {
    const { api, contactId } = await owner();
    const publicId = 'AbCdEfGhIjKlMnOpQrStUv';
    await api.push([upsert('invoices', randomUUID(), invoiceBody(contactId, { public_id: publicId }))]);
    // The link is the device's (a draft: it says "not sent yet", t17 A7; an unknown link would be 404).
    const page = await app.inject({ method: 'GET', url: `/api/invoices/public/${publicId}` });
    expect(page.statusCode).toBe(409);
    expect(page.json().error.fields).toEqual({ invoice: 'not_sent' });
    const other = await owner();
    const res = await other.api.push([upsert('invoices', randomUUID(), invoiceBody(other.contactId, { public_id: publicId }))]);
    expect(res.body.results[0]).toMatchObject({ status: 'rejected', error: { code: 'conflict' } });
  });

  it("cannot touch another user's invoice through sync", async () => {
    const a = await owner();
    const b = await owner();
    const id = randomUUID();
    await a.api.push([upsert('invoices', id, invoiceBody(a.contactId))]);
    const res = await b.api.push([upsert('invoices', id, invoiceBody(b.contactId, { notes: 'mine now' }))]);
    expect(res.body.results[0]).toMatchObject({ status: 'rejected', error: { code: 'conflict' } });
    expect(res.body.results[0].error.message).toMatch(/^This id is already used/);
    expect((await a.api.get(`/invoices/${id}`)).body.notes).toBe('');
    expect((await b.api.pull('invoices')).body.records).toEqual([]);
  });
});

import { randomUUID } from 'node:crypto';
import { REFUSAL_REASONS } from '@duka/core';
import { describe, expect, it } from 'vitest';
import { openTestApp, signUp } from '../../test/harness';
import { invoiceBody, withContact } from '../invoices/test-utils';
import { remove, upsert } from './test-utils';

const { app } = await openTestApp();

// Testers' item (h154): a device recognised a refused change by the shape of its English sentence. Each refusal of a
// push now carries a stable code (error.reason, core's REFUSAL_REASONS) and the values it names (error.params).
describe('a refused pushed change says which refusal it is (reason and params)', () => {
  it('invoices, clients, notes and text: one code each, money in minor units with its currency', async () => {
    const user = await signUp(app);
    const { api, contactId } = await withContact(app, user);
    const inv = (await api.post('/invoices', invoiceBody(contactId))).body;
    await api.post(`/invoices/${inv.id}/payments`, { amount: 300_000, method: 'cash', date: '2026-11-23' });
    const future = (await api.post('/invoices', invoiceBody(contactId))).body;

    const res = await api.push([
      // the total below what was paid
      upsert('invoices', inv.id, { lines: [{ id: randomUUID(), description: 'Rice', quantity: 1, unit_price: 150_000, fee_ids: [] }] }),
      // a void of a paid invoice
      upsert('invoices', inv.id, { voided_at: new Date().toISOString() }),
      // a delete of an invoice that is not a draft
      remove('invoices', inv.id),
      // a payment dated after the business's today
      upsert('invoices', future.id, { payments: [{ id: randomUUID(), amount: 100, method: 'cash', reference: '', date: '2099-01-02' }] }),
      // a field the schema refuses; text no column can hold; an unknown client
      upsert('contacts', randomUUID(), { name: 'Amina', email: 'not an e-mail' }),
      upsert('contacts', randomUUID(), { name: 'Am\u0000ina' }),
      upsert('notes', randomUUID(), { body: 'Call back', contact_id: randomUUID() }),
    ]);
    expect(res.status).toBe(200);
    const errors = (res.body.results as Array<{ status: string; error: { reason?: string; params?: Record<string, unknown> } }>).map((r) => {
      expect(r.status).toBe('rejected');
      return r.error;
    });
    expect(errors[0]).toMatchObject({ code: 'unprocessable', reason: 'paid_above_total', params: { total: 161_250, paid: 300_000, currency: 'NGN' } });
    expect(errors[1]).toMatchObject({ code: 'conflict', reason: 'void_paid', params: { paid: 300_000, currency: 'NGN' } });
    expect(errors[2]).toMatchObject({ code: 'conflict', reason: 'delete_not_draft' });
    expect(errors[3]).toMatchObject({ reason: 'payment_future', params: { date: '2099-01-02' } });
    expect(errors[3].params?.today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(errors[4]).toMatchObject({ code: 'validation_failed', reason: 'invalid_field', params: { field: 'email' } });
    expect(errors[5]).toMatchObject({ code: 'validation_failed', reason: 'invalid_text', params: { field: 'name' } });
    expect(errors[6]).toMatchObject({ code: 'unprocessable', reason: 'client_not_found' });
    for (const e of errors) expect(REFUSAL_REASONS).toContain(e.reason);
  });

  it('an applied change carries no reason; a rejected one still has its code, message and fields as before', async () => {
    const user = await signUp(app);
    const { api } = await withContact(app, user);
    const [ok, bad] = (await api.push([upsert('notes', randomUUID(), { body: 'Fine' }), upsert('contacts', randomUUID(), { name: '' })])).body.results;
    expect(ok.status).toBe('applied');
    expect(ok.error).toBeUndefined();
    expect(bad.error).toMatchObject({ code: 'validation_failed', reason: 'invalid_field', params: { field: 'name' } });
    expect(typeof bad.error.message).toBe('string');
    expect(bad.error.fields.name).toBeTruthy();
  });
});

import { randomUUID } from 'node:crypto';
import { UNKNOWN_FEE } from '@duka/core';
import { describe, expect, it } from 'vitest';
import { openTestApp, signUp } from '../../test/harness';
import { withContact } from './test-utils';

// t17 K2: POST /api/invoices with fee_ids of the user's own fees (GET /api/fees) and no `fees` was refused
// "Unknown fee: add it to fees". t17 K1: a new Kenyan business's VAT is inside its prices.
const { app } = await openTestApp();

const unga = (extra: Record<string, unknown> = {}) => ({ id: randomUUID(), description: 'Unga 2kg', quantity: 1, unit_price: 21_000, fee_ids: [], ...extra });

describe('an invoice naming the user’s own fees by id', () => {
  it('takes their snapshots from the Fees tab: a Kenyan KSh210 item sells for KSh210 with VAT 28.97 inside', async () => {
    const user = await signUp(app, { country: 'Kenya' });
    const { api, contactId } = await withContact(app, user);
    const [vat] = (await api.get('/fees')).body.records;
    expect(vat).toMatchObject({ name: 'VAT 16%', percentage_bps: 1600, inclusive: true, default_on: true });
    const res = await api.post('/invoices', {
      contact_id: contactId,
      issue_date: '2026-11-20',
      currency: 'KES',
      lines: [unga()],
      fee_ids: [vat.id],
      status: 'sent',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ subtotal: 21_000, tax_total: 2_897, total_due: 21_000, balance: 21_000 });
    // A new snapshot rounds the percentage once on its total (t22 V1).
    expect(res.body.fees).toEqual([
      { id: vat.id, name: 'VAT 16%', kind: 'tax', calculation: 'percentage', percentage_bps: 1600, amount: 0, inclusive: true, round_on: 'total' },
    ]);
    // The VAT return counts the VAT inside the price, on the price without it.
    const ret = (await api.get('/reports/vat?from=2026-11-01&to=2026-11-30&currency=KES')).body;
    expect(ret.rates).toEqual([expect.objectContaining({ rate_bps: 1600, taxable: 18_103, output_tax: 2_897, net_tax: 2_897 })]);
    expect(ret.net_payable).toBe(2_897);
  });

  it('on a line and in a PATCH too; a snapshot sent in `fees` wins over the Fees tab', async () => {
    const user = await signUp(app, { country: 'Nigeria' });
    const { api, contactId } = await withContact(app, user);
    const [vat] = (await api.get('/fees')).body.records;
    const res = await api.post('/invoices', { contact_id: contactId, issue_date: '2026-11-20', currency: 'NGN', lines: [unga({ fee_ids: [vat.id] })] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ tax_total: 1_575, total_due: 22_575 });
    const bare = await api.post('/invoices', { contact_id: contactId, issue_date: '2026-11-20', currency: 'NGN', lines: [unga()] });
    expect(bare.body.tax_total).toBe(0);
    const patched = await api.patch(`/invoices/${bare.body.id}`, { fee_ids: [vat.id] });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body).toMatchObject({ tax_total: 1_575, total_due: 22_575 });
    const own = { ...vat, name: 'VAT (old rate)', percentage_bps: 500, amount: 0, inclusive: false };
    const kept = await api.post('/invoices', {
      contact_id: contactId,
      issue_date: '2026-11-20',
      currency: 'NGN',
      lines: [unga()],
      fees: [{ id: own.id, name: own.name, kind: 'tax', calculation: 'percentage', percentage_bps: 500, amount: 0, inclusive: false }],
      fee_ids: [vat.id],
    });
    expect(kept.body).toMatchObject({ tax_total: 1_050 });
  });

  it('never takes another user’s fee: its id is refused with a sentence saying what to send', async () => {
    const owner = await signUp(app, { country: 'Kenya' });
    const [theirs] = (await (await withContact(app, owner)).api.get('/fees')).body.records;
    const { api, contactId } = await withContact(app, await signUp(app, { country: 'Kenya' }));
    const res = await api.post('/invoices', { contact_id: contactId, currency: 'KES', lines: [unga()], fee_ids: [theirs.id] });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(`fee_ids.0: ${UNKNOWN_FEE}`);
    expect(UNKNOWN_FEE).toContain('GET /api/fees');
    expect((await api.get('/invoices')).body.records).toEqual([]);
    const line = await api.post('/invoices', { contact_id: contactId, currency: 'KES', lines: [unga({ fee_ids: [theirs.id] })] });
    expect(line.status).toBe(400);
    expect(line.body.error.message).toBe(`lines.0.fee_ids.0: ${UNKNOWN_FEE}`);
  });
});

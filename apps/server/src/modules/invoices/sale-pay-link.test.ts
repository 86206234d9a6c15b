import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openTestApp, signUp } from '../../test/harness';
import { upsert } from '../sync/test-utils';
import { withContact } from './test-utils';

// A counter sale left owed, its pay link sent (issue 28): the customer pays it online like an invoice.
const { app } = await openTestApp();
const get = (url: string) => app.inject({ method: 'GET', url });
const post = (url: string, payload: object = {}) => app.inject({ method: 'POST', url, payload });

async function owedSale(payments: Array<Record<string, unknown>> = []) {
  const user = await signUp(app);
  const { api, contactId } = await withContact(app, user);
  const id = randomUUID();
  const at = '2026-11-25T10:00:00.000Z';
  const res = await api.push([
    upsert('invoices', id, {
      kind: 'sale',
      contact_id: contactId,
      issue_date: '2026-11-25',
      due_date: '2026-11-25',
      currency: 'NGN',
      public_id: `sale${randomUUID().replaceAll('-', '')}`.slice(0, 24),
      lines: [{ id: randomUUID(), description: 'Soap', quantity: 2, unit_price: 50_000, fee_ids: [] }],
      sent_at: at,
      finished_at: at,
      payments,
    }),
  ]);
  expect(res.body.results[0].status, JSON.stringify(res.body.results[0])).toBe('applied');
  return { api, sale: (await api.get(`/invoices/${id}`)).body };
}

describe('a sale sent with a pay link', () => {
  it('is owed, and its public page takes the payment that settles it', async () => {
    const { api, sale } = await owedSale();
    expect(sale).toMatchObject({ kind: 'sale', number: 'SAL-0001', status: 'sent', balance: 100_000 });
    const view = (await get(`/api/invoices/public/${sale.public_id}`)).json();
    expect(view).toMatchObject({ kind: 'sale', balance: 100_000, pay_provider: 'test-pay', pay_checkout: true });
    const started = (await post(`/api/pay/${sale.public_id}/checkout`)).json();
    expect(started.authorization_url).toBe(`/pay/checkout/${started.reference}`);
    const done = await post(`/api/test-pay/invoice-checkouts/${started.reference}/confirm`, { channel: 'bank_transfer' });
    expect(done.statusCode).toBe(200);
    const after = (await api.get(`/invoices/${sale.id}`)).body;
    // The built-in test provider's payment is stamped TEST and is no money (issue 22): the sale is still owed,
    // its page tagged Paid (TEST).
    expect(after).toMatchObject({ status: 'sent', balance: 100_000 });
    expect(after.payments).toEqual([expect.objectContaining({ amount: 100_000, method: 'bank_transfer', test: true })]);
    expect((await get(`/api/invoices/public/${sale.public_id}`)).json()).toMatchObject({ balance: 100_000, test_status: 'paid' });
  });

  it('split: the part taken in cash is paid, the rest owed by link; a paid sale has nothing to pay', async () => {
    const { sale } = await owedSale([{ id: randomUUID(), amount: 40_000, method: 'cash', date: '2026-11-25', reference: '' }]);
    expect(sale).toMatchObject({ status: 'partially_paid', balance: 60_000 });
    expect((await get(`/api/invoices/public/${sale.public_id}`)).json()).toMatchObject({ balance: 60_000, pay_provider: 'test-pay' });
    const paid = await owedSale([{ id: randomUUID(), amount: 100_000, method: 'cash', date: '2026-11-25', reference: '' }]);
    expect((await get(`/api/invoices/public/${paid.sale.public_id}`)).json()).toMatchObject({ balance: 0, pay_provider: null, rails: [] });
    expect((await post(`/api/pay/${paid.sale.public_id}/checkout`)).statusCode).toBe(409);
  });
});

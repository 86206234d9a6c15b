import { describe, expect, it } from 'vitest';
import { openTestApp, signUp } from '../../test/harness';
import { invoiceBody, withContact } from '../invoices/test-utils';

// Issue 23 item 3: the pay page offers only the rails that take the invoice's currency (no naira checkout for francs).
const { app } = await openTestApp();
const get = (url: string) => app.inject({ method: 'GET', url });

async function publicInvoice(currency: string) {
  const user = await signUp(app);
  const { api, contactId } = await withContact(app, user);
  const inv = (await api.post('/invoices', invoiceBody(contactId, { status: 'sent', currency }))).body as { public_id: string; currency: string };
  expect(inv.currency).toBe(currency);
  return { inv, page: (await get(`/api/invoices/public/${inv.public_id}`)).json() };
}

describe('online payment rails by currency (issue 23)', () => {
  it('naira: the checkout', async () => {
    const { page } = await publicInvoice('NGN');
    expect(page).toMatchObject({ pay_provider: 'test-pay', pay_checkout: true });
  });

  it('CFA francs: the card form, never the naira checkout; whole francs', async () => {
    const { inv, page } = await publicInvoice('XAF');
    expect(page).toMatchObject({ pay_provider: 'test-pay', pay_checkout: false, currency: 'XAF' });
    expect((await get(`/api/pay/${inv.public_id}/checkout`)).statusCode).toBe(409);
    const secret = await get(`/api/test-pay/client-secrete/${inv.public_id}`);
    expect(secret.statusCode).toBe(200);
    expect(secret.json()).toMatchObject({ currency: 'XAF', amount: page.balance });
  });

  it('a currency no rail takes (ZiG, cedi): nothing to pay online, and the card and checkout routes say why', async () => {
    for (const currency of ['ZWG', 'GHS']) {
      const { inv, page } = await publicInvoice(currency);
      expect(page).toMatchObject({ pay_provider: null, pay_checkout: false });
      const secret = await get(`/api/test-pay/client-secrete/${inv.public_id}`);
      expect(secret.statusCode).toBe(409);
      expect(secret.json().error.message).toBe(`This invoice cannot be paid online in ${currency} yet`);
      expect((await get(`/api/pay/${inv.public_id}/checkout`)).statusCode).toBe(409);
    }
  });
});

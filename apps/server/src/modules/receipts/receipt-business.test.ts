import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openTestApp, signUp } from '../../test/harness';
import { invoiceBody, withContact } from '../invoices/test-utils';
import { pdfText } from '@duka/pdf/testing';

/** Issue 23: the receipt PDF shows the business's address and phone, as the invoice PDF does. */
const { app } = await openTestApp();

describe('receipt PDF business block', () => {
  it('prints the address and phone from the business details', async () => {
    const user = await signUp(app, { company_name: 'Ada Tailoring' });
    const patched = await app.inject({
      method: 'PATCH',
      url: `/api/users/${user.username}`,
      headers: user.auth,
      payload: { user: { invoice_settings: { business: { address: '12 Market Road, Yaba', phone: '0805 987 6543', tax_id: '', registration_number: '' } } } },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const { api, contactId } = await withContact(app, user);
    const inv = (await api.post('/invoices', invoiceBody(contactId))).body as { id: string };
    const p = randomUUID();
    await api.post(`/invoices/${inv.id}/payments`, { id: p, amount: 100_000, method: 'cash', date: '2026-11-23' });
    const pdf = await app.inject({ method: 'GET', url: `/api/invoices/${inv.id}/receipts/${p}/pdf`, headers: user.auth });
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text, text).toContain('12 Market Road, Yaba');
    expect(text).toContain('0805 987 6543');
  });
});

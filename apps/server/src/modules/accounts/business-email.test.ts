import { describe, expect, it } from 'vitest';
import { invoiceBody, withContact } from '../invoices/test-utils';
import { openTestApp, signUp } from '../../test/harness';

/** Issue 22 item 5: the public invoice never shows the owner's login e-mail; an optional business e-mail instead. */
const { app } = await openTestApp();

describe('business contact e-mail', () => {
  it('the public invoice and its PDF print the business e-mail of the settings, never the login e-mail', async () => {
    const user = await signUp(app);
    const { api, contactId } = await withContact(app, user);
    const inv = (await api.post('/invoices', invoiceBody(contactId, { status: 'ready' }))).body; // a draft's link serves nothing (t17 A7)
    const before = await app.inject({ method: 'GET', url: `/api/invoices/public/${inv.public_id}` });
    expect(before.statusCode).toBe(200);
    expect(before.json().business.email).toBeNull();
    expect(before.body).not.toContain(user.email);

    const patch = (business: Record<string, unknown>) =>
      app.inject({ method: 'PATCH', url: `/api/users/${user.username}`, headers: user.auth, payload: { user: { invoice_settings: { business } } } });
    const bad = await patch({ address: '', phone: '', tax_id: '', registration_number: '', email: 'not an address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/valid e-mail/);

    const ok = await patch({ address: '12 Market Road', phone: '', tax_id: '', registration_number: '', email: 'sales@ada-stores.example' });
    expect(ok.statusCode).toBe(200);
    const after = await app.inject({ method: 'GET', url: `/api/invoices/public/${inv.public_id}` });
    expect(after.json().business.email).toBe('sales@ada-stores.example');
    expect(after.body).not.toContain(user.email);

    // Cleared again: nothing printed, still not the login e-mail.
    expect((await patch({ address: '', phone: '', tax_id: '', registration_number: '', email: '' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: `/api/invoices/public/${inv.public_id}` })).json().business.email).toBeNull();
  });
});

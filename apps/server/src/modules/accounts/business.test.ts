import { describe, expect, it } from 'vitest';
import { openTestApp, signUp, type SignedUp } from '../../test/harness';
import { invoiceBody, withContact } from '../invoices/test-utils';

const { app } = await openTestApp();
const patch = (u: SignedUp, user: Record<string, unknown>) =>
  app.inject({ method: 'PATCH', url: `/api/users/${u.username}`, headers: u.auth, payload: { user } });

describe('business details (issue 14)', () => {
  it('keeps address, phone (E.164), tax ID and registration number in invoice_settings and shows them on the public page', async () => {
    const u = await signUp(app, { company_name: 'Ada Tailoring' });
    const res = await patch(u, {
      invoice_settings: { business: { address: '12 Market Road, Yaba', phone: '0805 987 6543', tax_id: 'TIN 1234', registration_number: 'RC 765' } },
    });
    expect(res.statusCode).toBe(200);
    const settings = JSON.parse(res.json().invoice_settings);
    expect(settings.business).toEqual({ address: '12 Market Road, Yaba', phone: '+2348059876543', tax_id: 'TIN 1234', registration_number: 'RC 765' });
    expect(settings).toMatchObject({ currency: 'NGN', invoice_prefix: 'INV-' });
    // Other invoice settings keep the business.
    const again = await patch(u, { invoice_settings: { due_days: 7 } });
    expect(JSON.parse(again.json().invoice_settings).business.tax_id).toBe('TIN 1234');

    const { api, contactId } = await withContact(app, u);
    const inv = (await api.post('/invoices', invoiceBody(contactId, { status: 'ready' }))).body; // a draft's link serves nothing (t17 A7)
    const pub = await app.inject({ method: 'GET', url: `/api/invoices/public/${inv.public_id}` });
    expect(pub.statusCode).toBe(200);
    expect(pub.json().business).toMatchObject({
      name: 'Ada Tailoring',
      address: '12 Market Road, Yaba',
      phone: '0805 987 6543',
      tax_id: 'TIN 1234',
      registration_number: 'RC 765',
      tax_invoice: false,
      // Nigeria's names for the numbers, for the page to print them as its PDF does.
      tax_id_label: 'TIN',
      registration_label: 'RC no.',
    });
  });

  it('a South African business with a VAT number issues tax invoices: the public page says so (t22 T3)', async () => {
    const u = await signUp(app, { company_name: 'Braai Joburg', country: 'South Africa' });
    expect((await patch(u, { invoice_settings: { business: { address: '', phone: '', tax_id: '4123456789', registration_number: '' } } })).statusCode).toBe(
      200,
    );
    const { api, contactId } = await withContact(app, u);
    const inv = (await api.post('/invoices', invoiceBody(contactId, { status: 'ready', currency: 'ZAR' }))).body;
    const pub = (await app.inject({ method: 'GET', url: `/api/invoices/public/${inv.public_id}` })).json();
    expect(pub.business).toMatchObject({ tax_id: '4123456789', tax_invoice: true, tax_id_label: null, registration_label: null });
  });

  it('refuses a business phone that cannot be a number, naming the field', async () => {
    const u = await signUp(app);
    const res = await patch(u, { invoice_settings: { business: { address: '', phone: '0805987', tax_id: '', registration_number: '' } } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields['user.invoice_settings.business.phone']).toMatch(/not a valid Nigeria phone number/);
  });

  it('another user never sees them', async () => {
    const a = await signUp(app);
    await patch(a, { invoice_settings: { business: { address: 'Secret street', phone: '', tax_id: 'A-TIN', registration_number: '' } } });
    const b = await signUp(app);
    const { api, contactId } = await withContact(app, b);
    const inv = (await api.post('/invoices', invoiceBody(contactId, { status: 'ready' }))).body; // a draft's link serves nothing (t17 A7)
    const pub = (await app.inject({ method: 'GET', url: `/api/invoices/public/${inv.public_id}` })).json();
    expect(JSON.stringify(pub)).not.toContain('Secret street');
    expect(pub.business.tax_id).toBeNull();
  });
});

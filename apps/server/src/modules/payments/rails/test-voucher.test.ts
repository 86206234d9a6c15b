import { describe, expect, it } from 'vitest';
import { openTestApp, signUp } from '../../../test/harness';
import { invoiceBody, withContact } from '../../invoices/test-utils';
import { TEST_VOUCHER_AGAIN, TEST_VOUCHER_PROMPT } from './test-rail';

/**
 * Issue 25, TEST MODE in Ghana: Telecel Cash through Paystack asks for a voucher before it prompts the phone (send_otp,
 * then POST /charge/submit_otp). The test provider asks the same: the voucher code shows on the test phone, the invoice
 * page takes it, and only then does the prompt reach the phone. MTN MoMo and AirtelTigo ask none, as on Paystack.
 */
const { app } = await openTestApp();
const inject = (method: 'GET' | 'POST', url: string, payload?: object) => app.inject({ method, url, ...(payload ? { payload } : {}) });

async function ghanaInvoice() {
  const user = await signUp(app, { country: 'Ghana' });
  const { api, contactId } = await withContact(app, user, { name: 'Ama Mensah' });
  const res = await api.post('/invoices', invoiceBody(contactId, { status: 'sent', currency: 'GHS', fees: [], fee_ids: [] }));
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body as { public_id: string; total_due: number };
}
const start = (publicId: string, network: string, phone: string) => inject('POST', `/api/invoices/link/${publicId}/rails/paystack_momo`, { phone, network });
const otp = (publicId: string, ref: string, code: string) => inject('POST', `/api/invoices/link/${publicId}/rails/paystack_momo/${ref}/otp`, { otp: code });
const status = async (publicId: string, ref: string) => (await inject('GET', `/api/invoices/link/${publicId}/rails/paystack_momo/${ref}`)).json();

describe('TEST MODE: the Telecel Cash voucher (issue 25)', () => {
  it('asks for the voucher the test phone shows, refuses a wrong one, then prompts the phone', async () => {
    const inv = await ghanaInvoice();
    const page = (await inject('GET', `/api/invoices/public/${inv.public_id}`)).json();
    expect(page.rails.find((r: { name: string }) => r.name === 'Telecel Cash')).toMatchObject({ id: 'paystack_momo', network: 'vod', test_mode: true });

    const started = await start(inv.public_id, 'vod', '020 123 4567');
    expect(started.statusCode).toBe(200);
    const { reference } = started.json();
    expect(started.json()).toMatchObject({ otp_prompt: TEST_VOUCHER_PROMPT, test_phone_url: `/test-phone/${reference}`, redirect_url: null });

    // The test phone shows the voucher, and no prompt can be answered before it is typed.
    const phone = (await inject('GET', `/api/test-phone/${reference}`)).json();
    expect(phone).toMatchObject({ rail_name: 'Telecel Cash', status: 'pending', voucher: expect.stringMatching(/^[0-9]{6}$/) });
    const early = await inject('POST', `/api/test-phone/${reference}/approve`);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe('Type the voucher code on the invoice page first: the payment prompt comes to this phone after it.');

    // A wrong code is asked again, with words to act on; the payment still waits.
    const wrong = String((Number(phone.voucher) % 999_999) + 1).padStart(6, '0');
    expect((await otp(inv.public_id, reference, wrong)).json()).toEqual({ status: 'pending', message: null, otp_prompt: TEST_VOUCHER_AGAIN });
    expect((await inject('GET', `/api/test-phone/${reference}`)).json().voucher).toBe(phone.voucher);

    // The right code: the prompt goes on to the phone, which now shows it without a voucher.
    expect((await otp(inv.public_id, reference, phone.voucher)).json()).toEqual({ status: 'pending', message: null, otp_prompt: null });
    expect((await inject('GET', `/api/test-phone/${reference}`)).json().voucher).toBeNull();
    expect((await inject('POST', `/api/test-phone/${reference}/approve`)).json()).toMatchObject({ status: 'approved' });
    expect(await status(inv.public_id, reference)).toMatchObject({ status: 'paid', balance: 0, operator_id: expect.stringMatching(/^TEST/) });
  });

  it('AirtelTigo through Paystack and MTN MoMo ask no voucher', async () => {
    for (const [rail, body] of [
      ['paystack_momo', { network: 'atl', phone: '026 123 4567' }],
      ['mtn_momo', { phone: '024 412 3456' }],
    ] as const) {
      const inv = await ghanaInvoice();
      const started = await inject('POST', `/api/invoices/link/${inv.public_id}/rails/${rail}`, body);
      expect(started.statusCode, rail).toBe(200);
      expect(started.json().otp_prompt, rail).toBeNull();
      expect((await inject('GET', `/api/test-phone/${started.json().reference}`)).json()).toMatchObject({ voucher: null });
    }
  });
});

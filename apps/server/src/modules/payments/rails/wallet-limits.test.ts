import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openTestApp, signUp } from '../../../test/harness';
import { withContact } from '../../invoices/test-utils';

// t20 K2 and T1: a wallet is offered, and a prompt started, only for what it takes in one payment: at most M-Pesa's
// KSh250,000 or MTN MoMo / Airtel Money Uganda's USh5,000,000 (core's walletMax), and whole shillings in Kenya and
// Tanzania (core's walletUnit). Rails run in TEST MODE (no provider settings): the test provider takes any amount, so
// each refusal here is Duka's own.
const { app } = await openTestApp();
const inject = (method: 'GET' | 'POST', url: string, payload?: object) => app.inject({ method, url, ...(payload ? { payload } : {}) });

async function invoiceOf(country: string, currency: string, unitPrice: number, extra: Record<string, unknown> = {}) {
  const user = await signUp(app, { country });
  const { api, contactId } = await withContact(app, user, { name: 'Amina' });
  const lines = [{ id: randomUUID(), description: 'Cement', quantity: 1, unit_price: unitPrice, fee_ids: [] }];
  const res = await api.post('/invoices', {
    contact_id: contactId,
    issue_date: '2026-11-20',
    currency,
    status: 'sent',
    lines,
    fees: [],
    fee_ids: [],
    ...extra,
  });
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body as { id: string; public_id: string };
}
const start = (publicId: string, rail: string, body: object) => inject('POST', `/api/invoices/link/${publicId}/rails/${rail}`, body);

describe("mobile money within the wallet's per-payment limit (t20 K2) and its unit (T1)", () => {
  it('Kenya: KSh500,000 is not sent to M-Pesa (KSh250,000 a payment); with part payments KSh250,000 is, a shilling more is not', async () => {
    const whole = await invoiceOf('Kenya', 'KES', 50_000_000);
    const page = (await inject('GET', `/api/invoices/public/${whole.public_id}`)).json();
    expect(page.rails.find((r: { id: string }) => r.id === 'mpesa')).toMatchObject({ max: 25_000_000, unit: 100 });
    const refused = await start(whole.public_id, 'mpesa', { phone: '0712 345 678' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe('M-Pesa takes at most KSh250,000 a payment: pay another way, or ask the business to allow part payments');

    const part = await invoiceOf('Kenya', 'KES', 50_000_000, { part_payments: true });
    const above = await start(part.public_id, 'airtel_money', { phone: '0733 123 456', amount: 25_000_100 });
    expect(above.statusCode).toBe(400);
    expect(above.json().error.message).toBe('Airtel Money takes at most KSh250,000 a payment: enter KSh250,000 or less and pay the rest in another payment');
    const within = await start(part.public_id, 'mpesa', { phone: '0712 345 678', amount: 25_000_000 });
    expect(within.statusCode, within.body).toBe(200);
    expect(within.json()).toMatchObject({ amount: 25_000_000, currency: 'KES' });
  });

  it('Uganda: USh364,197,501 is not sent to MTN MoMo (USh5,000,000 a payment)', async () => {
    const inv = await invoiceOf('Uganda', 'UGX', 364_197_501);
    const page = (await inject('GET', `/api/invoices/public/${inv.public_id}`)).json();
    expect(page.rails.find((r: { id: string }) => r.id === 'mtn_momo')).toMatchObject({ max: 5_000_000 });
    expect(page.rails.find((r: { id: string }) => r.id === 'mtn_momo').unit).toBeUndefined();
    const refused = await start(inv.public_id, 'mtn_momo', { phone: '078 123 4567' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toMatch(/^MTN MoMo takes at most USh5,000,000 a payment/);
  });

  it('Tanzania: a balance with cents is not sent to a wallet (whole shillings, like Kenya)', async () => {
    const inv = await invoiceOf('Tanzania', 'TZS', 920_459);
    const page = (await inject('GET', `/api/invoices/public/${inv.public_id}`)).json();
    const wallet = page.rails.find((r: { kind: string }) => r.kind === 'phone');
    expect(wallet).toMatchObject({ unit: 100 });
    expect(wallet.max).toBeUndefined();
    const refused = await start(inv.public_id, wallet.id, { phone: '0754 123 456', network: 'VODAFONE' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toMatch(/takes whole shillings and the balance, TSh 9,204\.59, has cents/);

    const part = await invoiceOf('Tanzania', 'TZS', 920_459, { part_payments: true });
    const cents = await start(part.public_id, wallet.id, { phone: '0754 123 456', network: 'TIGO', amount: 620_459 });
    expect(cents.statusCode).toBe(400);
    expect(cents.json().error.message).toMatch(/takes whole shillings: enter an amount without cents/);
    const shillings = await start(part.public_id, wallet.id, { phone: '0754 123 456', network: 'TIGO', amount: 620_400 });
    expect(shillings.statusCode, shillings.body).toBe(200);
  });
});

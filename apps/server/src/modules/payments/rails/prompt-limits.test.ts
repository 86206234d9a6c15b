import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { invoices, paymentIntents } from '../../../db/schema';
import { startDarajaServer } from '../../../test/daraja-server';
import { openTestApp, randomIp, signUp } from '../../../test/harness';
import { invoiceBody, withContact } from '../../invoices/test-utils';
import { PROMPT_LIMITS } from '../prompt-limits';

/**
 * Issue 25: a stranger holding a pay link must not be able to spam a customer's phone with prompts or hammer one
 * invoice. Rail prompts are limited per phone number and per invoice (besides the per-address limit), with the
 * same counters as M-Pesa's: switching rails, invoices or addresses does not get around them. Rails run in TEST
 * MODE (no provider settings); M-Pesa against a local Daraja.
 */
const creds = { consumerKey: 'ck_lim', consumerSecret: 'cs_lim', shortcode: '174379', passkey: 'passkey_lim' };
const daraja = await startDarajaServer(creds);
const { app, ctx } = await openTestApp({ rateLimits: true, mpesa: creds, mpesaApiBase: daraja.base });
afterAll(() => daraja.close());

const L = PROMPT_LIMITS;
async function invoiceIn(country: string, currency: string) {
  const user = await signUp(app, { country, language: 'en' }, { remoteAddress: randomIp() });
  const { api, contactId } = await withContact(app, user, { name: 'Nakato Sarah' });
  const res = await api.post('/invoices', invoiceBody(contactId, { status: 'sent', currency, fees: [], fee_ids: [] }));
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body as { id: string; public_id: string };
}
/**
 * Every request from another address: the per-address route limit is not what is tested here. Each prompt is then
 * declined (one prompt waits per invoice at a time; the limits count those the customer answered too).
 */
const start = async (publicId: string, rail: string, body: object = {}) => {
  const res = await app.inject({ method: 'POST', url: `/api/invoices/link/${publicId}/rails/${rail}`, payload: body, remoteAddress: randomIp() });
  const [inv] = await ctx.db.select({ id: invoices.id }).from(invoices).where(eq(invoices.publicId, publicId));
  if (inv)
    await ctx.db
      .update(paymentIntents)
      .set({ status: 'cancelled' })
      .where(and(eq(paymentIntents.invoiceId, inv.id), eq(paymentIntents.status, 'pending')));
  return res;
};
/** Numbers of this run only (on PostgreSQL the counters outlive a run): 9 digits after the given prefix digits. */
const run = String(Math.floor(Math.random() * 9000) + 1000);
const intentsOf = async (invoiceId: string) => (await ctx.db.select().from(paymentIntents).where(eq(paymentIntents.invoiceId, invoiceId))).length;

describe('payment prompts from a pay link are limited (issue 25)', () => {
  it('per phone number, across rails and invoices: the 4th prompt to one number in 15 minutes is refused', async () => {
    const a = await invoiceIn('Uganda', 'UGX');
    const b = await invoiceIn('Uganda', 'UGX');
    const phone = `0772 ${run} 01`;
    expect((await start(a.public_id, 'mtn_momo', { phone })).statusCode).toBe(200);
    expect((await start(a.public_id, 'airtel_money', { phone })).statusCode).toBe(200);
    // The same number written another way, on another shop's invoice.
    expect((await start(b.public_id, 'mtn_momo', { phone: `+256 772${run}01` })).statusCode).toBe(200);
    const refused = await start(b.public_id, 'airtel_money', { phone });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.fields).toEqual({ quota: 'rail_phone', retry_after: expect.stringMatching(/^[0-9]+$/) });
    expect(refused.json().error.message).toBe(
      `This phone number has had ${L.phoneBurst} payment prompts recently. Please try again in 15 minutes, or pay another way.`,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800);
    // The page names the same wait in the customer's language (t18 U1).
    expect(refused.json().error.fields.retry_after).toBe(refused.headers['retry-after']);
    // Nothing was sent for the refused prompt: no intent, no prompt on the test phone.
    expect(await intentsOf(b.id)).toBe(1);
    // Another number still gets its prompt.
    expect((await start(b.public_id, 'airtel_money', { phone: `0752 ${run} 02` })).statusCode).toBe(200);
  });

  it('an approved prompt gives its count back; declined and timed-out ones keep counting (t18 U1)', async () => {
    const [a, b, c] = [await invoiceIn('Uganda', 'UGX'), await invoiceIn('Uganda', 'UGX'), await invoiceIn('Uganda', 'UGX')];
    const phone = `0772 ${run} 05`;
    // INV a: approved on the phone and settled (paid in TEST MODE).
    const approved = await app.inject({
      method: 'POST',
      url: `/api/invoices/link/${a.public_id}/rails/mtn_momo`,
      payload: { phone },
      remoteAddress: randomIp(),
    });
    expect(approved.statusCode).toBe(200);
    const reference = approved.json().reference as string;
    await app.inject({ method: 'POST', url: `/api/test-phone/${reference}/approve`, remoteAddress: randomIp() });
    const status = await app.inject({ method: 'GET', url: `/api/invoices/link/${a.public_id}/rails/mtn_momo/${reference}`, remoteAddress: randomIp() });
    expect(status.json().status).toBe('paid');
    // Asked again (a second poll): given back once only.
    await app.inject({ method: 'GET', url: `/api/invoices/link/${a.public_id}/rails/mtn_momo/${reference}`, remoteAddress: randomIp() });
    // INV b declined, INV c timed out, then Try again on c: the 3rd counted prompt, still allowed.
    expect((await start(b.public_id, 'mtn_momo', { phone })).statusCode).toBe(200);
    expect((await start(c.public_id, 'mtn_momo', { phone })).statusCode).toBe(200);
    expect((await start(c.public_id, 'mtn_momo', { phone })).statusCode).toBe(200);
    // The next unanswered one is refused: a phone cannot be flooded.
    const refused = await start(c.public_id, 'mtn_momo', { phone });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.fields.quota).toBe('rail_phone');
  });

  it('per invoice: after 5 prompts in 15 minutes, whatever the numbers and addresses, the invoice takes no more', async () => {
    const inv = await invoiceIn('Uganda', 'UGX');
    for (let i = 0; i < L.invoiceBurst; i++) expect((await start(inv.public_id, 'mtn_momo', { phone: `0772 ${run} 1${i}` })).statusCode).toBe(200);
    const refused = await start(inv.public_id, 'mtn_momo', { phone: `0772 ${run} 19` });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.fields).toEqual({ quota: 'rail_invoice', retry_after: expect.stringMatching(/^[0-9]+$/) });
    expect(refused.json().error.message).toMatch(/^This invoice has had 5 payment requests recently\. Please try again in 15 minutes/);
    expect(await intentsOf(inv.id)).toBe(L.invoiceBurst);
    // A refused prompt did not use up the number's own count (it still gets prompts for another invoice).
    const other = await invoiceIn('Uganda', 'UGX');
    for (let i = 0; i < L.phoneBurst; i++) expect((await start(other.public_id, 'airtel_money', { phone: `0772 ${run} 19` })).statusCode).toBe(200);
  });

  it('M-Pesa (Daraja) and Airtel Money share the counters of a Kenyan invoice', async () => {
    const inv = await invoiceIn('Kenya', 'KES');
    const pushes = daraja.pushes.length;
    for (let i = 0; i < 2; i++) expect((await start(inv.public_id, 'mpesa', { phone: `0712 ${run} 2${i}` })).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) expect((await start(inv.public_id, 'airtel_money', { phone: `0733 ${run} 2${i}` })).statusCode).toBe(200);
    const mpesa = await start(inv.public_id, 'mpesa', { phone: `0712 ${run} 29` });
    expect(mpesa.statusCode).toBe(429);
    expect(mpesa.json().error.fields).toEqual({ quota: 'mpesa_invoice', retry_after: expect.stringMatching(/^[0-9]+$/) });
    const airtel = await start(inv.public_id, 'airtel_money', { phone: `0733 ${run} 29` });
    expect(airtel.json().error.fields).toEqual({ quota: 'rail_invoice', retry_after: expect.stringMatching(/^[0-9]+$/) });
    expect(daraja.pushes.length - pushes).toBe(2);
  });

  it('hosted checkouts (Chapa) count per invoice', async () => {
    const inv = await invoiceIn('Ethiopia', 'ETB');
    for (let i = 0; i < L.invoiceBurst; i++) expect((await start(inv.public_id, 'chapa')).statusCode).toBe(200);
    const refused = await start(inv.public_id, 'chapa');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.fields).toEqual({ quota: 'rail_invoice', retry_after: expect.stringMatching(/^[0-9]+$/) });
  });
});

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentIntents } from '../../../db/schema';
import { openTestApp, signUp } from '../../../test/harness';
import { invoiceBody, withContact } from '../../invoices/test-utils';
import { PROMPT_WAIT_MS, PROMPT_WAITING_ELSEWHERE } from './pending-prompt';

// Issue 25 (t25 D1, D3, D5): one phone prompt waiting per invoice across all rails; the whole-shilling rule on the
// balance when no amount is sent, named after the rail concerned. TEST MODE rails (no provider settings).
const { app, ctx } = await openTestApp();
const inject = (method: 'GET' | 'POST', url: string, payload?: object) => app.inject({ method, url, ...(payload ? { payload } : {}) });
const start = (publicId: string, rail: string, body: object) => inject('POST', `/api/invoices/link/${publicId}/rails/${rail}`, body);

async function invoiceIn(country: string, currency: string, extra: Record<string, unknown> = {}) {
  const user = await signUp(app, { country });
  const { api, contactId } = await withContact(app, user, { name: 'Nakato Sarah' });
  const res = await api.post('/invoices', invoiceBody(contactId, { status: 'sent', currency, fees: [], fee_ids: [], ...extra }));
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body as { id: string; public_id: string };
}
const intentsOf = (invoiceId: string) => ctx.db.select().from(paymentIntents).where(eq(paymentIntents.invoiceId, invoiceId));
const WAITING = 'A payment prompt is already waiting on 077…456: approve or decline it on your phone, or wait until it expires';

describe('one pending phone prompt per invoice (issue 25)', () => {
  it('a second prompt, on the same rail or another, is refused with a sentence while the first waits', async () => {
    const inv = await invoiceIn('Uganda', 'UGX');
    const first = await start(inv.public_id, 'mtn_momo', { phone: '0772 123 456' });
    expect(first.statusCode).toBe(200);
    for (const [rail, phone] of [
      ['mtn_momo', '0772 123 456'],
      ['airtel_money', '0752 123 456'],
    ]) {
      const again = await start(inv.public_id, rail, { phone });
      expect(again.statusCode).toBe(409);
      if (phone === '0772 123 456') {
        // The payer's own second tap: the number alone, for the pay page to say the sentence in the customer's
        // language (t14 D2b).
        expect(again.json().error.message).toBe(WAITING);
        expect(again.json().error.fields).toEqual({ waiting_on: '077…456' });
      } else {
        // Anyone else holding the link learns nothing of the payer's number (t17 A6).
        expect(again.json().error.message).toBe(PROMPT_WAITING_ELSEWHERE);
        expect(again.json().error.fields).toEqual({ prompt: 'waiting' });
        expect(again.body).not.toMatch(/077|772|456/);
      }
    }
    // Written another way, the payer's number is still theirs.
    expect((await start(inv.public_id, 'mtn_momo', { phone: '+256772123456' })).json().error.fields).toEqual({ waiting_on: '077…456' });
    expect(await intentsOf(inv.id)).toHaveLength(1);
    // Declined: the customer may try again at once.
    await inject('POST', `/api/test-phone/${first.json().reference}/decline`);
    expect((await start(inv.public_id, 'airtel_money', { phone: '0752 123 456' })).statusCode).toBe(200);
  });

  it('two starts at once send one prompt', async () => {
    const inv = await invoiceIn('Uganda', 'UGX');
    const answers = await Promise.all([
      start(inv.public_id, 'mtn_momo', { phone: '0772 123 456' }),
      start(inv.public_id, 'mtn_momo', { phone: '0772 123 456' }),
      start(inv.public_id, 'airtel_money', { phone: '0752 123 456' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await intentsOf(inv.id)).toHaveLength(1);
  });

  it('a prompt nobody answered stops blocking once the page stopped waiting for it', async () => {
    const inv = await invoiceIn('Uganda', 'UGX');
    expect((await start(inv.public_id, 'mtn_momo', { phone: '0772 123 456' })).statusCode).toBe(200);
    await ctx.db
      .update(paymentIntents)
      .set({ createdAt: new Date(Date.now() - PROMPT_WAIT_MS - 1_000) })
      .where(eq(paymentIntents.invoiceId, inv.id));
    expect((await start(inv.public_id, 'mtn_momo', { phone: '0772 123 456' })).statusCode).toBe(200);
  });
});

describe('whole shillings in Kenya (issue 25, t25 D3/D5)', () => {
  const cents = { lines: [{ id: randomUUID(), description: 'Sugar', quantity: 1, unit_price: 123_450, fee_ids: [] }] };
  it('without an amount, a balance with cents is refused for M-Pesa and Airtel Money, each named', async () => {
    const inv = await invoiceIn('Kenya', 'KES', cents);
    for (const [rail, name] of [
      ['mpesa', 'M-Pesa'],
      ['airtel_money', 'Airtel Money'],
    ]) {
      const res = await start(inv.public_id, rail, { phone: '0712 345 678' });
      expect(res.statusCode).toBe(400);
      // No amount box without part payments: the sentence says what the customer can do (t17 K0).
      expect(res.json().error.message).toBe(
        `${name} takes whole shillings and the balance, KSh1,234.50, has cents: pay another way, or ask the business to round the invoice to whole shillings`,
      );
    }
    expect(await intentsOf(inv.id)).toHaveLength(0);
  });

  it('an amount with cents names Airtel Money on Airtel', async () => {
    const inv = await invoiceIn('Kenya', 'KES', { ...cents, part_payments: true });
    const res = await start(inv.public_id, 'airtel_money', { phone: '0733 123 456', amount: 100_050 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Airtel Money takes whole shillings: enter an amount without cents');
  });
});

import { afterAll, describe, expect, it } from 'vitest';
import { startDarajaServer } from '../../test/daraja-server';
import { openTestApp, randomIp, signUp } from '../../test/harness';
import { invoiceBody, withContact } from '../invoices/test-utils';
import { PROMPT_LIMITS } from './prompt-limits';

/**
 * An approved M-Pesa prompt on Daraja gives its phone's count back, as the other rails' approved prompts do (t18 U1);
 * declined ones keep counting, so a phone flooded by a stranger is still protected. Against a local Daraja that calls
 * the app back over HTTP.
 */
const creds = { consumerKey: 'ck_back', consumerSecret: 'cs_back', shortcode: '174379', passkey: 'passkey_back' };
const daraja = await startDarajaServer(creds);
const { app, ctx } = await openTestApp({ rateLimits: true, mpesa: creds, mpesaApiBase: daraja.base });
ctx.config.publicUrl = await app.listen({ port: 0, host: '127.0.0.1' });
afterAll(() => daraja.close());

async function kesInvoice() {
  const user = await signUp(app, { country: 'Kenya', language: 'en' }, { remoteAddress: randomIp() });
  const { api, contactId } = await withContact(app, user, { name: 'Wanjiru Kamau' });
  const res = await api.post('/invoices', invoiceBody(contactId, { status: 'sent', currency: 'KES', fees: [], fee_ids: [] }));
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body as { public_id: string };
}
/** Numbers of this run only (on PostgreSQL the counters outlive a run). */
const phone = `0712 ${String(Math.floor(Math.random() * 9000) + 1000)} 31`;
const push = (publicId: string) => app.inject({ method: 'POST', url: `/api/invoices/link/${publicId}/mpesa`, payload: { phone }, remoteAddress: randomIp() });

describe('M-Pesa on Daraja and the prompt limits (t18 U1)', () => {
  it('an approved prompt gives its phone count back; declined ones keep counting', async () => {
    expect(PROMPT_LIMITS.phoneBurst).toBe(3);
    // Approved and paid: given back.
    const paid = await push((await kesInvoice()).public_id);
    expect(paid.statusCode).toBe(200);
    expect(await daraja.complete(paid.json().checkout_request_id, 0)).toBe(200);
    // Daraja sends the callback again: given back once only.
    expect(await daraja.replay(paid.json().checkout_request_id)).toBe(200);
    // Three declined prompts on other invoices: all three go (the approved one no longer counts)…
    for (let i = 0; i < 3; i++) {
      const asked = await push((await kesInvoice()).public_id);
      expect(asked.statusCode, `declined prompt ${i + 1}`).toBe(200);
      expect(await daraja.complete(asked.json().checkout_request_id, 1032)).toBe(200);
    }
    // …and the next is refused: declined prompts count.
    const refused = await push((await kesInvoice()).public_id);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.fields.quota).toBe('mpesa_phone');
  });
});

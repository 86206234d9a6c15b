import { afterAll, describe, expect, it } from 'vitest';
import type { Config } from '../../../config';
import { openTestApp } from '../../../test/harness';
import { sentInvoiceIn } from './test-utils';

/**
 * t17 G2: Ghana's pay page offered "MTN MoMo" beside "Flutterwave (Telecel Cash / AirtelTigo Money / MTN MoMo)", MTN
 * twice. It now offers one way per network, each routed to the best provider configured behind it: MTN's own API, else
 * Paystack's mobile money, else Flutterwave; the test provider (TEST MODE) when none is. No request leaves the app here:
 * only what the page is offered is read.
 */
const momo = { subscriptionKey: 'sub', apiUser: 'user', apiKey: 'key', targetEnvironment: 'GH=mtnghana' };
const flutterwave = { secretKey: 'FLWSECK-live-gh', webhookHash: 'hash-hash-hash-hash' };
type Offered = { id: string; name: string; network?: string; test_mode: boolean };

async function ghanaPage(overrides: Partial<Config>, payRails?: string[]) {
  const { app } = await openTestApp(overrides);
  afterAll(() => app.close());
  const { user, inv } = await sentInvoiceIn(app, 'Ghana', 'GHS');
  if (payRails) {
    const saved = await app.inject({
      method: 'PATCH',
      url: `/api/users/${user.username}`,
      headers: user.auth,
      payload: { user: { invoice_settings: { pay_rails: payRails } } },
    });
    if (saved.statusCode !== 200) throw new Error(saved.body);
  }
  const page = (await app.inject({ method: 'GET', url: `/api/invoices/public/${inv.public_id}` })).json() as { rails: Offered[] };
  return page.rails.map((r) => `${r.name} → ${r.id}${r.network ? `:${r.network}` : ''}${r.test_mode ? ' (TEST)' : ''}`);
}

describe("Ghana's pay page: one way per network (t17 G2)", () => {
  it('nothing configured: MTN MoMo, Telecel Cash, AirtelTigo Money in TEST MODE, MTN offered once', async () => {
    expect(await ghanaPage({})).toEqual([
      'MTN MoMo → mtn_momo (TEST)',
      'Telecel Cash → paystack_momo:vod (TEST)',
      'AirtelTigo Money → paystack_momo:atl (TEST)',
      // t19 G1: a card way too (a customer with a card, or abroad).
      'Flutterwave (card) → flutterwave_checkout (TEST)',
    ]);
  });

  it('MTN’s own API and Paystack: MTN goes direct, the others to Paystack', async () => {
    expect(await ghanaPage({ momo, paystackSecretKey: 'sk_live_gh' })).toEqual([
      'MTN MoMo → mtn_momo',
      'Telecel Cash → paystack_momo:vod',
      'AirtelTigo Money → paystack_momo:atl',
      'Flutterwave (card) → flutterwave_checkout (TEST)',
    ]);
  });

  it('MTN’s own API and Flutterwave: a real provider beats TEST MODE for every network', async () => {
    expect(await ghanaPage({ momo, flutterwave })).toEqual([
      'MTN MoMo → mtn_momo',
      'Telecel Cash → flutterwave:VODAFONE',
      'AirtelTigo Money → flutterwave:TIGO',
      'Flutterwave (card) → flutterwave_checkout',
    ]);
  });

  it('Paystack and Flutterwave: Paystack first, for MTN too', async () => {
    expect(await ghanaPage({ paystackSecretKey: 'sk_live_gh', flutterwave })).toEqual([
      'MTN MoMo → paystack_momo:mtn',
      'Telecel Cash → paystack_momo:vod',
      'AirtelTigo Money → paystack_momo:atl',
      'Flutterwave (card) → flutterwave_checkout',
    ]);
  });

  it('the owner’s choice of rails is kept: only Flutterwave offered sends every network there', async () => {
    expect(await ghanaPage({ paystackSecretKey: 'sk_live_gh', flutterwave }, ['flutterwave'])).toEqual([
      'MTN MoMo → flutterwave:MTN',
      'Telecel Cash → flutterwave:VODAFONE',
      'AirtelTigo Money → flutterwave:TIGO',
    ]);
    // Only MTN's own: the other networks have no way here.
    expect(await ghanaPage({ momo }, ['mtn_momo'])).toEqual(['MTN MoMo → mtn_momo']);
  });
});

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { fiscalUnits } from '../../db/schema';
import { openTestApp } from '../../test/harness';
import { processDue } from './service';
import { kenyanShop, kesInvoice, operatorShop, ownTaxpayerOscu } from './test-utils';
import { unitFor } from './units';

/**
 * Issue 26, a server shared by several businesses (PGlite and PostgreSQL):
 *  - the operator's ETIMS_* device signs only for the accounts ETIMS_ACCOUNT names; every other Kenyan business is in
 *    TEST MODE (or connects its own device) and never sees the operator's PIN, serial or address;
 *  - a business's resolved unit is checked against the database at every use, so a disconnect or a new device saved
 *    by another process is what the next document is signed with.
 */
const { oscu, settings } = await ownTaxpayerOscu('OPERATOR-1');

describe("the operator's ETIMS_* device on a shared server", async () => {
  const { app, ctx } = await openTestApp({ etims: settings, etimsAllowPrivate: true });

  it('signs for the account ETIMS_ACCOUNT names only; a neighbour is in TEST MODE and sees none of its settings', async () => {
    const operator = await operatorShop(app, settings);
    const neighbour = await kenyanShop(app);
    const opView = (await operator.api.get('/fiscal/settings')).body;
    expect(opView).toMatchObject({ mode: 'etims', source: 'server', tin: oscu.device.tin, device_serial: 'OPERATOR-1' });
    const theirs = await neighbour.api.get('/fiscal/settings');
    expect(theirs.body).toMatchObject({ mode: 'test', source: 'none', api_base: null, tin: null, device_serial: null, branch_id: null });
    for (const secret of [oscu.device.tin, 'OPERATOR-1', oscu.base, operator.user.username]) expect(JSON.stringify(theirs.body)).not.toContain(secret);
    expect((await neighbour.api.get('/state')).body.fiscal).toBe('test');
    expect((await operator.api.get('/state')).body.fiscal).toBe('etims');

    const calls = oscu.saleCalls;
    const mine = (await operator.api.post('/invoices', kesInvoice(operator.contactId))).body;
    const other = (await neighbour.api.post('/invoices', kesInvoice(neighbour.contactId))).body;
    await processDue(ctx, { userId: operator.user.userId });
    await processDue(ctx, { userId: neighbour.user.userId });
    expect((await operator.api.get(`/invoices/${mine.id}/fiscal`)).body).toMatchObject({
      state: 'fiscalised',
      test: false,
      receipt_label: expect.stringMatching(/ NS$/),
    });
    expect((await neighbour.api.get(`/invoices/${other.id}/fiscal`)).body).toMatchObject({
      state: 'fiscalised',
      test: true,
      receipt_label: expect.stringMatching(/ TS$/),
    });
    // Only the operator's sale reached the operator's device.
    expect(oscu.saleCalls).toBe(calls + 1);
  });

  it("lets a neighbour connect its own device, and refuses it the operator's", async () => {
    const neighbour = await kenyanShop(app);
    const taken = await neighbour.api.put('/fiscal/settings', { api_base: oscu.base, tin: oscu.device.tin, branch_id: '00', device_serial: 'OPERATOR-1' });
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toMatch(/already belongs to another Duka account, .*Settings → KRA eTIMS.*contact Duka support/);
    const own = await ownTaxpayerOscu('NEIGHBOUR-1');
    const put = await neighbour.api.put('/fiscal/settings', {
      api_base: own.oscu.base,
      tin: own.oscu.device.tin,
      branch_id: '00',
      device_serial: 'NEIGHBOUR-1',
    });
    expect(put.body).toMatchObject({ mode: 'etims', source: 'business', tin: own.oscu.device.tin, initialised: true });
  });

  it('sees a change another process made in the database at the next use (no restart)', async () => {
    const shop = await kenyanShop(app);
    const own = await ownTaxpayerOscu('ELSEWHERE-1');
    await shop.api.put('/fiscal/settings', { api_base: own.oscu.base, tin: own.oscu.device.tin, branch_id: '00', device_serial: 'ELSEWHERE-1' });
    expect(await unitFor(ctx, shop.user.userId)).toMatchObject({ source: 'business', mode: 'etims' });
    // Another process disconnects it: this process's kept unit is not used again.
    await ctx.db.delete(fiscalUnits).where(eq(fiscalUnits.userId, shop.user.userId));
    expect(await unitFor(ctx, shop.user.userId)).toMatchObject({ source: 'none', mode: 'test' });
    const calls = own.oscu.saleCalls;
    const inv = (await shop.api.post('/invoices', kesInvoice(shop.contactId))).body;
    await processDue(ctx, { userId: shop.user.userId });
    expect((await shop.api.get(`/invoices/${inv.id}/fiscal`)).body).toMatchObject({ state: 'fiscalised', test: true });
    expect(own.oscu.saleCalls).toBe(calls);
  });
});

describe('ETIMS_ACCOUNT', () => {
  const env = { ETIMS_API_BASE: 'https://etims-api-sbx.kra.go.ke/etims-api/', ETIMS_TIN: 'P051234567Q', ETIMS_DEVICE_SERIAL: 'KRA-1' };

  it('is required with the ETIMS_* device, with a sentence the operator can act on', () => {
    expect(() => loadConfig(env)).toThrow(/^ETIMS_ACCOUNT is not set: name the Duka account \(its username\) whose invoices the KRA device/);
    expect(() => loadConfig({ ...env, ETIMS_ACCOUNT: ' , ' })).toThrow(/ETIMS_ACCOUNT is not set/);
  });

  it('names one or more accounts by username, in any case', () => {
    const name = `Shop_${randomUUID().slice(0, 4)}`;
    expect(loadConfig({ ...env, ETIMS_ACCOUNT: ` ${name}, Branch2 ` }).etims).toMatchObject({
      apiBase: 'https://etims-api-sbx.kra.go.ke/etims-api',
      branchId: '00',
      accounts: [name.toLowerCase(), 'branch2'],
    });
    expect(loadConfig({ ETIMS_ACCOUNT: 'x' }).etims).toBeUndefined();
  });
});

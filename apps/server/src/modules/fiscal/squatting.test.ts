import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { fiscalUnits } from '../../db/schema';
import { openTestApp } from '../../test/harness';
import { startOscuServer } from '../../test/oscu-server';
import { deviceClaimKey, isAuthorityAddress } from './claims';
import { deviceTakenMessage } from './connect';
import { encryptSecret, fiscalDeviceKey } from './secrets';
import { processDue } from './service';
import { kenyanShop, kesInvoice } from './test-utils';

/**
 * Device squatting through a fake eTIMS (issue 26): a squatter types another business's KRA PIN, branch and device
 * serial with the address of a server of their own that initialises any device. That claim is keyed by its host
 * (claims.ts) and never blocks the owner on KRA; a second claim on KRA itself is still refused. Two local OSCU servers:
 * "KRA" (named in ETIMS_AUTHORITY_HOSTS, as an operator's test setup would) and the squatter's.
 */
const { app, ctx, config } = await openTestApp({ etimsAllowPrivate: true, etims: undefined });
const newTin = () => `P${String(randomInt(0, 1e9)).padStart(9, '0')}Q`;
const put = (s: Awaited<ReturnType<typeof kenyanShop>>, body: Record<string, unknown>) => s.api.put('/fiscal/settings', body);

async function twoServers(serial: string) {
  const tin = newTin();
  const device = { tin, bhfId: '00', dvcSrlNo: serial };
  const real = await startOscuServer(device);
  const fake = await startOscuServer(device);
  afterAll(() => Promise.all([real.close(), fake.close()]));
  config.etimsAuthorityHosts = [new URL(real.base).host];
  return { tin, real, fake, settings: (base: string) => ({ api_base: base, tin, branch_id: '00', device_serial: serial }) };
}

describe('device claims are keyed by the host they were verified on', () => {
  it('counts kra.go.ke over https and the hosts the operator names as KRA, nothing else', () => {
    const c = { jwtSecret: 's', etimsAuthorityHosts: ['127.0.0.1:4100'] };
    expect(isAuthorityAddress(c, 'https://etims-api.kra.go.ke/etims-api')).toBe(true);
    expect(isAuthorityAddress(c, 'https://etims-api-sbx.kra.go.ke/etims-api')).toBe(true);
    expect(isAuthorityAddress(c, 'https://ETIMS-API.KRA.GO.KE./etims-api')).toBe(true);
    expect(isAuthorityAddress(c, 'http://127.0.0.1:4100/etims-api')).toBe(true);
    for (const other of [
      'http://etims-api.kra.go.ke/etims-api', // not over https
      'https://kra.go.ke.evil.example/etims-api',
      'https://evilkra.go.ke/etims-api',
      'https://etims-api.kra.go.ke@evil.example/etims-api',
      'http://127.0.0.1:4101/etims-api',
      'not an address',
    ])
      expect(isAuthorityAddress(c, other), other).toBe(false);
    // The production default: no operator host.
    expect(isAuthorityAddress({ jwtSecret: 's', etimsAuthorityHosts: [] }, 'http://127.0.0.1:4100/etims-api')).toBe(false);
    // On KRA the key is the device's alone (the same as before this rule, so existing claims and sequences keep theirs).
    const d = { tin: 'P051234567Q', branchId: '00', deviceSerial: 'DEV-1' };
    expect(deviceClaimKey(c, 'etims', { apiBase: 'https://etims-api.kra.go.ke/etims-api', ...d })).toBe(fiscalDeviceKey('s', { provider: 'etims', ...d }));
    expect(deviceClaimKey(c, 'etims', { apiBase: 'https://etims-api-sbx.kra.go.ke/x', ...d })).toBe(fiscalDeviceKey('s', { provider: 'etims', ...d }));
    const fake = deviceClaimKey(c, 'etims', { apiBase: 'https://etims.example/etims-api', ...d });
    expect(fake).not.toBe(fiscalDeviceKey('s', { provider: 'etims', ...d }));
    expect(deviceClaimKey(c, 'etims', { apiBase: 'https://ETIMS.example:443/other', ...d })).toBe(fake);
  });

  it("a squatter's claim on a fake eTIMS does not block the owner on KRA; a second claim on KRA is refused; no one sees another's device", async () => {
    const { real, fake, settings } = await twoServers('OWNED-2');
    const squatter = await kenyanShop(app);
    const owner = await kenyanShop(app);
    // The squatter claims first, against its own server that accepts the owner's device, and signs an invoice there.
    expect(await put(squatter, settings(fake.base))).toMatchObject({ status: 200, body: { mode: 'etims', source: 'business', initialised: true } });
    const sqInv = (await squatter.api.post('/invoices', kesInvoice(squatter.contactId))).body as { id: string };
    await processDue(ctx, { userId: squatter.user.userId });
    expect((await squatter.api.get(`/invoices/${sqInv.id}/fiscal`)).body).toMatchObject({ state: 'fiscalised', fiscal_number: '1' });

    // The owner connects the same device on KRA: not blocked, and its numbers start at 1 (the squatter's are another sequence).
    expect(await put(owner, settings(real.base))).toMatchObject({ status: 200, body: { mode: 'etims', source: 'business', initialised: true } });
    const inv = (await owner.api.post('/invoices', kesInvoice(owner.contactId))).body as { id: string };
    await processDue(ctx, { userId: owner.user.userId });
    expect((await owner.api.get(`/invoices/${inv.id}/fiscal`)).body).toMatchObject({ state: 'fiscalised', fiscal_number: '1', error: null });
    expect([...real.sales.keys()]).toEqual([1]);

    // The squatter now tries KRA itself: refused with the sentence, before anything reaches KRA.
    const inits = real.inits;
    const second = await put(squatter, settings(real.base));
    expect(second.status).toBe(409);
    expect(second.body.error.message).toBe(deviceTakenMessage(settings(real.base)));
    expect(second.body.error.message).toMatch(/already belongs to another Duka account, which connected it to KRA eTIMS first\./);
    expect(real.inits).toBe(inits);
    // The squatter keeps only its own fake claim; the owner still signs on KRA.
    expect((await squatter.api.get('/fiscal/settings')).body).toMatchObject({ api_base: fake.base });
    const inv2 = (await owner.api.post('/invoices', kesInvoice(owner.contactId))).body as { id: string };
    await processDue(ctx, { userId: owner.user.userId });
    expect((await owner.api.get(`/invoices/${inv2.id}/fiscal`)).body).toMatchObject({ state: 'fiscalised', fiscal_number: '2' });

    // One account never sees another's device: neither key, control unit, communication key nor account.
    const [ownerRow] = await ctx.db.select().from(fiscalUnits).where(eq(fiscalUnits.userId, owner.user.userId));
    const seen = JSON.stringify([
      second.body,
      (await squatter.api.get('/fiscal/settings')).body,
      (await squatter.api.get('/state')).body,
      (await squatter.api.get(`/invoices/${inv.id}/fiscal`)).body,
    ]);
    for (const s of [ownerRow!.deviceKey, ownerRow!.cmcKeyEnc!, real.cmcKey!, real.base, owner.user.username, inv.id]) expect(seen).not.toContain(s);
    expect(JSON.stringify((await owner.api.get('/fiscal/settings')).body)).not.toContain(ownerRow!.deviceKey);
    expect(JSON.stringify((await owner.api.get('/fiscal/settings')).body)).not.toContain(real.cmcKey!);
  });

  it('a claim on a fake host made before claims were keyed by host (verified, stored with the device-only key) no longer blocks the owner', async () => {
    const { fake, real, settings } = await twoServers('OWNED-3');
    const squatter = await kenyanShop(app);
    const owner = await kenyanShop(app);
    const secret = config.jwtSecret;
    const s = settings(fake.base);
    await ctx.db.insert(fiscalUnits).values({
      userId: squatter.user.userId,
      provider: 'etims',
      branchId: '00',
      deviceKey: fiscalDeviceKey(secret, { provider: 'etims', tin: s.tin, branchId: '00', deviceSerial: s.device_serial }),
      settingsEnc: encryptSecret(secret, JSON.stringify({ api_base: fake.base, tin: s.tin, device_serial: s.device_serial })),
      cmcKeyEnc: encryptSecret(secret, 'fake-communication-key'),
      initialisedAt: new Date(),
    });
    expect(await put(owner, settings(real.base))).toMatchObject({ status: 200, body: { source: 'business', initialised: true } });
    expect(await ctx.db.select().from(fiscalUnits).where(eq(fiscalUnits.userId, squatter.user.userId))).toEqual([]);
    // The same old-style claim made on KRA itself still blocks.
    const third = await kenyanShop(app);
    expect((await put(third, settings(real.base))).status).toBe(409);
  });

  it('with no operator host (production), two local servers are two hosts: neither claim blocks the other, the same host still does', async () => {
    const { fake, real, settings } = await twoServers('OWNED-4');
    config.etimsAuthorityHosts = [];
    const a = await kenyanShop(app);
    const b = await kenyanShop(app);
    const c = await kenyanShop(app);
    expect((await put(a, settings(fake.base))).status).toBe(200);
    expect((await put(b, settings(real.base))).status).toBe(200);
    expect((await put(c, settings(real.base))).status).toBe(409);
  });
});

import { randomInt } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { fiscalDocuments, fiscalUnits } from '../../db/schema';
import { openTestApp, type SignedUp, signUp } from '../../test/harness';
import { startOscuServer } from '../../test/oscu-server';
import { freePort } from '../../test/server-process';
import { client } from '../sync/test-utils';
import { deviceTakenMessage } from './connect';
import { ETIMS_PRIVATE_ADDRESS_MESSAGE, ETIMS_UNREACHABLE_MESSAGE } from './etims';
import { deviceClaimKey } from './claims';
import { encryptSecret, fiscalDeviceKey } from './secrets';
import { processDue } from './service';
import { kenyanShop, kesInvoice } from './test-utils';

/**
 * Connecting a business's own KRA eTIMS device (issue 26, t15a's F4, F5, F8), on PGlite and PostgreSQL:
 *  - one Duka account per device at KRA (the database's unique key, also two at once), free again once disconnected,
 *    and the device's numbers carry on (never repeated at KRA);
 *  - the eTIMS address is a public one, checked when saved and at every request after DNS (pinned), in every form of
 *    a private address; an unreachable address is one neutral sentence; ETIMS_ALLOW_PRIVATE_ADDRESSES lets a local
 *    OSCU test server through;
 *  - only a business in Kenya connects KRA eTIMS.
 */
const { app, ctx, config } = await openTestApp({ etimsAllowPrivate: true, etims: undefined });
const newTin = () => `P${String(randomInt(0, 1e9)).padStart(9, '0')}Q`;
type Shop = { user: SignedUp; api: ReturnType<typeof client>; contactId: string };
const put = (api: Shop['api'], body: Record<string, unknown>) => api.put('/fiscal/settings', body);

async function shop(country = 'Kenya'): Promise<Shop> {
  if (country === 'Kenya') return kenyanShop(app);
  const user = await signUp(app, { country });
  return { user, api: client(app, user), contactId: '' };
}

/** Runs `fn` with the operator's switch off (private addresses refused), as in production. */
async function publicOnly<T>(fn: () => Promise<T>): Promise<T> {
  config.etimsAllowPrivate = false;
  try {
    return await fn();
  } finally {
    config.etimsAllowPrivate = true;
  }
}

describe('one Duka account per KRA device (F4)', () => {
  it('refuses a second account naming the same device with a sentence to act on; disconnecting frees it, and its numbers carry on', async () => {
    const tin = newTin();
    const oscu = await startOscuServer({ tin, bhfId: '00', dvcSrlNo: 'SHARED-1' });
    afterAll(() => oscu.close());
    const a = await shop();
    const b = await shop();
    const device = { api_base: oscu.base, tin, branch_id: '00', device_serial: 'SHARED-1' };
    expect(await put(a.api, device)).toMatchObject({ status: 200, body: { mode: 'etims', source: 'business', initialised: true } });
    const inv = (await a.api.post('/invoices', kesInvoice(a.contactId))).body as { id: string };
    await processDue(ctx, { userId: a.user.userId });
    expect((await a.api.get(`/invoices/${inv.id}/fiscal`)).body).toMatchObject({ state: 'fiscalised', fiscal_number: '1' });

    // The same device typed another way (case, spaces, lower-case PIN): the same device at KRA.
    const again = await put(b.api, { ...device, tin: tin.toLowerCase(), device_serial: ' shared-1 ' });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(deviceTakenMessage({ tin, branch_id: '00', device_serial: 'shared-1' }));
    expect(again.body.error.message).toMatch(
      /^This KRA device \(PIN P\d{9}Q, branch 00, device serial shared-1\) already belongs to another Duka account, which connected it to KRA eTIMS first\. .* contact Duka support/,
    );
    expect((await b.api.get('/fiscal/settings')).body).toMatchObject({ mode: 'test', source: 'none' });
    expect(oscu.inits).toBe(1); // B never took the device's communication key over
    // Another branch of the same taxpayer is another device: allowed.
    const branch01 = await startOscuServer({ tin, bhfId: '01', dvcSrlNo: 'SHARED-1' });
    afterAll(() => branch01.close());
    const c = await shop();
    expect((await put(c.api, { ...device, api_base: branch01.base, branch_id: '01' })).status).toBe(200);

    // A disconnects: the device is free, and B's first sale carries on the device's numbers (2, not 1 again: no 994).
    expect((await a.api.del('/fiscal/settings')).body).toMatchObject({ mode: 'test', source: 'none' });
    expect(await put(b.api, device)).toMatchObject({ status: 200, body: { source: 'business', initialised: true } });
    const invB = (await b.api.post('/invoices', kesInvoice(b.contactId))).body as { id: string };
    await processDue(ctx, { userId: b.user.userId });
    expect((await b.api.get(`/invoices/${invB.id}/fiscal`)).body).toMatchObject({ state: 'fiscalised', fiscal_number: '2', error: null });
    expect([...oscu.sales.keys()].sort()).toEqual([1, 2]);
    // And A cannot take it back while B holds it.
    expect((await put(a.api, device)).status).toBe(409);
  });

  it('lets exactly one of several accounts configuring the same device at once have it (the database decides)', async () => {
    const tin = newTin();
    const oscu = await startOscuServer({ tin, bhfId: '00', dvcSrlNo: 'RACE-1' });
    afterAll(() => oscu.close());
    const shops = await Promise.all([shop(), shop(), shop(), shop()]);
    const device = { api_base: oscu.base, tin, branch_id: '00', device_serial: 'RACE-1' };
    const answers = await Promise.all(shops.map((s) => put(s.api, device)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    const rows = await ctx.db.select({ userId: fiscalUnits.userId }).from(fiscalUnits);
    const winners = shops.filter((s) => rows.some((r) => r.userId === s.user.userId));
    expect(winners).toHaveLength(1);
  });

  it('a device belongs to the first account KRA eTIMS initialised it for: settings eTIMS refused, or never verified, claim nothing', async () => {
    const tin = newTin();
    const oscu = await startOscuServer({ tin, bhfId: '00', dvcSrlNo: 'OWNED-1' });
    afterAll(() => oscu.close());
    const squatter = await shop();
    const owner = await shop();
    const device = { api_base: oscu.base, tin, branch_id: '00', device_serial: 'OWNED-1' };
    // The squatter types the owner's PIN and branch with a serial eTIMS does not know: refused, nothing kept.
    const wrong = await put(squatter.api, { ...device, device_serial: 'OWNED-9' });
    expect(wrong).toMatchObject({ status: 422 });
    expect(wrong.body.error.message).toBe(
      'Nothing was saved: KRA eTIMS did not initialise the device with these settings. KRA eTIMS: It is not valid device (901)',
    );
    expect((await squatter.api.get('/fiscal/settings')).body).toMatchObject({ mode: 'test', source: 'none', tin: null });
    // Settings saved before a device had to be verified (never initialised by eTIMS) hold nothing either.
    const secret = config.jwtSecret;
    await ctx.db.insert(fiscalUnits).values({
      userId: squatter.user.userId,
      provider: 'etims',
      branchId: '00',
      deviceKey: deviceClaimKey(config, 'etims', { apiBase: oscu.base, tin, branchId: '00', deviceSerial: 'OWNED-1' }),
      settingsEnc: encryptSecret(secret, JSON.stringify({ api_base: oscu.base, tin, device_serial: 'OWNED-1' })),
    });
    expect(await put(owner.api, device)).toMatchObject({ status: 200, body: { mode: 'etims', source: 'business', initialised: true } });
    expect(await ctx.db.select().from(fiscalUnits).where(eq(fiscalUnits.userId, squatter.user.userId))).toEqual([]);
    // Now verified by the owner: the squatter gets the 409 and nothing reaches eTIMS for it.
    const inits = oscu.inits;
    const again = await put(squatter.api, device);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(deviceTakenMessage(device));
    expect(oscu.inits).toBe(inits);
    // One user never sees another's device: not in the 409, not in the squatter's settings or state.
    const seen = JSON.stringify([again.body, (await squatter.api.get('/fiscal/settings')).body, (await squatter.api.get('/state')).body]);
    for (const secretOfOwner of [owner.user.username, oscu.base, 'KRACU0100000001']) expect(seen).not.toContain(secretOfOwner);
    expect((await squatter.api.get('/fiscal/settings')).body).toMatchObject({ mode: 'test', source: 'none', api_base: null, tin: null, device_serial: null });
    // The owner's device still signs.
    const inv = (await owner.api.post('/invoices', kesInvoice(owner.contactId))).body as { id: string };
    await processDue(ctx, { userId: owner.user.userId });
    expect((await owner.api.get(`/invoices/${inv.id}/fiscal`)).body).toMatchObject({ state: 'fiscalised', error: null });
  });

  it("refuses the device the server's own ETIMS_* settings use", async () => {
    const s = await shop();
    config.etims = { apiBase: 'http://127.0.0.1:9', tin: 'P000000001Q', branchId: '00', deviceSerial: 'SERVER-1', accounts: ['operator'] };
    try {
      const r = await put(s.api, { api_base: 'http://127.0.0.1:9', tin: 'P000000001Q', branch_id: '00', device_serial: 'server-1' });
      expect(r).toMatchObject({
        status: 409,
        body: { error: { message: deviceTakenMessage({ tin: 'P000000001Q', branch_id: '00', device_serial: 'server-1' }) } },
      });
    } finally {
      config.etims = undefined;
    }
  });
});

describe('the eTIMS address is a public one (F5)', () => {
  const PRIVATE = [
    'http://127.0.0.1:8080/etims-api',
    'http://2130706433/etims-api', // 127.0.0.1 in decimal
    'http://0x7f000001/etims-api', // in hex
    'http://0177.0.0.1/etims-api', // in octal
    'http://127.1/etims-api',
    'http://[::1]/etims-api',
    'http://[::ffff:127.0.0.1]/etims-api',
    'http://[::ffff:a9fe:a9fe]/latest/meta-data', // 169.254.169.254 mapped into IPv6
    'http://169.254.169.254/latest/meta-data',
    'http://0251.0376.0251.0376/', // 169.254.169.254 in octal
    'http://10.0.0.5/etims-api',
    'http://172.16.3.4/etims-api',
    'http://192.168.1.1/etims-api',
    'http://100.100.100.200/',
    'http://0.0.0.0:5432/',
    'http://[fd00:ec2::254]/',
    'http://[fe80::1]/',
    'http://localhost:5432/',
    'http://etims.localhost/',
    'http://metadata.google.internal/computeMetadata/v1/',
    'http://printer.local/',
    'http://rebind.example.com/etims-api', // a name that resolves to a private address
  ];

  it('refuses every form of a private, local or internal address when saved, and contacts none of them', async () => {
    const s = await shop();
    const looked: string[] = [];
    ctx.services.fiscalLookup = async (host) => {
      looked.push(host);
      return [{ address: '10.1.2.3', family: 4 }];
    };
    try {
      await publicOnly(async () => {
        for (const api_base of PRIVATE) {
          const r = await put(s.api, { api_base, tin: newTin(), branch_id: '00', device_serial: 'X-1' });
          expect([api_base, r.status]).toEqual([api_base, 400]);
          expect(r.body.error.message).toBe(
            'This eTIMS address points to a private, local or internal network address, which Duka does not contact. Use the address KRA gave you.',
          );
        }
      });
    } finally {
      ctx.services.fiscalLookup = undefined;
    }
    expect(looked).toEqual(['rebind.example.com']);
    expect((await s.api.get('/fiscal/settings')).body).toMatchObject({ source: 'none' });
    expect(await ctx.db.select().from(fiscalUnits).where(eq(fiscalUnits.userId, s.user.userId))).toEqual([]);
  });

  it('checks again at connect time after DNS: a name that rebinds to a private address after the save is never contacted', async () => {
    const tin = newTin();
    const oscu = await startOscuServer({ tin, bhfId: '00', dvcSrlNo: 'REBIND-1' });
    afterAll(() => oscu.close());
    const port = new URL(oscu.base).port;
    const s = await shop();
    let calls = 0;
    // The first answer (the save's check) is a public address; every later one is the local OSCU server's.
    ctx.services.fiscalLookup = async () => [{ address: calls++ === 0 ? '93.184.215.14' : '127.0.0.1', family: 4 }];
    try {
      const r = await publicOnly(() => put(s.api, { api_base: `http://kra-rebind.example.com:${port}/`, tin, branch_id: '00', device_serial: 'REBIND-1' }));
      expect(r.status).toBe(422);
      expect(r.body.error.message).toBe(`Nothing was saved: KRA eTIMS did not initialise the device with these settings. ${ETIMS_PRIVATE_ADDRESS_MESSAGE}`);
      expect(calls).toBe(2);
      expect(oscu.inits).toBe(0);
      expect(await ctx.db.select().from(fiscalUnits).where(eq(fiscalUnits.userId, s.user.userId))).toEqual([]);
      // Settings kept from a moment the name still answered a public address (as before a device had to be verified):
      // the invoices wait and are never sent there either.
      const secret = config.jwtSecret;
      await ctx.db.insert(fiscalUnits).values({
        userId: s.user.userId,
        provider: 'etims',
        branchId: '00',
        deviceKey: fiscalDeviceKey(secret, { provider: 'etims', tin, branchId: '00', deviceSerial: 'REBIND-1' }),
        settingsEnc: encryptSecret(secret, JSON.stringify({ api_base: `http://kra-rebind.example.com:${port}/`, tin, device_serial: 'REBIND-1' })),
      });
      const inv = (await s.api.post('/invoices', kesInvoice(s.contactId))).body as { id: string };
      await publicOnly(() => processDue(ctx, { userId: s.user.userId }));
      expect(oscu.inits + oscu.saleCalls).toBe(0);
      const [doc] = await ctx.db.select().from(fiscalDocuments).where(eq(fiscalDocuments.invoiceId, inv.id));
      expect(doc.lastError).toContain(ETIMS_PRIVATE_ADDRESS_MESSAGE);
    } finally {
      ctx.services.fiscalLookup = undefined;
    }
  });

  it('says one neutral sentence whether the port is closed, silent or resets, and never follows a redirect', async () => {
    const closed = await freePort();
    const sockets: Socket[] = [];
    const silent: Server = createServer((sock) => void sockets.push(sock)); // accepts, never answers
    const reset: Server = createServer((sock) => sock.resetAndDestroy());
    const redirect = createServer((sock) => {
      sockets.push(sock);
      sock.end('HTTP/1.1 307 Temporary Redirect\r\nLocation: http://169.254.169.254/latest/meta-data\r\nContent-Length: 0\r\n\r\n');
    });
    const listen = (srv: Server) => new Promise<number>((r) => srv.listen(0, '127.0.0.1', () => r((srv.address() as { port: number }).port)));
    const [silentPort, resetPort, redirectPort] = [await listen(silent), await listen(reset), await listen(redirect)];
    const timeoutMs = config.etimsTimeoutMs;
    const messages: string[] = [];
    config.etimsTimeoutMs = 1500;
    try {
      for (const port of [closed, silentPort, resetPort]) {
        const s = await shop();
        const r = await put(s.api, { api_base: `http://127.0.0.1:${port}/etims-api`, tin: newTin(), branch_id: '00', device_serial: `N-${port}` });
        expect(r.status).toBe(502);
        messages.push(r.body.error.message);
      }
      const s = await shop();
      const r = await put(s.api, { api_base: `http://127.0.0.1:${redirectPort}/etims-api`, tin: newTin(), branch_id: '00', device_serial: 'REDIRECT-1' });
      expect(r.status).toBe(502);
      expect(r.body.error.message).toBe(
        'Nothing was saved: KRA eTIMS did not initialise the device with these settings. KRA eTIMS answered something that is not JSON',
      );
    } finally {
      config.etimsTimeoutMs = timeoutMs;
      for (const sock of sockets) sock.destroy();
      await Promise.all([silent, reset, redirect].map((srv) => new Promise((r) => srv.close(r))));
    }
    expect(new Set(messages).size).toBe(1);
    expect(messages[0]).toBe(`Nothing was saved: KRA eTIMS did not initialise the device with these settings. ${ETIMS_UNREACHABLE_MESSAGE(1500)}`);
  });
});

describe('only a business in Kenya connects KRA eTIMS (F8)', () => {
  it('refuses a Nigerian business with a sentence to act on, and its invoices stay as they are', async () => {
    const tin = newTin();
    const oscu = await startOscuServer({ tin, bhfId: '00', dvcSrlNo: 'NG-1' });
    afterAll(() => oscu.close());
    const ng = await shop('Nigeria');
    const r = await put(ng.api, { api_base: oscu.base, tin, branch_id: '00', device_serial: 'NG-1' });
    expect(r).toMatchObject({
      status: 400,
      body: {
        error: {
          message:
            'KRA eTIMS is for businesses in Kenya only. This business is in Nigeria: if that is wrong, change the country in Settings → Invoice settings first.',
        },
      },
    });
    expect(oscu.inits).toBe(0);
    expect((await ng.api.get('/fiscal/settings')).body).toMatchObject({ mode: 'off', source: 'none' });
    expect((await ng.api.get('/state')).body.fiscal).toBe('off');
  });
});

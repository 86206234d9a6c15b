import type { NetworkInterfaceInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import { openTestApp, signUp } from '../../test/harness';
import { returnBase, servedOrigins } from './return-origin';
import { billingApi, CARD, subscribed } from './test-utils';

const lan = (address: string, family: 'IPv4' | 'IPv6', internal = false) => ({ address, family, internal }) as NetworkInterfaceInfo;
const MACHINE = {
  lo: [lan('127.0.0.1', 'IPv4', true), lan('::1', 'IPv6', true)],
  wlan0: [lan('192.168.1.20', 'IPv4'), lan('fe80::1%wlan0', 'IPv6'), lan('fd00::20', 'IPv6')],
};
const SHOP = { publicUrl: 'http://localhost:3000', host: '0.0.0.0', port: 3000 };

describe('servedOrigins', () => {
  it("lists PUBLIC_URL's origin, loopback and the machine's own addresses on the port listened on", () => {
    expect([...servedOrigins(SHOP, MACHINE)].sort()).toEqual(
      ['http://127.0.0.1:3000', 'http://192.168.1.20:3000', 'http://[::1]:3000', 'http://[fd00::20]:3000', 'http://localhost:3000'].sort(),
    );
  });

  it('lists only PUBLIC_URL and the bound address when the server listens on one address', () => {
    const proxied = { publicUrl: 'https://duka.example.com/app', host: '127.0.0.1', port: 3000 };
    expect([...servedOrigins(proxied, MACHINE)].sort()).toEqual([
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
      'http://localhost:3000',
      'https://duka.example.com',
    ]);
    expect([...servedOrigins({ ...proxied, host: '192.168.1.20' }, MACHINE)]).toEqual(['https://duka.example.com', 'http://192.168.1.20:3000']);
  });
});

describe('returnBase (where a checkout comes back to)', () => {
  it('is the origin the owner opened the app on when this server serves it', () => {
    expect(returnBase(SHOP, 'http://127.0.0.1:3000', MACHINE)).toBe('http://127.0.0.1:3000');
    expect(returnBase(SHOP, 'http://192.168.1.20:3000', MACHINE)).toBe('http://192.168.1.20:3000');
    expect(returnBase(SHOP, 'http://[::1]:3000', MACHINE)).toBe('http://[::1]:3000');
  });

  it('is PUBLIC_URL (its path kept) for no origin, its own origin, or one this server does not serve', () => {
    const withPath = { ...SHOP, publicUrl: 'https://duka.example.com/app' };
    expect(returnBase(withPath, undefined, MACHINE)).toBe('https://duka.example.com/app');
    expect(returnBase(withPath, 'https://duka.example.com', MACHINE)).toBe('https://duka.example.com/app');
    for (const attacker of [
      'https://evil.example',
      'http://evil.example:3000',
      // Another port of this machine (another program), https on the served port, a look-alike host.
      'http://127.0.0.1:3001',
      'https://127.0.0.1:3000',
      'http://localhost.evil.example:3000',
      'http://192.168.1.21:3000',
      // Not an origin: a path, a user part, a trailing slash, "null" (sandboxed frames, file://), garbage, upper case.
      'http://127.0.0.1:3000/evil',
      'http://127.0.0.1:3000@evil.example',
      'http://evil.example@127.0.0.1:3000',
      'http://127.0.0.1:3000/',
      'null',
      'javascript:alert(1)',
      '//evil.example',
      'HTTP://127.0.0.1:3000',
      // A native shell's own origin: its links open in an external browser, which reaches PUBLIC_URL.
      'capacitor://localhost',
      'https://localhost',
    ]) {
      expect(returnBase(SHOP, attacker, MACHINE), attacker).toBe('http://localhost:3000');
    }
  });
});

describe('POST /transactions and /portal from another served origin (t21)', async () => {
  const { app, config } = await openTestApp({ publicUrl: 'http://localhost:4321', host: '0.0.0.0', port: 4321 });
  const start = async (origin: string | undefined, payload: object = { transaction: { credit_pack: 'credits-100' } }) => {
    const user = await signUp(app, { country: 'Ghana' });
    const res = await app.inject({
      method: 'POST',
      url: '/api/transactions',
      headers: { ...user.auth, ...(origin ? { origin } : {}) },
      payload,
    });
    return res.json<{ url: string; reference: string }>();
  };

  it('opens the test checkout on the origin the owner is on, and thank-you follows it there', async () => {
    const started = await start('http://127.0.0.1:4321');
    expect(started.url).toBe(`http://127.0.0.1:4321/test-checkout/${started.reference}`);
    // The checkout page sends the payer to a path: the same origin as the checkout, where the session is.
    const paid = await app.inject({ method: 'POST', url: `/api/test-pay/checkouts/${started.reference}/confirm`, payload: CARD });
    expect(paid.json()).toEqual({ status: 'succeeded', redirect: `/thank-you?checkout=${started.reference}` });
  });

  it('keeps PUBLIC_URL for an origin this server does not serve, and for none', async () => {
    for (const origin of ['https://evil.example', 'http://127.0.0.1:4322', 'http://127.0.0.1:4321@evil.example', undefined]) {
      const started = await start(origin);
      expect(started.url, String(origin)).toBe(`${config.publicUrl}/test-checkout/${started.reference}`);
    }
    // A callback_url naming another site is still only a path (no open redirect either way).
    const started = await start('http://127.0.0.1:4321', { transaction: { credit_pack: 'credits-100' }, callback_url: 'https://evil.example/x' });
    const paid = await app.inject({ method: 'POST', url: `/api/test-pay/checkouts/${started.reference}/confirm`, payload: CARD });
    expect(paid.json().redirect).toBe(`/thank-you?checkout=${started.reference}`);
  });

  it('opens the portal on the served origin too', async () => {
    const { user } = await subscribed(app);
    const api = billingApi(app, user);
    expect((await api.post('/portal')).body.url).toMatch(/^http:\/\/localhost:4321\/test-portal\?session=/);
    const res = await app.inject({ method: 'POST', url: '/api/portal', headers: { ...user.auth, origin: 'http://127.0.0.1:4321' } });
    expect(res.json().url).toMatch(/^http:\/\/127\.0\.0\.1:4321\/test-portal\?session=/);
    const evil = await app.inject({ method: 'POST', url: '/api/portal', headers: { ...user.auth, origin: 'https://evil.example' } });
    expect(evil.json().url).toMatch(/^http:\/\/localhost:4321\/test-portal\?session=/);
  });
});

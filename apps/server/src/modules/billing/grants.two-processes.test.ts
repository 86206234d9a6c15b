import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { call, twoServerProcesses } from '../../test/server-process';
import { CARD } from './test-utils';

/**
 * Issue 22 item 4: 20 concurrent confirmations of one credit pack, spread over two server processes on one
 * PostgreSQL, grant it exactly once (the checkout is claimed with UPDATE … WHERE status <> 'paid' RETURNING).
 * PostgreSQL only (TEST_DATABASE_URL): PGlite is one process per data directory by design.
 */
const { url, bases } = twoServerProcesses('grants-two-processes');

describe.skipIf(!url)('a credit pack confirmed on two processes at once', () => {
  it('is granted exactly once', async () => {
    const [a, b] = bases as [string, string];
    const suffix = randomUUID().slice(0, 8);
    const user = {
      name: 'Wanjiru',
      username: `race_${suffix}`,
      email: `race.${suffix}@example.com`,
      password: 'correct horse battery',
      company_name: 'W',
      country: 'Kenya',
    };
    const signed = await call<{ token: string }>(a, '/users', { body: { user } });
    expect(signed.status).toBe(201);
    const token = signed.body.token;
    const before = (await call<{ credit: number }>(a, '/subscriptions', { token })).body.credit;
    const started = await call<{ url: string; reference: string }>(b, '/transactions', { token, body: { transaction: { credit_pack: 'credits-100' } } });
    expect(started.status).toBe(200);
    expect(started.body.url).toMatch(/^https?:\/\/[^/]+\/test-checkout\//);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => call(i % 2 ? b : a, `/test-pay/checkouts/${started.body.reference}/confirm`, { body: CARD })),
    );
    const codes = results.map((r) => r.status);
    expect(
      codes.filter((c) => c === 200),
      codes.join(','),
    ).toHaveLength(1);
    expect(
      codes.every((c) => c === 200 || c === 409),
      codes.join(','),
    ).toBe(true);
    for (const base of [a, b]) expect((await call<{ credit: number }>(base, '/subscriptions', { token })).body.credit).toBe(before + 100);
    const history = await call<{ data: Array<{ kind: string; credits: number; test: boolean }> }>(a, '/transactions', { token });
    expect(history.body.data.map((p) => [p.kind, p.credits, p.test])).toEqual([['credit_pack', 100, true]]);
  });
});

import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { call, twoServerProcesses } from '../../test/server-process';

/**
 * DESIGN "Scale": several stateless processes on one PostgreSQL must agree. Two real server processes on the
 * same database (TEST_DATABASE_URL; PGlite is one process per data directory by design, so this runs on
 * PostgreSQL only): accounts, sync versions, replays and revocation seen alike from both.
 */
const { url, bases } = twoServerProcesses('two-processes');

/** The status B answers for `token` once it stops being 200, or 200 if it still is after `ms`. */
async function statusWithin(base: string, token: string, ms: number): Promise<number> {
  const deadline = Date.now() + ms;
  for (;;) {
    const status = (await call(base, '/state', { token })).status;
    if (status !== 200 || Date.now() > deadline) return status;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.skipIf(!url)('two server processes on one PostgreSQL', () => {
  it('agree on accounts, sync order, replays, counts and revocation', async () => {
    const [a, b] = bases;
    const suffix = randomUUID().slice(0, 8);
    const user = {
      name: 'Two Shops',
      username: `two_${suffix}`,
      email: `two.${suffix}@example.com`,
      password: 'correct horse battery',
      company_name: 'Two',
      country: 'Kenya',
    };
    expect((await call(a, '/users', { body: { user } })).status).toBe(201);
    // Registered on A, logged in on B; the same username on B is taken.
    const login = await call<{ jwt: string }>(b, '/user_token', { body: { auth: { email: user.username, password: user.password } } });
    expect(login.status).toBe(200);
    expect((await call(b, '/users', { body: { user: { ...user, email: `x.${suffix}@example.com` } } })).status).toBe(409);
    const token = login.body.jwt;

    // 10 batches of 20 changes pushed to both processes at once.
    const batches = Array.from({ length: 10 }, (_, n) =>
      Array.from({ length: 20 }, (_, i) => ({
        mutation_id: randomUUID(),
        collection: 'contacts',
        op: 'upsert',
        id: randomUUID(),
        data: { name: `Client ${n}-${i}` },
      })),
    );
    const answers = await Promise.all(
      batches.map((mutations, n) => call<{ results: { status: string; version: number }[] }>(n % 2 ? b : a, '/sync/push', { body: { mutations }, token })),
    );
    const versions = answers.flatMap((r) => r.body.results.map((x) => x.version));
    expect(answers.every((r) => r.status === 200 && r.body.results.every((x) => x.status === 'applied'))).toBe(true);
    expect(new Set(versions).size).toBe(200); // one version per change, never shared across processes

    // A replay on the other process changes nothing.
    const replay = await call<{ results: { status: string }[] }>(b, '/sync/push', { body: { mutations: batches[0] }, token });
    expect(replay.body.results.map((r) => r.status)).toEqual(Array(20).fill('duplicate'));

    // Both see the same 200 contacts, in version order, and the same counts.
    for (const base of [a, b]) {
      const seen: number[] = [];
      let since = 0;
      for (;;) {
        const page = await call<{ records: { version: number }[]; version: number; has_more: boolean }>(
          base,
          `/sync/pull?collection=contacts&since=${since}&limit=60`,
          { token },
        );
        seen.push(...page.body.records.map((r) => r.version));
        if (!page.body.has_more) break;
        since = page.body.version;
      }
      expect(seen).toHaveLength(200);
      expect([...seen].sort((x, y) => x - y)).toEqual(seen);
      expect((await call<{ counts: { contacts: number } }>(base, '/state', { token })).body.counts.contacts).toBe(200);
    }

    // A password change on A ends the old token on B at once: B's cache of checked token versions (kept minutes while
    // it listens) is told by the database's NOTIFY (lib/token-revocations.ts), not after its 5 s fallback.
    expect((await call(b, '/state', { token })).status).toBe(200); // B has checked this token: it is in B's cache
    const changed = await call<{ jwt: string }>(a, '/users/change-password', {
      body: { user: { old_password: user.password, password: 'another horse battery' } },
      token,
    });
    expect(changed.status).toBe(200);
    expect(await statusWithin(b, token, 1_500)).toBe(401);

    // The new token works on B; deleting the account on A ends it on B at once too.
    const fresh = changed.body.jwt;
    expect((await call(b, '/state', { token: fresh })).status).toBe(200);
    expect((await call(a, '/users/delete', { method: 'DELETE', token: fresh })).status).toBe(200);
    expect(await statusWithin(b, fresh, 1_500)).toBe(401);
  });
});

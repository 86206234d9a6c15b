import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleServer, freePort, type ServerProcess, startServerProcess } from '../../test/server-process';

/**
 * A real server process on PGlite on disk is killed with SIGKILL while a client pushes 2,000 changes in
 * batches of 100; after a restart on the same DATA_DIR the client resends every batch it has no answer for.
 * The server must hold exactly the 2,000 records, none twice.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'duka-crash-'));
let bundle: Awaited<ReturnType<typeof bundleServer>>;
let server: ServerProcess | undefined;
let port = 0;

const start = async () => {
  server = await startServerProcess(bundle.file, { DATA_DIR: dataDir, JWT_SECRET: 'crash-test-secret-crash-test-secret' }, port);
};
const kill = async () => server?.kill();

beforeAll(async () => {
  bundle = await bundleServer('crash-test');
  port = await freePort();
  await start();
}, 150_000);

afterAll(async () => {
  await kill();
  rmSync(dataDir, { recursive: true, force: true });
  bundle.remove();
});

describe('crash safety', () => {
  it('keeps exactly the 2,000 pushed records across a SIGKILL mid-push', async () => {
    const base = `http://127.0.0.1:${port}/api`;
    const suffix = randomUUID().slice(0, 8);
    const signup = await fetch(`${base}/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        user: {
          name: 'Crash Test',
          username: `crash_${suffix}`,
          email: `crash.${suffix}@example.com`,
          password: 'correct horse battery',
          company_name: 'Crash',
          country: 'United States',
        },
      }),
    });
    expect(signup.status).toBe(201);
    const headers = { authorization: `Bearer ${((await signup.json()) as { token: string }).token}`, 'content-type': 'application/json' };

    const batches = Array.from({ length: 20 }, (_, b) =>
      Array.from({ length: 100 }, (_, i) => ({
        mutation_id: randomUUID(),
        collection: 'contacts',
        op: 'upsert',
        id: randomUUID(),
        data: { name: `Client ${b * 100 + i}`, phone: `+234803${String(b * 100 + i).padStart(7, '0')}` },
      })),
    );
    const acked = new Set<number>();
    const statuses: Record<string, number> = {};
    const send = async (b: number) => {
      const res = await fetch(`${base}/sync/push`, { method: 'POST', headers, body: JSON.stringify({ mutations: batches[b] }) });
      if (res.status !== 200) throw new Error(`push answered ${res.status}`);
      const { results } = (await res.json()) as { results: Array<{ status: string }> };
      for (const r of results) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
      if (results.length !== 100 || results.some((r) => r.status === 'rejected')) throw new Error('unexpected results');
      acked.add(b);
    };

    // Phase 1: push until the kill; requests in flight when it lands get no answer.
    let killed = false;
    const inFlight: Array<Promise<void>> = [];
    for (let b = 0; b < batches.length && !killed; b++) {
      if (b === 9) {
        // Two batches in flight, then SIGKILL a few milliseconds later.
        inFlight.push(
          send(9).catch(() => undefined),
          send(10).catch(() => undefined),
        );
        await new Promise((r) => setTimeout(r, 15));
        await kill();
        killed = true;
        break;
      }
      await send(b);
    }
    await Promise.all(inFlight);
    expect(killed).toBe(true);
    expect(acked.size).toBeLessThan(20);

    // Phase 2: restart on the same DATA_DIR and resend everything not acknowledged until all are.
    await start();
    for (let attempt = 0; attempt < 3 && acked.size < 20; attempt++) {
      for (let b = 0; b < batches.length; b++) if (!acked.has(b)) await send(b).catch(() => undefined);
    }
    expect(acked.size).toBe(20);

    // Exactly 2,000 contacts, each once, with the data pushed.
    const seen = new Map<string, string>();
    let since = 0;
    for (;;) {
      const res = await fetch(`${base}/sync/pull?collection=contacts&since=${since}&limit=500`, { headers });
      const page = (await res.json()) as { records: Array<{ id: string; name: string }>; version: number; has_more: boolean };
      for (const r of page.records) {
        expect(seen.has(r.id)).toBe(false);
        seen.set(r.id, r.name);
      }
      since = page.version;
      if (!page.has_more) break;
    }
    expect(seen.size).toBe(2000);
    for (const [b, batch] of batches.entries()) for (const [i, m] of batch.entries()) expect(seen.get(m.id)).toBe(`Client ${b * 100 + i}`);
    const state = await fetch(`${base}/state`, { headers });
    expect(((await state.json()) as { counts: { contacts: number } }).counts.contacts).toBe(2000);
    // Every mutation got an answer once applied; resending all 20 batches now only answers duplicate.
    for (let b = 0; b < 20; b++) await send(b);
    expect(statuses.duplicate).toBeGreaterThanOrEqual(2000);
    const again = await fetch(`${base}/sync/pull?collection=contacts&since=${since}`, { headers });
    expect(((await again.json()) as { records: unknown[] }).records).toEqual([]);
  }, 240_000);
});

import { gzip } from 'node:zlib';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { HASHING_AT_ONCE, hashPassword, limitedHashing, verifyPassword } from './passwords';

describe('password hashing leaves the thread pool room', () => {
  it(`runs at most ${HASHING_AT_ONCE} hashes at once, in order, and every one finishes`, async () => {
    let now = 0;
    let most = 0;
    const order: number[] = [];
    const gates: Array<() => void> = [];
    const jobs = Array.from({ length: 10 }, (_, i) =>
      limitedHashing(async () => {
        now += 1;
        most = Math.max(most, now);
        order.push(i);
        await new Promise<void>((resolve) => gates.push(resolve));
        now -= 1;
        return i;
      }),
    );
    // Let the started ones reach their gate, then open gates one by one until all ten ran.
    for (let opened = 0; opened < 10; opened++) {
      while (gates.length === 0) await new Promise((r) => setImmediate(r));
      expect(now).toBeLessThanOrEqual(HASHING_AT_ONCE);
      gates.shift()?.();
    }
    expect(await Promise.all(jobs)).toEqual([...Array(10).keys()]);
    expect(most).toBe(HASHING_AT_ONCE);
    expect(order).toEqual([...Array(10).keys()]);
  });

  it('a failing hash frees its place', async () => {
    await expect(limitedHashing(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(Promise.all(Array.from({ length: HASHING_AT_ONCE + 1 }, (_, i) => limitedHashing(async () => i)))).resolves.toHaveLength(HASHING_AT_ONCE + 1);
  });

  it('while many logins hash, a compression on the thread pool still gets a thread', async () => {
    const stored = await hashPassword('correct horse battery');
    let hashed = 0;
    const logins = Array.from({ length: 12 }, () => verifyPassword(stored, 'correct horse battery').then((ok) => (hashed += ok ? 1 : 0)));
    // Thread-pool work queued after the logins: with all 4 threads hashing it would start only after 9 of them ended.
    await promisify(gzip)(Buffer.alloc(64 * 1024, 'a'));
    expect(hashed).toBeLessThanOrEqual(4);
    await Promise.all(logins);
    expect(hashed).toBe(12);
  });
});

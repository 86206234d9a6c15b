import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rateLimits } from '../db/schema';
import { openTestApp } from '../test/harness';
import { attempt, batchSize, clearAttempts, consume, parseWindow, RateLimited } from './rate-limit';

/** Issue 27: the one limiter (lib/rate-limit.ts) on the real database (PGlite, or PostgreSQL with TEST_DATABASE_URL). */
const { ctx } = await openTestApp({ rateLimits: true });
const stored = async (key: string) => (await ctx.db.select().from(rateLimits).where(eq(rateLimits.key, key)))[0]?.hits;

describe('one limiter', () => {
  it('a large limit far from full writes to the table once per batch, not once per request', async () => {
    const key = `test:batch:${randomUUID()}`;
    const limit = { max: 1000, windowMs: 60_000 };
    const batch = batchSize(limit.max);
    expect(batch).toBe(20);
    await consume(ctx.db, key, limit);
    expect(await stored(key)).toBe(1);
    for (let i = 0; i < batch - 1; i++) await consume(ctx.db, key, limit);
    // 20 requests, 1 write: the 19 after the first are in memory.
    expect(await stored(key)).toBe(1);
    await consume(ctx.db, key, limit);
    expect(await stored(key)).toBe(batch + 1);
  });

  it('the limit still holds exactly near the end of the window: every unit is written there', async () => {
    const key = `test:near:${randomUUID()}`;
    const limit = { max: 1000, windowMs: 60_000 };
    let allowed = 0;
    let refused = 0;
    for (let i = 0; i < 1010; i++) {
      try {
        await consume(ctx.db, key, limit);
        allowed++;
      } catch (err) {
        expect(err).toBeInstanceOf(RateLimited);
        refused++;
      }
    }
    expect(allowed).toBe(1000);
    expect(refused).toBe(10);
    expect(await stored(key)).toBe(1001);
  });

  it('small limits count every unit', async () => {
    const key = `test:small:${randomUUID()}`;
    const limit = { max: 3, windowMs: 60_000 };
    for (let i = 1; i <= 3; i++) {
      await consume(ctx.db, key, limit);
      expect(await stored(key)).toBe(i);
    }
    await expect(consume(ctx.db, key, limit)).rejects.toBeInstanceOf(RateLimited);
  });

  it('back-off attempts racing with clears never fail with anything but a 429', async () => {
    const key = `test:race:${randomUUID()}`;
    const policy = { free: 5, baseMs: 2000, capMs: 60_000, forgetMs: 3_600_000 };
    const results = await Promise.allSettled(Array.from({ length: 60 }, (_, i) => (i % 3 === 2 ? clearAttempts(ctx.db, key) : attempt(ctx.db, key, policy))));
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(RateLimited);
  });

  it('parallel attempts are each counted once: exactly the free ones pass', async () => {
    const key = `test:parallel:${randomUUID()}`;
    const policy = { free: 5, baseMs: 2000, capMs: 60_000, forgetMs: 3_600_000 };
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => attempt(ctx.db, key, policy)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    expect(await stored(key)).toBe(5);
  });

  it('route windows', () => {
    expect(parseWindow(60_000)).toBe(60_000);
    expect(parseWindow('1 minute')).toBe(60_000);
    expect(parseWindow('15 minutes')).toBe(900_000);
    expect(parseWindow('2 hours')).toBe(7_200_000);
    expect(() => parseWindow('soon')).toThrow(/not like/);
  });
});

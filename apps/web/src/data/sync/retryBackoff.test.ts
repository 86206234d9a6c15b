import { describe, expect, it } from 'vitest';
import { RETRY_BASE_MS, RETRY_MAX_MS, RetryBackoff } from './retryBackoff';

/** A clock the test moves by hand. */
function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

describe('retry after a failed sync run (issue 27)', () => {
  it('waits 2, 4, 8, 16, 32 s, then no more than a minute, each between half and all of it', () => {
    const most = new RetryBackoff({ random: () => 0.999999 });
    const least = new RetryBackoff({ random: () => 0 });
    const full = [2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000];
    expect(RETRY_BASE_MS).toBe(2_000);
    expect(RETRY_MAX_MS).toBe(60_000);
    for (const f of full) {
      expect(most.failed()).toBe(f);
      expect(least.failed()).toBe(f / 2);
    }
    expect(most.failuresInARow).toBe(full.length);
  });

  it('spreads the waits of devices that failed together (jitter)', () => {
    const waits = new Set(Array.from({ length: 50 }, () => new RetryBackoff().failed()));
    expect(waits.size).toBeGreaterThan(10);
    for (const w of waits) {
      expect(w).toBeGreaterThanOrEqual(1_000);
      expect(w).toBeLessThanOrEqual(2_000);
    }
  });

  it('a success starts again from the shortest wait', () => {
    const b = new RetryBackoff({ random: () => 0.999999 });
    b.failed();
    b.failed();
    expect(b.failed()).toBe(8_000);
    b.succeeded();
    expect(b.failuresInARow).toBe(0);
    expect(b.failed()).toBe(2_000);
  });

  it('never goes before a 429’s Retry-After, for the retry and for later syncs, until that moment has passed', () => {
    const c = clock();
    const b = new RetryBackoff({ now: c.now, random: () => 0 });
    // A first failure would wait 1 s; the server asked for 30 s.
    expect(b.failed(30_000)).toBe(30_000);
    // A local write's debounce (800 ms) 10 s later waits for the 20 s left.
    c.advance(10_000);
    expect(b.atLeastFloor(800)).toBe(20_000);
    // Another failure (a 500) meanwhile: still not before the server's moment, though its own wait is shorter.
    expect(b.failed()).toBe(20_000);
    // A success does not lift the server's floor either.
    b.succeeded();
    expect(b.atLeastFloor(0)).toBe(20_000);
    c.advance(20_000);
    expect(b.atLeastFloor(0)).toBe(0);
    expect(b.atLeastFloor(800)).toBe(800);
    // A Retry-After longer than the back-off's cap is kept whole.
    expect(b.failed(5 * 60_000)).toBe(5 * 60_000);
  });
});

/**
 * When the sync engine tries again after a run that failed (issue 27): soon, then less and less often, instead of at
 * the next minute's run. The n-th failure in a row waits about RETRY_BASE_MS × 2^(n−1) (2, 4, 8, 16, 32 s), capped at
 * RETRY_MAX_MS, with jitter (between half and all of it, so a thousand phones that lost the server together do not
 * come back in step). A success starts again from the shortest wait. A 429's Retry-After is a floor: no retry, and no
 * sync this clock schedules, goes before the moment the server asked for.
 */

/** The first retry's wait (before jitter). */
export const RETRY_BASE_MS = 2_000;
/** The longest wait between retries: the engine's minute run comes no later anyway. */
export const RETRY_MAX_MS = 60_000;

export class RetryBackoff {
  /** Failed runs in a row since the last success. */
  private failures = 0;
  /** Epoch ms before which the server asked not to be called again (a 429's Retry-After). */
  private notBefore = 0;

  private readonly baseMs: number;
  private readonly maxMs: number;
  private readonly now: () => number;
  private readonly random: () => number;

  constructor(opts: { baseMs?: number; maxMs?: number; now?: () => number; random?: () => number } = {}) {
    this.baseMs = opts.baseMs ?? RETRY_BASE_MS;
    this.maxMs = opts.maxMs ?? RETRY_MAX_MS;
    this.now = opts.now ?? Date.now;
    this.random = opts.random ?? Math.random;
  }

  /** A run succeeded: the next failure waits the shortest time again. The server's own floor stays. */
  succeeded(): void {
    this.failures = 0;
  }

  /**
   * A run failed: how long to wait before the next try. `retryAfterMs` is a 429's Retry-After (then the wait is at
   * least that, and later syncs keep to it too).
   */
  failed(retryAfterMs?: number): number {
    this.failures += 1;
    if (retryAfterMs !== undefined) this.notBefore = Math.max(this.notBefore, this.now() + retryAfterMs);
    const full = Math.min(this.maxMs, this.baseMs * 2 ** Math.min(this.failures - 1, 30));
    const jittered = Math.round(full / 2 + (this.random() * full) / 2);
    return this.atLeastFloor(jittered);
  }

  /** A wait the engine is about to use (e.g. the debounce after a local write), raised to the server's floor. */
  atLeastFloor(delayMs: number): number {
    return Math.max(delayMs, this.notBefore - this.now(), 0);
  }

  /** Failed runs in a row (for tests and the status). */
  get failuresInARow(): number {
    return this.failures;
  }
}

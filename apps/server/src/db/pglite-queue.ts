/**
 * PGlite has one connection: every query, exec and transaction takes it in turn, through its
 * `_runExclusiveTransaction` (a first-come first-served mutex). This counts, around that mutex, how long calls
 * waited for the connection and how long they held it (issue 27: where a request's time goes under load; served by
 * GET /metrics and read by bench/sync-load.bench.mjs).
 */
export interface QueueStats {
  /** Calls waiting for the connection now. */
  waiting: number;
  /** Calls that found the connection busy. */
  waits: number;
  /** Calls run. */
  calls: number;
  /** Total ms calls waited for the connection, and held it. */
  waitMs: number;
  runMs: number;
  /** The longest wait (ms) since the process began. */
  maxWaitMs: number;
  /**
   * The longest hold (ms) since the process began. PGlite runs in the server's thread: a statement holds the thread too,
   * so no request is served meanwhile, and nothing queues for the connection either (waits stay 0): this is where such
   * a stall shows (issue 27: an ANALYZE of 1.3 s).
   */
  maxRunMs: number;
}

interface Exclusive {
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
}

/** Wraps `client`'s exclusive section with counters (PGlite's own mutex still orders the calls); answers them. */
export function countConnectionTurns(client: Exclusive): () => QueueStats {
  const exclusive = client._runExclusiveTransaction.bind(client);
  let held = false;
  let waiting = 0;
  const stats = { waits: 0, calls: 0, waitMs: 0, runMs: 0, maxWaitMs: 0, maxRunMs: 0 };
  client._runExclusiveTransaction = <T>(fn: () => Promise<T>): Promise<T> => {
    const queued = performance.now();
    const waited = held || waiting > 0;
    if (waited) stats.waits++;
    waiting++;
    return exclusive(async () => {
      waiting--;
      held = true;
      const began = performance.now();
      const wait = began - queued;
      stats.calls++;
      stats.waitMs += wait;
      if (wait > stats.maxWaitMs) stats.maxWaitMs = wait;
      try {
        return await fn();
      } finally {
        held = false;
        const run = performance.now() - began;
        stats.runMs += run;
        if (run > stats.maxRunMs) stats.maxRunMs = run;
      }
    });
  };
  return () => ({
    waiting,
    ...stats,
    waitMs: Math.round(stats.waitMs),
    runMs: Math.round(stats.runMs),
    maxWaitMs: Math.round(stats.maxWaitMs),
    maxRunMs: Math.round(stats.maxRunMs),
  });
}

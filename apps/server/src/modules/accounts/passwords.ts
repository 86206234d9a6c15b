import { hash, verify } from '@node-rs/argon2';

/** argon2id (the library's default algorithm) with OWASP's minimum: 19 MiB, 2 passes, 1 lane. */
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/**
 * At most this many argon2 runs at a time. They run on libuv's thread pool (4 threads), which also compresses
 * every answer (zlib) and reads files: a burst of logins (1,000 devices signing in at once) used to fill all four
 * threads for minutes, and sync answers waited behind them (pushes of 20–120 s in bench/sync-load.bench.mjs).
 * Two at a time still keep both cores of a small server busy hashing.
 */
export const HASHING_AT_ONCE = 2;
let running = 0;
const waiting: Array<() => void> = [];

export async function limitedHashing<T>(work: () => Promise<T>): Promise<T> {
  if (running >= HASHING_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

export function hashPassword(password: string): Promise<string> {
  return limitedHashing(() => hash(password, OPTIONS));
}

// A real hash to compare against when the account does not exist, so a miss costs as much as a hit.
let dummy: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummy ??= hashPassword('not-a-real-password-0000');
    const against = await dummy;
    await limitedHashing(() => verify(against, password)).catch(() => false);
    return false;
  }
  try {
    return await limitedHashing(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}

import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import type { Db } from '../db/connect';
import { users } from '../db/schema';
import { AppError } from './errors';

export const TOKEN_TTL_SECONDS = 30 * 24 * 3600;

export interface TokenClaims {
  sub: string;
  tv: number;
}

/**
 * token_version per user kept in memory, so most authenticated calls need no query. Changes made by this process
 * (password change, reset, deletion) update it at once. Another process's are announced by the database (NOTIFY,
 * lib/token-revocations.ts): while this process listens, an entry is kept LISTENING_TTL_MS (the listener drops a
 * revoked user at once); while it does not (connection lost, or not yet connected), SHORT_TTL_MS, so another
 * process's revocation is seen after at most that.
 */
export const SHORT_TTL_MS = 5_000;
export const LISTENING_TTL_MS = 10 * 60_000;
export function createVersionCache(ttlMs = SHORT_TTL_MS, maxEntries = 10_000) {
  const entries = new Map<string, { version: number; at: number }>();
  let ttl = ttlMs;
  return {
    get(userId: string, now = Date.now()): number | undefined {
      const e = entries.get(userId);
      if (!e) return undefined;
      if (now - e.at > ttl) {
        entries.delete(userId);
        return undefined;
      }
      return e.version;
    },
    set(userId: string, version: number, now = Date.now()): void {
      entries.delete(userId);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(userId, { version, at: now });
    },
    delete(userId: string): void {
      entries.delete(userId);
    },
    /** Forgets every entry and keeps new ones `ms` (see lib/token-revocations.ts). */
    reset(ms: number): void {
      entries.clear();
      ttl = ms;
    },
  };
}
export type VersionCache = ReturnType<typeof createVersionCache>;

export function createTokens(secret: string) {
  const key = new TextEncoder().encode(secret);
  const verified = new Map<string, { claims: TokenClaims; exp: number }>();
  return {
    /** Recently checked token versions (see createVersionCache); update it whenever token_version changes. */
    versions: createVersionCache(),
    async sign(userId: string, tokenVersion: number): Promise<string> {
      return new SignJWT({ tv: tokenVersion })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuedAt()
        .setExpirationTime(`${TOKEN_TTL_SECONDS}s`)
        .sign(key);
    },
    async verify(token: string): Promise<TokenClaims | null> {
      // Signatures already checked are remembered until the token expires (bounded; revocation is the tv check).
      const known = verified.get(token);
      if (known && known.exp * 1000 > Date.now()) return known.claims;
      try {
        // A token without an expiry would never end: refused (jose checks exp when present; this requires it).
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], requiredClaims: ['exp', 'sub'] });
        if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number') return null;
        const claims = { sub: payload.sub, tv: typeof payload.tv === 'number' ? payload.tv : -1 };
        if (verified.size >= 10_000) verified.delete(verified.keys().next().value as string);
        verified.set(token, { claims, exp: payload.exp });
        return claims;
      } catch {
        return null;
      }
    },
  };
}
export type Tokens = ReturnType<typeof createTokens>;

declare module 'fastify' {
  interface FastifyRequest {
    userId: string;
  }
}

/** preHandler for routes that need a signed-in user: sets request.userId or answers 401. */
export function requireUser(db: Db, tokens: Tokens) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(.+)$/i.exec(header);
    if (!match) throw new AppError('unauthorized', 'Please login to continue');
    const claims = await tokens.verify(match[1].trim());
    if (!claims) throw new AppError('unauthorized', 'Your session has expired. Please login to continue');
    if (tokens.versions.get(claims.sub) !== claims.tv) {
      const [row] = await db.select({ tokenVersion: users.tokenVersion }).from(users).where(eq(users.id, claims.sub)).limit(1);
      if (row) tokens.versions.set(claims.sub, row.tokenVersion);
      else tokens.versions.delete(claims.sub);
      if (!row || row.tokenVersion !== claims.tv) {
        throw new AppError('unauthorized', 'Your session has ended. Please login to continue');
      }
    }
    request.userId = claims.sub;
  };
}

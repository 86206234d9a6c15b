import { apiPath } from '@duka/core';
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import type { Db } from '../../db/connect';
import { rateLimits } from '../../db/schema';

/**
 * Issue 22 item 5: a device that logged in before gets through an account's back-off, and a throttled
 * owner can log in with a mailed one-time link.
 * - Device: a successful login (or login link) sets the long-lived, signed, HttpOnly cookie `duka_device`
 *   (the account's id and a random device id; sent only to the login route). A login carrying a valid
 *   cookie for the account it names counts its wrong passwords under that device, never under the
 *   address or the account, so nobody elsewhere can make the owner's own phone wait.
 * - Login link: a signed token of 15 minutes naming the account and its token version (a password
 *   change voids it); single use is claimed atomically in rate_limits (`login-link:<id>`), kept until
 *   the token has expired.
 */
export const DEVICE_COOKIE = 'duka_device';
const DEVICE_TTL_SECONDS = 365 * 24 * 3600;
export const LOGIN_LINK_TTL_MS = 15 * 60_000;
/** The route that reads the cookie (the browser sends it nowhere else). */
const COOKIE_PATH = apiPath('POST /user_token');

const keyFor = (secret: string, purpose: string) => createHash('sha256').update(`duka:${purpose}:${secret}`).digest();

function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export function createDevices(config: { jwtSecret: string; publicUrl: string }) {
  const deviceKey = keyFor(config.jwtSecret, 'device');
  const linkKey = keyFor(config.jwtSecret, 'login-link');
  const secure = config.publicUrl.startsWith('https://') ? '; Secure' : '';
  return {
    /** The Set-Cookie value that marks this browser as a device of the account. */
    async cookie(userId: string): Promise<string> {
      const token = await new SignJWT({ did: randomUUID() })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuedAt()
        .setExpirationTime(`${DEVICE_TTL_SECONDS}s`)
        .sign(deviceKey);
      return `${DEVICE_COOKIE}=${token}; Path=${COOKIE_PATH}; Max-Age=${DEVICE_TTL_SECONDS}; HttpOnly; SameSite=Strict${secure}`;
    },
    /** The device id when the request carries a valid device cookie of this account; null otherwise. */
    async known(request: FastifyRequest, userId: string): Promise<string | null> {
      const token = readCookie(request, DEVICE_COOKIE);
      if (!token || token.length > 2000) return null;
      try {
        const { payload } = await jwtVerify(token, deviceKey, { algorithms: ['HS256'], requiredClaims: ['exp', 'sub'] });
        return payload.sub === userId && typeof payload.did === 'string' ? payload.did : null;
      } catch {
        return null;
      }
    },
    async linkToken(userId: string, tokenVersion: number, now = new Date()): Promise<string> {
      return new SignJWT({ tv: tokenVersion })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setJti(randomUUID())
        .setIssuedAt(Math.floor(now.getTime() / 1000))
        .setExpirationTime(Math.floor((now.getTime() + LOGIN_LINK_TTL_MS) / 1000))
        .sign(linkKey);
    },
    /**
     * The account a login link names, claimed for good (a second use answers null), or null when the
     * token is not one of ours, has expired, or was already used.
     */
    async redeemLink(db: Db, token: string): Promise<{ userId: string; tokenVersion: number } | null> {
      let payload;
      try {
        ({ payload } = await jwtVerify(token, linkKey, { algorithms: ['HS256'], requiredClaims: ['exp', 'sub', 'jti'] }));
      } catch {
        return null;
      }
      if (typeof payload.sub !== 'string' || typeof payload.jti !== 'string' || typeof payload.tv !== 'number' || typeof payload.exp !== 'number') return null;
      const [claimed] = await db
        .insert(rateLimits)
        .values({ key: `login-link:${payload.jti}`, hits: 1, resetAt: new Date(payload.exp * 1000 + 60_000) })
        .onConflictDoNothing()
        .returning({ key: rateLimits.key });
      return claimed ? { userId: payload.sub, tokenVersion: payload.tv } : null;
    },
  };
}
export type Devices = ReturnType<typeof createDevices>;

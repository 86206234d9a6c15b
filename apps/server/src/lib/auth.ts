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

export function createTokens(secret: string) {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(userId: string, tokenVersion: number): Promise<string> {
      return new SignJWT({ tv: tokenVersion })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuedAt()
        .setExpirationTime(`${TOKEN_TTL_SECONDS}s`)
        .sign(key);
    },
    async verify(token: string): Promise<TokenClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string') return null;
        return { sub: payload.sub, tv: typeof payload.tv === 'number' ? payload.tv : -1 };
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
    const [row] = await db
      .select({ tokenVersion: users.tokenVersion })
      .from(users)
      .where(eq(users.id, claims.sub))
      .limit(1);
    if (!row || row.tokenVersion !== claims.tv) {
      throw new AppError('unauthorized', 'Your session has ended. Please login to continue');
    }
    request.userId = claims.sub;
  };
}

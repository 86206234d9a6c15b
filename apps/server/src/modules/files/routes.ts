import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/connect';
import { expenses } from '../../db/schema';
import type { Module } from '../../lib/context';
import { registerRoute } from '../../lib/route';
import { requireUser } from '../../lib/auth';
import { AppError } from '../../lib/errors';
import { createFileStore, getFiles } from './service';
import { isSafeKey } from './store';

const isReceipt = (key: string) => /(^|\/)receipts\//.test(key);
const RECEIPT_KEY = /^users\/([0-9a-f-]{36})\/receipts\/[^/]+$/;

/** A receipt photo is served only while an expense that is not deleted still holds it (issue 22). */
async function liveReceipt(db: Db, key: string): Promise<boolean> {
  const owner = RECEIPT_KEY.exec(key)?.[1];
  if (!owner) return false;
  const [row] = await db
    .select({ id: expenses.id })
    .from(expenses)
    .where(and(eq(expenses.userId, owner), eq(expenses.receipt, key), isNull(expenses.deletedAt)))
    .limit(1);
  return !!row;
}

/**
 * A receipt photo is a private paper (t16): it is served only to its owner's session (the Bearer token the app
 * sends), so a leaked link (forwarded, logged) shows nothing. No token, an ended session or another user: 404,
 * the same answer as for a file that does not exist.
 */
async function ownerAsks(request: FastifyRequest, reply: FastifyReply, owner: string, signedIn: ReturnType<typeof requireUser>): Promise<boolean> {
  try {
    await signedIn(request, reply);
  } catch {
    return false;
  }
  return request.userId === owner;
}

/** Files: the store (ctx.services.files) and GET /api/files/* that serves them. */
export const filesRoutes: Module = (app, ctx) => {
  ctx.services.files = createFileStore(ctx);
  const signedIn = requireUser(ctx.db, ctx.tokens);

  registerRoute(
    app,
    ctx,
    'GET /files/*',
    async (request, reply) => {
      const key = request.params['*'];
      if (!isSafeKey(key)) throw new AppError('not_found', 'File not found');
      if (isReceipt(key)) {
        const owner = RECEIPT_KEY.exec(key)?.[1];
        if (!owner || !(await ownerAsks(request, reply, owner, signedIn)) || !(await liveReceipt(ctx.db, key)))
          throw new AppError('not_found', 'File not found');
      }
      const file = await getFiles(ctx).get(key);
      if (!file) throw new AppError('not_found', 'File not found');
      return (
        reply
          .header('content-type', file.contentType)
          // Receipts are private papers: never kept by shared caches (CDNs, proxies). Logos appear on public invoices.
          .header('cache-control', isReceipt(key) ? 'private, no-store' : 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'")
          .send(file.buffer)
      );
    },
    {
      tags: ['files'],
      summary:
        "A stored file (logos, receipts: image/webp, image/png, image/jpeg, application/pdf…). Keys hold 128 random bits (each file's own unguessable token). A receipt photo only to its owner's session (Authorization: Bearer; anyone else gets 404) and only while its expense is not deleted.",
      errors: [404],
    },
  );
};

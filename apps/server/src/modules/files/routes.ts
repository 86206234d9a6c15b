import { errorResponse } from '@duka/core';
import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/connect';
import { expenses } from '../../db/schema';
import type { Module } from '../../lib/context';
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

/** Files: the store (ctx.services.files) and GET /api/files/* that serves them. */
export const filesRoutes: Module = (app, ctx) => {
  ctx.services.files = createFileStore(ctx);

  app.get(
    '/files/*',
    {
      schema: {
        tags: ['files'],
        summary:
          "A stored file (logos, receipts). Keys hold 128 random bits (each file's own unguessable token); a receipt photo only while its expense is not deleted.",
        params: z.object({ '*': z.string() }),
        response: { 200: z.any().describe('The file bytes (image/webp, image/png, image/jpeg, application/pdf…)'), 404: errorResponse },
      },
    },
    async (request, reply) => {
      const key = request.params['*'];
      if (!isSafeKey(key) || (isReceipt(key) && !(await liveReceipt(ctx.db, key)))) throw new AppError('not_found', 'File not found');
      const file = await getFiles(ctx).get(key);
      if (!file) throw new AppError('not_found', 'File not found');
      return (
        reply
          .header('content-type', file.contentType)
          // Receipts are private papers: never kept by shared caches (CDNs, proxies). Logos appear on public invoices.
          .header('cache-control', isReceipt(key) ? 'private, max-age=3600' : 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'")
          .send(file.buffer)
      );
    },
  );
};

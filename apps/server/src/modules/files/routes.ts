import { z } from 'zod';
import type { Module } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { errors } from '../accounts';
import { createFileStore, getFiles } from './service';
import { isSafeKey } from './store';

const isReceipt = (key: string) => /(^|\/)receipts\//.test(key);

/** Files: the store (ctx.services.files) and GET /api/files/* that serves them. */
export const filesRoutes: Module = (app, ctx) => {
  ctx.services.files = createFileStore(ctx);

  app.get(
    '/files/*',
    {
      schema: {
        tags: ['files'],
        summary: 'A stored file (logos, receipts). Keys hold 128 random bits, so no token is needed.',
        params: z.object({ '*': z.string() }),
        response: { 200: z.any().describe('The file bytes (image/webp, image/png, image/jpeg, application/pdf…)'), ...errors(404) },
      },
    },
    async (request, reply) => {
      const key = request.params['*'];
      if (!isSafeKey(key)) throw new AppError('not_found', 'File not found');
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

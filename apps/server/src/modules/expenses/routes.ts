import { DEFAULT_CURRENCY, type ExpenseRecord, invoiceDefaults } from '@duka/core';
import { and, eq, gte, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { expenses, users } from '../../db/schema';
import type { AppContext, Module } from '../../lib/context';
import { refuseOthersIdsOnCreate } from '../../lib/taken-id';
import { registerRoute } from '../../lib/route';
import { uploadIpLimit, userLimit } from '../../lib/user-limits';
import { AppError } from '../../lib/errors';
import { getFiles, normaliseImage, randomName } from '../files';
import { applyMutations } from '../sync';
import { recordRoutes } from '../sync';
import { getOne, toRecord } from '../sync';
import { expensesAdapter, orphanedReceipts, receiptPrefix } from './adapter';

/** Removes the files of receipt photos no live expense holds any more. */
async function removeOrphanedReceipts(ctx: AppContext, userId: string, keys: string[]): Promise<void> {
  const held = await ctx.db
    .select({ receipt: expenses.receipt })
    .from(expenses)
    .where(and(eq(expenses.userId, userId), inArray(expenses.receipt, keys), isNull(expenses.deletedAt)));
  const keep = new Set(held.map((r) => r.receipt));
  for (const key of keys) if (!keep.has(key)) await getFiles(ctx).delete(key);
}

export const RECEIPT_MAX_BYTES = 5 * 1024 * 1024;
export const RECEIPT_MAX_PIXELS = 1600;

/** /expenses REST resource (newest date first; from/to/category/contact_id filters), receipts and the 'expenses' sync collection. */
export const expensesRoutes: Module = (app, ctx) => {
  // A deleted expense's receipt photo is removed from the store (the files route already stops serving it).
  ctx.registry.afterMutations.push((userId, collections) => {
    if (!collections.includes('expenses')) return;
    const keys = orphanedReceipts.get(userId);
    if (!keys?.size) return;
    orphanedReceipts.delete(userId);
    void removeOrphanedReceipts(ctx, userId, [...keys]).catch((err: unknown) => app.log.error({ err, userId }, 'could not remove a deleted receipt photo'));
  });
  refuseOthersIdsOnCreate(app, ctx, '/expenses', expenses, 'expense');
  recordRoutes(app, ctx, {
    collection: 'expenses',
    adapter: expensesAdapter,
    tag: 'expenses',
    // An expense POSTed without a currency is in the business's currency, as the app's form fills it (t17 A5).
    createDefaults: async (c, userId) => {
      const [u] = await c.db.select({ s: users.invoiceSettings }).from(users).where(eq(users.id, userId));
      return { currency: invoiceDefaults(u?.s ?? '{}').currency ?? DEFAULT_CURRENCY };
    },
    filters: (q) => {
      const f: SQL[] = [];
      if (q.from) f.push(gte(expenses.date, q.from));
      if (q.to) f.push(lte(expenses.date, q.to));
      if (q.category) f.push(sql`lower(${expenses.category}) = ${q.category.trim().toLowerCase()}`);
      if (q.contact_id) f.push(eq(expenses.contactId, q.contact_id));
      return f;
    },
  });

  registerRoute(
    app,
    ctx,
    'POST /expenses/:id/receipt',
    async (request) => {
      const { id } = request.params;
      const userId = request.userId;
      const before = await getOne(ctx.db, expensesAdapter, userId, id);
      if (!request.isMultipart()) throw new AppError('unsupported_media_type', 'Send the receipt as multipart/form-data with the file field receipt');
      let input: Buffer | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            const buf = await part.toBuffer();
            if (part.fieldname === 'receipt') input = buf;
          }
        }
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
          throw new AppError('payload_too_large', 'The receipt photo is too large. Upload an image of at most 5 MB.');
        }
        throw new AppError('bad_request', 'The upload could not be read. Please try again.');
      }
      if (!input) throw new AppError('validation_failed', 'receipt: Choose a photo of the receipt', { receipt: 'Required' });
      if (input.length > RECEIPT_MAX_BYTES) throw new AppError('payload_too_large', 'The receipt photo is too large. Upload an image of at most 5 MB.');
      const image = await normaliseImage(input, { maxSize: RECEIPT_MAX_PIXELS });
      const key = `${receiptPrefix(userId)}${randomName(image.ext)}`;
      const files = getFiles(ctx);
      await files.put(key, image.buffer, image.contentType);
      const [result] = await applyMutations(ctx, userId, [{ collection: 'expenses', op: 'upsert', id, data: { receipt: key } }]);
      if (result?.status !== 'applied') {
        await files.delete(key).catch(() => undefined);
        throw new AppError('not_found', 'Expense not found');
      }
      const old = before.receipt as string | null;
      if (old && old !== key) await files.delete(old).catch(() => undefined);
      return toRecord(expensesAdapter, await getOne(ctx.db, expensesAdapter, userId, id)) as ExpenseRecord;
    },
    {
      // Authenticated before the upload is read; uploads are limited per user and per address.
      preHandler: userLimit(ctx, 'uploads'),
      ...uploadIpLimit(ctx),
      tags: ['expenses'],
      summary: 'Upload the receipt photo of an expense: multipart file field `receipt` (PNG, JPEG or WebP, ≤ 5 MB)',
      schema: { consumes: ['multipart/form-data'] },
    },
  );
};

import {
  businessToday,
  invoiceDefaults,
  parseReceiptText,
  type ReceiptDraft,
  receiptDraftFromModel,
  receiptDraftSchema,
  receiptModelAnswerSchema,
  receiptModelJsonSchema,
  receiptModelMessages,
  type ReceiptScanContext,
  userTimeZone,
} from '@duka/core';
import { eq } from 'drizzle-orm';
import { type Config, receiptPhotoModel } from '../../config';
import type { Db } from '../../db/connect';
import { users } from '../../db/schema';
import { askModelJson } from './service';

/** The business's currency and today (its time zone): all a receipt's reading needs to know. */
export async function receiptContextOf(db: Db, userId: string): Promise<ReceiptScanContext> {
  const [u] = await db.select({ s: users.invoiceSettings, country: users.country }).from(users).where(eq(users.id, userId));
  return { currency: invoiceDefaults(u?.s ?? '{}').currency, today: businessToday(new Date(), userTimeZone({ country: u?.country, invoice_settings: u?.s })) };
}

/**
 * POST /expenses/receipt-read: the vision model's reading of the photo when AI_BASE_URL and AI_VISION_MODEL are set
 * and its answer holds up (core's schema and checks), else core's reader on the text the device's OCR read. A
 * text-only AI_MODEL is never sent a photo. Nothing is saved here.
 */
export async function readReceipt(
  db: Db,
  config: Config,
  userId: string,
  image: string,
  text: string,
): Promise<{ draft: ReceiptDraft; source: 'parser' | 'model' }> {
  const ctx = await receiptContextOf(db, userId);
  const draft = await readByModel(config, image, ctx);
  if (draft) return { draft, source: 'model' };
  return { draft: parseReceiptText(text, ctx), source: 'parser' };
}

/**
 * The vision model's reading of a photo (a data: URL) when AI_BASE_URL and AI_VISION_MODEL are set and its answer
 * holds up (core's schema and checks); null without a model, or when it fails, is slow or answers nonsense.
 */
export async function readByModel(config: Config, image: string, ctx: ReceiptScanContext, timeoutMs = 30_000): Promise<ReceiptDraft | null> {
  const model = receiptPhotoModel(config);
  if (!model) return null;
  const json = await askModelJson(config, receiptModelMessages(image, ctx), { name: 'receipt', schema: receiptModelJsonSchema() }, timeoutMs, fetch, model);
  const answer = receiptModelAnswerSchema.safeParse(json);
  const byModel = answer.success ? receiptDraftFromModel(answer.data, ctx) : null;
  const checked = byModel ? receiptDraftSchema.safeParse(byModel) : null;
  return checked?.success ? checked.data : null;
}

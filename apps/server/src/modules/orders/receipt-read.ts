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
async function receiptContextOf(db: Db, userId: string): Promise<ReceiptScanContext> {
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
  // A photo is read while the owner waits on the form: at most 30 s, then the device's reading stands.
  const model = receiptPhotoModel(config);
  const json = model
    ? await askModelJson(config, receiptModelMessages(image, ctx), { name: 'receipt', schema: receiptModelJsonSchema() }, 30_000, fetch, model)
    : null;
  const answer = receiptModelAnswerSchema.safeParse(json);
  const byModel = answer.success ? receiptDraftFromModel(answer.data, ctx) : null;
  const checked = byModel ? receiptDraftSchema.safeParse(byModel) : null;
  if (checked?.success) return { draft: checked.data, source: 'model' };
  return { draft: parseReceiptText(text, ctx), source: 'parser' };
}

/**
 * A receipt photo read by a vision model (AI_VISION_MODEL at AI_BASE_URL): what the model is asked to answer, and how that answer
 * becomes a draft. The server answers the device's own reading when the model fails these checks.
 */
import { z } from 'zod';
import { CURRENCIES, minorDigits } from '../constants/currencies';
import { EXPENSE_CATEGORIES } from '../records/constants';
import { isoDateString } from '../records/text';
import type { ReceiptDraft, ReceiptScanContext } from './types';

const money = z.number().int().min(0).max(1e13);

export const receiptDraftSchema = z.object({
  vendor: z.string().trim().min(1).max(120).nullable(),
  date: isoDateString.nullable(),
  currency: z.string().min(1).max(10),
  currency_found: z.boolean(),
  total: money.nullable(),
  subtotal: money.nullable(),
  tax: money.nullable(),
  tax_rate_bps: z.number().int().min(0).max(10_000).nullable(),
  category: z.enum(EXPENSE_CATEGORIES).nullable(),
  total_check: z.enum(['lines', 'subtotal_tax', 'none']),
  readable: z.boolean(),
});

/** Largest photo accepted, as a data: URL (a 1600 px JPEG is well under 1.5 MB). */
export const RECEIPT_IMAGE_MAX_CHARS = 4_000_000;

/** POST /expenses/receipt-read: the photo (data: URL, JPEG/PNG/WebP) and the text the device's OCR read from it. */
export const receiptReadRequestSchema = z.object({
  image: z
    .string()
    .max(RECEIPT_IMAGE_MAX_CHARS, 'This photo is too large: choose one under 3 MB')
    .regex(/^data:image\/(?:jpeg|png|webp);base64,[A-Za-z0-9+/=]+$/, 'Send a JPEG, PNG or WebP photo of the receipt'),
  text: z.string().max(20_000, 'The text read from the photo is at most 20000 characters').default(''),
});

/** Who read the receipt: the model behind AI_BASE_URL, or core's parser on the device's OCR text. */
export const receiptReadAnswerSchema = z.object({ draft: receiptDraftSchema, source: z.enum(['parser', 'model']) });

/** The model's answer, checked before use. Amounts in major units as printed. */
export const receiptModelAnswerSchema = z.object({
  readable: z.boolean(),
  vendor: z.string().trim().min(1).max(120).nullable(),
  date: isoDateString.nullable(),
  currency: z.string().trim().min(3).max(3).nullable(),
  total: z.number().min(0).max(1e11).nullable(),
  subtotal: z.number().min(0).max(1e11).nullable(),
  tax: z.number().min(0).max(1e11).nullable(),
  tax_rate_percent: z.number().min(0).max(100).nullable(),
  category: z.enum(EXPENSE_CATEGORIES).nullable(),
});
export type ReceiptModelAnswer = z.infer<typeof receiptModelAnswerSchema>;

/** The model's answer as a draft: ISO currency codes to Duka's, amounts to minor units; null when it does not hold up. */
export function receiptDraftFromModel(a: ReceiptModelAnswer, ctx: ReceiptScanContext): ReceiptDraft | null {
  const known = a.currency ? CURRENCIES.find((c) => c.iso === a.currency?.toUpperCase()) : undefined;
  const currency = known?.code ?? ctx.currency;
  const minor = (v: number | null) => (v === null ? null : Math.round(v * 10 ** minorDigits(currency)));
  const total = minor(a.total);
  const subtotal = minor(a.subtotal);
  const tax = minor(a.tax);
  if (a.date && a.date > ctx.today) return null;
  if (total !== null && tax !== null && tax >= total) return null;
  const check = total !== null && subtotal !== null && Math.abs(subtotal + (tax ?? 0) - total) <= 1 ? 'subtotal_tax' : 'none';
  return {
    vendor: a.vendor,
    date: a.date,
    currency,
    currency_found: Boolean(known),
    total,
    subtotal,
    tax,
    tax_rate_bps: a.tax_rate_percent === null ? null : Math.round(a.tax_rate_percent * 100),
    category: a.category,
    total_check: check,
    readable: a.readable && (total !== null || a.date !== null),
  };
}

/** What the model is told, with the photo as an image part (Chat Completions vision input). */
export function receiptModelMessages(image: string, ctx: ReceiptScanContext): Array<Record<string, unknown>> {
  return [
    {
      role: 'system',
      content:
        'You read a photo of a shop receipt (English, French or Swahili) for a small business recording an expense. Answer only JSON matching the schema. ' +
        'vendor: the business that issued the receipt. date: the receipt date as an ISO date (receipts print day first: 03/04/2026 is 3 April). ' +
        'currency: ISO 4217 code printed (KSh = KES, ₦ = NGN, FCFA = XAF or XOF), null when none is printed. ' +
        'total: the amount paid (TOTAL, AMOUNT DUE, NET A PAYER, JUMLA), never the subtotal, the cash handed over or the change; amounts in major units as printed. ' +
        'tax: the VAT/TVA amount printed, tax_rate_percent its rate, null when not printed. category: the closest of the list, null when unsure. ' +
        'readable false when the image is not a receipt or cannot be read. Never invent a value that is not printed.',
    },
    {
      role: 'user',
      content: [
        { type: 'text', text: JSON.stringify({ business_currency: ctx.currency, today: ctx.today, categories: EXPENSE_CATEGORIES }) },
        { type: 'image_url', image_url: { url: image } },
      ],
    },
  ];
}

/** The JSON schema sent as response_format (OpenAI-compatible structured output). */
export function receiptModelJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(receiptModelAnswerSchema, { target: 'draft-7' }) as Record<string, unknown>;
}

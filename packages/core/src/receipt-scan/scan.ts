/**
 * POST /expenses/receipt-scan (issue 29): the device sends the receipt photo itself and the server reads it — by the
 * vision model when AI_BASE_URL and AI_VISION_MODEL are set, else by OCR on the server (English or French data
 * shipped with the server) and this package's reader. Nothing is stored.
 */
import { z } from 'zod';
import { LANGUAGES } from '../constants/languages';
import { receiptDraftSchema } from './model';

/** Largest photo file accepted (a 20 MP phone JPEG is 5–9 MB). */
export const RECEIPT_SCAN_MAX_BYTES = 12 * 1024 * 1024;
/** Most pixels a photo may have (a 48 MP phone camera's full size); larger ones are refused before decoding. */
export const RECEIPT_SCAN_MAX_PIXELS = 50_000_000;

/** The screen's language: French reads with the French data, English and Swahili with the English data. */
export const receiptScanQuery = z.object({ language: z.enum(LANGUAGES).optional() });

/** The reading: `model` (the vision model) or `ocr` (the server's OCR and core's reader); `text` is what the OCR read. */
export const receiptScanAnswerSchema = z.object({
  draft: receiptDraftSchema,
  source: z.enum(['model', 'ocr']),
  text: z.string().max(20_000),
});
export type ReceiptScanAnswer = z.infer<typeof receiptScanAnswerSchema>;

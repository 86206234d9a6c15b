/** A receipt photo → a draft expense (issue 29): the OCR text's reader, and the vision model's answer checked by core. */
export { parseReceiptText } from './parse';
export { guessCategory } from './category';
export { linesRunAcross, readTurning, type Turn, turnsAfter } from './turns';
export {
  RECEIPT_IMAGE_MAX_CHARS,
  receiptDraftFromModel,
  receiptDraftSchema,
  receiptModelAnswerSchema,
  receiptModelJsonSchema,
  receiptModelMessages,
  receiptReadAnswerSchema,
  receiptReadRequestSchema,
  type ReceiptModelAnswer,
} from './model';
export { RECEIPT_SCAN_MAX_BYTES, RECEIPT_SCAN_MAX_PIXELS, receiptScanAnswerSchema, receiptScanQuery, type ReceiptScanAnswer } from './scan';
export type { ReceiptDraft, ReceiptScanContext } from './types';

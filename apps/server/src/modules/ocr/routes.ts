import { parseReceiptText, RECEIPT_SCAN_MAX_BYTES, readTurning, type ReceiptDraft, type ReceiptScanAnswer } from '@duka/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { receiptPhotoModel } from '../../config';
import type { AppContext, Module } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { routesOf } from '../../lib/route';
import { userLimit } from '../../lib/user-limits';
import { readByModel, receiptContextOf } from '../orders';
import { type GreyImage, receiptPicture, toPgm } from './image';
import { type OcrLanguage, ReceiptOcr } from './reader';
import { turned } from './turns';

const MB = Math.round(RECEIPT_SCAN_MAX_BYTES / (1024 * 1024));
const tooBig = () => new AppError('payload_too_large', `This photo is too large to send (over ${MB} MB). Choose a smaller one, or take the photo again.`);

/** The file part `photo` of a multipart body, at most RECEIPT_SCAN_MAX_BYTES. */
async function photoOf(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('unsupported_media_type', 'Send the photo as multipart/form-data with the file field photo');
  let photo: Buffer | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: RECEIPT_SCAN_MAX_BYTES, files: 1 } })) {
      if (part.type === 'file') {
        const buf = await part.toBuffer();
        if (part.fieldname === 'photo') photo = buf;
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw tooBig();
    throw new AppError('bad_request', 'The photo could not be received. Please try again.');
  }
  if (!photo) throw new AppError('validation_failed', 'photo: Choose a photo of the receipt', { photo: 'Required' });
  return photo;
}

/** Reads the picture with the server's OCR and core's reader. */
async function readByOcr(ocr: ReceiptOcr, userId: string, language: OcrLanguage, grey: GreyImage, read: (text: string) => ReceiptDraft) {
  // Upright first. When nothing is readable the photo may have been taken sideways or upside down: it is read turned
  // (core's order: a half first when the upright reading saw lines across, else a quarter each way first) while its
  // time lasts; once the time is up (a turned reading fails) the first reading stands.
  return ocr.read(userId, language, async (text) => {
    const { text: got, draft } = await readTurning((turn) => text(toPgm(turn ? turned(grey, turn) : grey)), read);
    return { text: got, draft };
  });
}

/** Issue 29: a receipt photo read on the server, by the vision model (AI_BASE_URL) first, else by its own OCR. */
export const ocrRoutes: Module = (app, ctx: AppContext) => {
  const ocr = new ReceiptOcr({ timeoutMs: ctx.config.ocrTimeoutMs, maxWaiting: 6, perUser: 2, idleMs: 120_000 });
  app.addHook('onClose', () => ocr.close());
  async function scanPhoto(request: FastifyRequest<{ Querystring: { language?: string } }>, reply: FastifyReply): Promise<ReceiptScanAnswer> {
    const userId = request.userId;
    const photo = await photoOf(request);
    const withModel = Boolean(receiptPhotoModel(ctx.config));
    const { grey, jpeg } = await receiptPicture(photo, { forModel: withModel });
    const scanCtx = await receiptContextOf(ctx.db, userId);
    if (jpeg) {
      const draft = await readByModel(ctx.config, jpeg, scanCtx);
      if (draft) return { draft, source: 'model', text: '' };
    }
    const language: OcrLanguage = request.query.language === 'fr' ? 'fra' : 'eng';
    try {
      const { text, draft } = await readByOcr(ocr, userId, language, grey, (t) => parseReceiptText(t, scanCtx));
      return { draft, source: 'ocr', text: text.slice(0, 20_000) };
    } catch (err) {
      if (err instanceof AppError && err.code === 'unavailable') reply.header('retry-after', '60');
      throw err;
    }
  }
  const route = routesOf(app, ctx, 'expenses');
  route(
    'POST /expenses/receipt-scan',
    async (request, reply): Promise<ReceiptScanAnswer> => {
      const release = ocr.admit(request.userId);
      try {
        return await scanPhoto(request, reply);
      } finally {
        release();
      }
    },
    {
      // Authenticated before the photo is received; each reading counts against the user's hourly readings.
      bodyLimit: RECEIPT_SCAN_MAX_BYTES + 64 * 1024,
      preHandler: userLimit(ctx, 'readings'),
      config: ctx.config.rateLimits ? { rateLimit: { max: 20, timeWindow: '1 minute' } } : {},
      summary:
        'Reads a receipt photo (multipart file field `photo`: JPEG, PNG or WebP, ≤ 12 MB, ≤ 50 MP) into a draft expense: by the vision model when AI_BASE_URL and AI_VISION_MODEL are set, else (or when it fails) by the server’s OCR (English or French data shipped with the server) and core’s reader. Nothing is stored.',
      errors: [400, 401, 413, 415, 422, 429, 503],
      schema: { consumes: ['multipart/form-data'] },
    },
  );
};

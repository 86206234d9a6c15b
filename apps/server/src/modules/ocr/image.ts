import { RECEIPT_SCAN_MAX_PIXELS } from '@duka/core';
import type { Metadata } from 'sharp';
import { AppError } from '../../lib/errors';

/** The picture the OCR reads: at most this many pixels (≈ 2000 × 1500), grey, upright. Caps the reader's memory. */
export const OCR_MAX_PIXELS = 3_000_000;
/** Smallest side a receipt can be read at. */
const MIN_SIDE = 300;

/** An 8-bit grey picture, row by row. */
export interface GreyImage {
  width: number;
  height: number;
  data: Buffer;
}

/** The picture as a binary PGM file: Tesseract's image library reads it with no decoding step. */
export function toPgm(img: GreyImage): Buffer {
  return Buffer.concat([Buffer.from(`P5\n${img.width} ${img.height}\n255\n`), img.data]);
}

/** Turned a quarter (clockwise, or back with `clockwise` false): for a photo taken sideways. */
export function quarterTurn(img: GreyImage, clockwise = true): GreyImage {
  const { width: w, height: h, data } = img;
  const out = Buffer.allocUnsafe(w * h);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    for (let x = 0; x < w; x++) {
      // Clockwise: (x, y) → (h-1-y, x) in a picture h wide; anticlockwise: (x, y) → (y, w-1-x).
      out[clockwise ? x * h + (h - 1 - y) : (w - 1 - x) * h + y] = data[row + x];
    }
  }
  return { width: h, height: w, data: out };
}

const FORMATS = new Set(['jpeg', 'png', 'webp']);

/**
 * Checks a receipt photo by its content and makes the picture the OCR reads: turned upright (EXIF), shrunk to at
 * most OCR_MAX_PIXELS (JPEG and WebP are shrunk while decoding), grey. Refuses with words a person can act on: a
 * PDF, a file that is not a picture, an unsupported format, a picture too large or too small.
 * `forModel`: also a JPEG data: URL of at most 1600 px for a vision model.
 */
export async function receiptPicture(input: Buffer, { forModel = false } = {}): Promise<{ grey: GreyImage; jpeg: string | null }> {
  if (input.length === 0) throw new AppError('bad_request', 'The photo is empty. Take the photo of the receipt again.');
  if (input.subarray(0, 5).toString('latin1') === '%PDF-') {
    throw new AppError(
      'unsupported_media_type',
      'This is a PDF: only photos can be read. Take a photo of the receipt, or fill in the expense and attach the PDF as it is.',
    );
  }
  const { default: sharp } = await import('sharp');
  let meta: Metadata;
  try {
    // The header only: the size is checked before any decoding.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError('unsupported_media_type', 'This file is not a picture. Take a photo of the receipt (JPEG, PNG or WebP).');
  }
  if (!meta.format || !FORMATS.has(meta.format)) {
    throw new AppError(
      'unsupported_media_type',
      `Pictures of type ${(meta.format ?? 'unknown').toUpperCase()} cannot be read. Take the photo again as JPEG (on an iPhone: Settings › Camera › Formats › Most Compatible), or choose a PNG or WebP.`,
    );
  }
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (width * height > RECEIPT_SCAN_MAX_PIXELS) {
    throw new AppError(
      'payload_too_large',
      `This picture is too large to read (${width} × ${height} pixels). Choose one of at most ${Math.round(RECEIPT_SCAN_MAX_PIXELS / 1e6)} megapixels, or take the photo with the phone's usual camera setting.`,
    );
  }
  if (Math.min(width, height) < MIN_SIDE) {
    throw new AppError('unprocessable', `This picture is too small to read (${width} × ${height} pixels). Take the photo closer, with the receipt filling it.`);
  }
  const scale = Math.min(1, Math.sqrt(OCR_MAX_PIXELS / (width * height)));
  try {
    const base = () => sharp(input, { limitInputPixels: RECEIPT_SCAN_MAX_PIXELS, sequentialRead: true, animated: false }).rotate();
    // Resized by the longer side, so an EXIF turn does not matter.
    const long = Math.max(1, Math.floor(Math.max(width, height) * scale));
    const { data, info } = await base()
      .resize({ width: long, height: long, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .greyscale()
      .toColourspace('b-w')
      // Specks of dust and paper grain smaller than a full stop: Tesseract would read them as punctuation.
      .median(3)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const grey = { width: info.width, height: info.height, data };
    if (!forModel) return { grey, jpeg: null };
    const jpeg = await base().resize({ width: 1600, height: 1600, fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 82 }).toBuffer();
    return { grey, jpeg: `data:image/jpeg;base64,${jpeg.toString('base64')}` };
  } catch {
    throw new AppError('bad_request', 'This photo could not be read: the file may be damaged or cut short. Take the photo again.');
  }
}

/** Turned a half: for a photo taken upside down (a half-turn of a picture stored row by row is its pixels in reverse). */
export function halfTurn(img: GreyImage): GreyImage {
  return { width: img.width, height: img.height, data: Buffer.from(img.data).reverse() };
}

import type { Metadata } from 'sharp';
import { AppError } from '../../lib/errors';

export const IMAGE_FORMATS = ['png', 'jpeg', 'webp'] as const;

/**
 * The most pixels an uploaded image may have (4096 × 4096 ≈ 16.8 MP: a 12 MP phone photo passes). Checked
 * on the header before any decoding, and given to sharp as limitInputPixels, so a small file that
 * declares a huge picture (a "decompression bomb") is refused before it can take the memory.
 */
export const MAX_IMAGE_PIXELS = 4096 * 4096;

export interface NormalisedImage {
  buffer: Buffer;
  contentType: 'image/webp' | 'image/png';
  ext: '.webp' | '.png';
  width: number;
  height: number;
}

/**
 * Checks an uploaded image by its content (not its name or declared type): PNG, JPEG or WebP only,
 * then rotates it upright, shrinks it to fit maxSize × maxSize and re-encodes it (WebP by default),
 * which also drops metadata such as GPS positions.
 */
export async function normaliseImage(input: Buffer, opts: { maxSize: number; format?: 'webp' | 'png'; maxPixels?: number }): Promise<NormalisedImage> {
  if (input.length === 0) throw new AppError('bad_request', 'The file is empty');
  // Loaded on first use: the native library costs start-up time and memory a server may never need.
  const { default: sharp } = await import('sharp');
  const maxPixels = opts.maxPixels ?? MAX_IMAGE_PIXELS;
  let meta: Metadata;
  try {
    // The header only (no decoding): the pixel count is checked below with a message a person can act on.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError('unsupported_media_type', 'The file is not an image. Upload a PNG, JPEG or WebP picture.');
  }
  if (!meta.format || !(IMAGE_FORMATS as readonly string[]).includes(meta.format)) {
    throw new AppError('unsupported_media_type', `Images of type ${meta.format ?? 'unknown'} are not accepted. Upload a PNG, JPEG or WebP picture.`);
  }
  if ((meta.width ?? 0) * (meta.height ?? 0) > maxPixels) {
    throw new AppError(
      'payload_too_large',
      `The picture is too large (${meta.width} × ${meta.height} pixels). Upload one of at most ${Math.round(maxPixels / 1e6)} megapixels, e.g. 4000 × 3000.`,
    );
  }
  const format = opts.format ?? 'webp';
  try {
    const pipeline = sharp(input, { limitInputPixels: maxPixels, animated: false, sequentialRead: true })
      .rotate()
      .resize({ width: opts.maxSize, height: opts.maxSize, fit: 'inside', withoutEnlargement: true });
    const { data, info } = await (format === 'webp' ? pipeline.webp({ quality: 86 }) : pipeline.png({ compressionLevel: 9 })).toBuffer({
      resolveWithObject: true,
    });
    return {
      buffer: data,
      contentType: format === 'webp' ? 'image/webp' : 'image/png',
      ext: format === 'webp' ? '.webp' : '.png',
      width: info.width,
      height: info.height,
    };
  } catch {
    throw new AppError('bad_request', 'The image could not be read. It may be damaged; try another file.');
  }
}

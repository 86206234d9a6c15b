import type { GrayImage } from '@duka/core';
import { getCurrentUser } from '../../data/user';

/**
 * The business logo in grey for the printed receipt (core's escposReceipt fits and dithers it), drawn on white
 * (transparent parts print as paper). Read from the same cached copy the PDFs use; null without a logo or when
 * it cannot be had (offline before it was ever fetched): the receipt then prints without it.
 */
export async function receiptLogo(maxWidth = 576, maxHeight = 240): Promise<GrayImage | null> {
  const user = getCurrentUser();
  if (!user?.logoUrl || typeof createImageBitmap !== 'function') return null;
  const { logoBytes } = await import('../invoices/lib/usePdf');
  const bytes = await logoBytes(user.logoUrl);
  if (!bytes) return null;
  const bmp = await createImageBitmap(new Blob([bytes as BlobPart]));
  const scale = Math.min(1, maxWidth / bmp.width, maxHeight / bmp.height);
  const width = Math.max(1, Math.round(bmp.width * scale));
  const height = Math.max(1, Math.round(bmp.height * scale));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, width, height);
  ctx.drawImage(bmp, 0, 0, width, height);
  bmp.close();
  const rgba = ctx.getImageData(0, 0, width, height).data;
  const gray = new Uint8Array(width * height);
  for (let i = 0; i < gray.length; i++) gray[i] = Math.round((rgba[i * 4] * 299 + rgba[i * 4 + 1] * 587 + rgba[i * 4 + 2] * 114) / 1000);
  return { width, height, gray };
}

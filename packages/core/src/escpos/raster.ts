import type { PaperWidth } from './paper';

/** A picture in shades of grey, row by row: 0 is black, 255 white (the web draws the logo on white first). */
export interface GrayImage {
  width: number;
  height: number;
  gray: Uint8Array;
}

/** A 1-bit picture as ESC/POS rasters it: rows of `widthBytes` bytes, most significant bit leftmost, 1 = black dot. */
export interface BitImage {
  widthBytes: number;
  height: number;
  bits: Uint8Array;
}

/** Printable dots across the paper (8 dots a mm): 384 on 58 mm, 576 on 80 mm. */
export const PAPER_DOTS: Record<PaperWidth, number> = { 58: 384, 80: 576 };

/** A logo takes at most half the paper's width and 120 dots (15 mm) of height: a header, not a poster. */
export function logoBox(width: PaperWidth): { width: number; height: number } {
  return { width: PAPER_DOTS[width] / 2, height: 120 };
}

/** Scales down (never up) to fit the box, keeping the proportions, each dot the mean of the pixels it covers. */
export function fitGray(img: GrayImage, box: { width: number; height: number }): GrayImage {
  const scale = Math.min(1, box.width / img.width, box.height / img.height);
  const w = Math.max(1, Math.round(img.width * scale));
  const h = Math.max(1, Math.round(img.height * scale));
  if (w === img.width && h === img.height) return img;
  const gray = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const y0 = Math.floor((y * img.height) / h);
    const y1 = Math.max(y0 + 1, Math.floor(((y + 1) * img.height) / h));
    for (let x = 0; x < w; x++) {
      const x0 = Math.floor((x * img.width) / w);
      const x1 = Math.max(x0 + 1, Math.floor(((x + 1) * img.width) / w));
      let sum = 0;
      for (let yy = y0; yy < y1; yy++) for (let xx = x0; xx < x1; xx++) sum += img.gray[yy * img.width + xx];
      gray[y * w + x] = Math.round(sum / ((y1 - y0) * (x1 - x0)));
    }
  }
  return { width: w, height: h, gray };
}

/** Floyd–Steinberg error diffusion to 1 bit (integer arithmetic: the same bytes on every device). */
export function dither(img: GrayImage): BitImage {
  const { width: w, height: h } = img;
  const widthBytes = Math.ceil(w / 8);
  const bits = new Uint8Array(widthBytes * h);
  const err = new Int32Array(w * h);
  for (let i = 0; i < w * h; i++) err[i] = img.gray[i] * 16;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const old = err[i];
      const black = old < 128 * 16;
      const e = old - (black ? 0 : 255 * 16);
      if (black) bits[y * widthBytes + (x >> 3)] |= 0x80 >> (x & 7);
      if (x + 1 < w) err[i + 1] += (e * 7) >> 4;
      if (y + 1 < h) {
        if (x > 0) err[i + w - 1] += (e * 3) >> 4;
        err[i + w] += (e * 5) >> 4;
        if (x + 1 < w) err[i + w + 1] += e >> 4;
      }
    }
  }
  return { widthBytes, height: h, bits };
}

/** GS v 0: print a raster bit image (normal density). */
export function rasterCommand(img: BitImage): number[] {
  return [0x1d, 0x76, 0x30, 0, img.widthBytes & 0xff, img.widthBytes >> 8, img.height & 0xff, img.height >> 8, ...img.bits];
}

/** The logo for a receipt of this width: fitted, dithered, as GS v 0 bytes. */
export function escposLogo(img: GrayImage, width: PaperWidth): number[] {
  return rasterCommand(dither(fitGray(img, logoBox(width))));
}

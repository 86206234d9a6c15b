import sharp from 'sharp';

/** A receipt drawn as a phone photo would show it, for the OCR's tests and bench (issue 29). */
export interface ReceiptPhotoOptions {
  /** The photo's size in pixels (a 12 MP phone photo: 4000 × 3000). */
  width: number;
  height: number;
  /** Degrees the receipt is tilted on the table. */
  tilt?: number;
  /** Specks and grain on the paper. */
  noise?: boolean;
  /** Out of focus (Gaussian blur sigma, in pixels of a 12 MP photo). */
  blur?: number;
  /** Taken sideways: the photo turned a quarter clockwise, with no EXIF orientation to undo it. */
  sideways?: boolean;
  /** Taken upside down: the photo turned a half (with `sideways`, three quarters), with no EXIF orientation to undo it. */
  upsideDown?: boolean;
  format?: 'jpeg' | 'png' | 'webp';
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Pseudo-random numbers from a seed, so a test's photo is the same at every run. */
function seeded(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * The receipt's lines printed in a monospaced till font on paper lying on a brown table, filling about two thirds of
 * the photo's height; tilted, speckled, blurred or turned as asked. A JPEG (quality 85) unless `format` says otherwise.
 */
export async function receiptPhoto(lines: string[], o: ReceiptPhotoOptions): Promise<Buffer> {
  const { width: W, height: H } = o;
  const paperH = Math.round(H * 0.85);
  const font = Math.round(paperH / (lines.length + 4) / 1.45);
  const cols = Math.max(...lines.map((l) => l.length), 24);
  const paperW = Math.min(W - 40, Math.round(cols * font * 0.62 + font * 2));
  const x0 = Math.round((W - paperW) / 2);
  const y0 = Math.round((H - paperH) / 2);
  const rand = seeded(lines.join('\n').length * 7919 + W);
  const specks = o.noise
    ? Array.from({ length: 900 }, () => {
        const r = (0.3 + rand() * 1.2) * (font / 40);
        return `<circle cx="${(x0 + rand() * paperW).toFixed(1)}" cy="${(y0 + rand() * paperH).toFixed(1)}" r="${r.toFixed(1)}" fill="#555" fill-opacity="${(0.3 + rand() * 0.5).toFixed(2)}"/>`;
      }).join('')
    : '';
  const text = lines
    .map(
      (l, i) =>
        `<text x="${x0 + font}" y="${y0 + font * 2 + i * font * 1.45}" font-family="DejaVu Sans Mono" font-size="${font}" fill="#1d1d1d" xml:space="preserve">${escape(l)}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="100%" height="100%" fill="#7a6650"/><g transform="rotate(${o.tilt ?? 0} ${W / 2} ${H / 2})"><rect x="${x0}" y="${y0}" width="${paperW}" height="${paperH}" fill="#f3f0e8"/>${text}${specks}</g></svg>`;
  let img = sharp(Buffer.from(svg), { limitInputPixels: false });
  if (o.blur)
    img = sharp(
      await img
        .blur(o.blur * (W / 4000))
        .png()
        .toBuffer(),
      { limitInputPixels: false },
    );
  if (o.noise) img = sharp(await img.png().toBuffer(), { limitInputPixels: false }).linear(0.92, 8);
  if (o.sideways || o.upsideDown) {
    img = sharp(
      await img
        .rotate(o.upsideDown ? (o.sideways ? 270 : 180) : 90)
        .png({ compressionLevel: 1 })
        .toBuffer(),
      { limitInputPixels: false },
    );
  }
  const format = o.format ?? 'jpeg';
  return format === 'png'
    ? img.png({ compressionLevel: 6 }).toBuffer()
    : format === 'webp'
      ? img.webp({ quality: 85 }).toBuffer()
      : img.jpeg({ quality: 85 }).toBuffer();
}

/** dd/mm/yyyy of the day `daysAgo` days before today (UTC), as receipts print it. */
export function printedDate(daysAgo: number): { printed: string; iso: string } {
  const d = new Date(Date.now() - daysAgo * 86_400_000);
  const iso = d.toISOString().slice(0, 10);
  const [y, m, day] = iso.split('-');
  return { printed: `${day}/${m}/${y}`, iso };
}

/** An English supermarket receipt (Ghana cedis): vendor, date, three lines, subtotal, VAT, total, cash and change. */
export function englishReceipt(date: string): string[] {
  return [
    'SHOPRITE ACCRA MALL',
    'Spintex Road, Accra',
    `Date: ${date}  14:32`,
    '',
    'Rice 5kg        2 x 60.00   120.00',
    'Cooking Oil 1L              32.50',
    'Sugar 1kg       3 x 15.00    45.00',
    '',
    'SUBTOTAL                   197.50',
    'VAT 15%                     29.63',
    'TOTAL GHS                  227.13',
    'CASH                       250.00',
    'CHANGE                      22.87',
  ];
}

/** A French pharmacy receipt (CFA francs) with TVA. */
export function frenchReceipt(date: string): string[] {
  return [
    'PHARMACIE DU CENTRE',
    'Avenue Kennedy, Yaounde',
    `Le ${date} a 10:15`,
    '',
    'Paracetamol 500mg      2 500',
    'Sirop toux             4 800',
    'Pansements             3 182',
    '',
    'Total HT              10 482',
    'TVA 19,25 %            2 018',
    'TOTAL TTC       12 500 FCFA',
    'Especes               15 000',
    'Rendu                  2 500',
  ];
}

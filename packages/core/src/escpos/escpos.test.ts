import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  CUSTOM_GLYPHS,
  dither,
  encodeText,
  escposReceipt,
  fitGray,
  type GrayImage,
  logoBox,
  PAPER_COLUMNS,
  PAPER_DOTS,
  type PaperWidth,
  type ReceiptTicket,
  rasterCommand,
  ticketAmount,
  wrap,
} from './index';

const here = dirname(fileURLToPath(import.meta.url));

const ticket = (currency: string): ReceiptTicket => ({
  business: 'Café Ñandú Provisions',
  header: ['12 Allen Avenue, Ikeja', 'Tel 0803 123 0801'],
  title: 'Receipt SAL-0007',
  date: '25 Nov 2026 14:05',
  client: 'Señora Adjoa Mensah',
  currency,
  items: [
    { description: 'Crème de café 250 g', quantity: 2, unit_price: 150_050, total: 300_100 },
    { description: 'Piña colada mix — a rather long description that wraps onto another line', quantity: 1.5, unit_price: 20_000, total: 30_000 },
  ],
  subtotal: 330_100,
  discount: 10_000,
  taxes: [{ name: 'VAT 7.5%', amount: 24_008 }],
  total: 344_108,
  payments: [
    { label: 'Cash', amount: 300_000 },
    { label: 'Mobile money 7HG2K9', amount: 44_108 },
  ],
  change: 5_892,
  labels: { subtotal: 'Subtotal', discount: 'Discount', total: 'Total', change: 'Change' },
  link: 'https://duka.example/invoice/link/AbCdEfGhIjKlMnOpQrStUv',
  fiscal: ['CU INV No: KRACU0100000001/12', 'Receipt sig: 7T3K-QX2M-9L0P'],
  footer: 'Merci · Asante · Thank you',
});

/** Compares with the golden file (written when UPDATE_GOLDEN=1 or when it does not exist yet, then committed). */
function golden(name: string, bytes: Uint8Array) {
  const file = join(here, 'golden', name);
  if (process.env.UPDATE_GOLDEN === '1' || !existsSync(file)) writeFileSync(file, bytes);
  expect(Buffer.from(bytes).equals(readFileSync(file)), `${name} differs from its golden file`).toBe(true);
}

/** The printable text lines of a receipt (what lies between line feeds, with commands and glyph switches left out). */
function printedLines(bytes: Uint8Array): string[] {
  const text: string[] = [];
  let cur = '';
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b === 0x1b || b === 0x1d) {
      // Skip the command: ESC/GS with their fixed argument counts used by the receipt builder.
      const c = bytes[i + 1];
      if (b === 0x1b && c === 0x26)
        i += 5 + 36 * 1; // ESC & 3 c c 12 + 36 bytes
      else if (b === 0x1b && c === 0x25) {
        if (bytes[i + 2] === 1) cur += '¤';
        i += 2;
      } else if (b === 0x1b && c === 0x40) i += 1;
      else if (b === 0x1d && c === 0x28) i += 4 + (bytes[i + 3] | (bytes[i + 4] << 8));
      else if (b === 0x1d && c === 0x56) i += 3;
      else if (b === 0x1d && c === 0x76)
        i += 7 + (bytes[i + 4] | (bytes[i + 5] << 8)) * (bytes[i + 6] | (bytes[i + 7] << 8)); // GS v 0 raster
      else i += 2;
      continue;
    }
    if (b === 0x0a) {
      text.push(cur);
      cur = '';
    } else if (cur.endsWith('¤') && (b === 0x7e || b === 0x7d)) continue;
    else cur += String.fromCharCode(b);
  }
  return text;
}

describe('ESC/POS receipts', () => {
  it('PC858 maps the accented letters and the glyph table is complete', () => {
    expect(encodeText('é')).toEqual([0x82]);
    expect(encodeText('ñ')).toEqual([0xa4]);
    expect(encodeText('Ñ')).toEqual([0xa5]);
    expect(encodeText('€')).toEqual([0xd5]);
    expect(encodeText('e\u0301')).toEqual([0x82]); // decomposed é
    expect(encodeText('₦')).toEqual([0x1b, 0x25, 1, CUSTOM_GLYPHS['₦'].code, 0x1b, 0x25, 0]);
    expect(encodeText('₵')).toEqual([0x1b, 0x25, 1, CUSTOM_GLYPHS['₵'].code, 0x1b, 0x25, 0]);
    expect(encodeText('漢')).toEqual([0x3f]);
    for (const g of Object.values(CUSTOM_GLYPHS)) {
      expect(g.rows).toHaveLength(24);
      for (const r of g.rows) expect(r).toHaveLength(12);
    }
  });

  it('amounts, wrapping', () => {
    expect(ticketAmount(344_108, 'NGN')).toBe('3,441.08');
    expect(ticketAmount(1_500_000, 'XAF')).toBe('1,500,000');
    expect(wrap('a bb ccc dddd', 6)).toEqual(['a bb', 'ccc', 'dddd']);
    expect(wrap('abcdefghij', 4)).toEqual(['abcd', 'efgh', 'ij']);
  });

  for (const [width, currency] of [
    [58, 'NGN'],
    [80, 'NGN'],
    [58, 'GHS'],
    [80, 'GHS'],
  ] as Array<[PaperWidth, string]>) {
    it(`${width} mm in ${currency} matches its golden file and never runs past the paper`, () => {
      const bytes = escposReceipt(ticket(currency), width);
      golden(`receipt-${width}-${currency}.bin`, bytes);
      expect([...bytes.slice(0, 5)]).toEqual([0x1b, 0x40, 0x1b, 0x74, 19]);
      expect([...bytes.slice(-4)]).toEqual([0x1d, 0x56, 0x42, 0]);
      const lines = printedLines(bytes);
      const cols = PAPER_COLUMNS[width];
      // The business name prints double width: half as many characters fit.
      for (const l of lines) expect(l.length, l).toBeLessThanOrEqual(cols);
      const totalLine = lines.find((l) => l.startsWith('Total'));
      // The cedi prints as Ghanaians write it, GH₵ (t19 G2): GH, then the ₵ glyph.
      expect(totalLine).toMatch(currency === 'GHS' ? /^Total +GH¤ 3,441\.08$/ : /^Total +¤ 3,441\.08$/);
      expect(lines).toContain(`Change${' '.repeat(cols - 6 - 5)}58.92`);
      // The accented words went through the code page.
      expect(Buffer.from(bytes).includes(Buffer.from([0x43, 0x61, 0x66, 0x82]))).toBe(true); // "Caf" + é
      // The QR code holds the link.
      expect(Buffer.from(bytes).includes(Buffer.from('https://duka.example/invoice/link/AbCdEfGhIjKlMnOpQrStUv'))).toBe(true);
      // The right glyph for the currency.
      const glyph = CUSTOM_GLYPHS[currency === 'NGN' ? '₦' : '₵'].code;
      expect(Buffer.from(bytes).includes(Buffer.from([0x1b, 0x25, 1, glyph, 0x1b, 0x25, 0]))).toBe(true);
    });
  }

  it('dithers a logo to 1 bit and sends it as a GS v 0 raster image', () => {
    const flat = (w: number, h: number, v: number): GrayImage => ({ width: w, height: h, gray: new Uint8Array(w * h).fill(v) });
    const ones = (b: Uint8Array) => [...b].reduce((s, x) => s + x.toString(2).replaceAll('0', '').length, 0);
    expect(ones(dither(flat(16, 4, 255)).bits)).toBe(0);
    expect(ones(dither(flat(16, 4, 0)).bits)).toBe(64);
    const mid = dither(flat(40, 40, 128));
    expect(mid.widthBytes).toBe(5);
    expect(Math.abs(ones(mid.bits) / 1600 - 0.5)).toBeLessThan(0.03); // half the dots black
    // A width that is not a multiple of 8 pads its rows; GS v 0 says the bytes across and the rows.
    const odd = dither(flat(10, 3, 0));
    expect(odd.widthBytes).toBe(2);
    expect([...odd.bits.slice(0, 2)]).toEqual([0xff, 0xc0]);
    expect(rasterCommand(odd).slice(0, 8)).toEqual([0x1d, 0x76, 0x30, 0, 2, 0, 3, 0]);
    // A large logo is fitted into half the paper's width, keeping its shape; a small one is not enlarged.
    for (const w of [58, 80] as PaperWidth[]) {
      const fitted = fitGray(flat(1000, 500, 0), logoBox(w));
      expect(fitted.width).toBe(Math.min(PAPER_DOTS[w] / 2, 240));
      expect(fitted.width / fitted.height).toBeCloseTo(2, 1);
    }
    expect(fitGray(flat(50, 20, 9), logoBox(58)).width).toBe(50);
  });

  for (const width of [58, 80] as PaperWidth[]) {
    it(`${width} mm with the business logo matches its golden file`, () => {
      // A 300 × 120 logo: a left-to-right grey ramp with a black frame and a white disc.
      const w = 300;
      const h = 120;
      const gray = new Uint8Array(w * h);
      for (let y = 0; y < h; y++)
        for (let x = 0; x < w; x++) {
          const frame = x < 6 || y < 6 || x >= w - 6 || y >= h - 6;
          const disc = (x - 150) ** 2 + (y - 60) ** 2 < 40 ** 2;
          gray[y * w + x] = frame ? 0 : disc ? 255 : Math.round((x / (w - 1)) * 255);
        }
      const bytes = escposReceipt({ ...ticket('NGN'), logo: { width: w, height: h, gray } }, width);
      golden(`receipt-${width}-NGN-logo.bin`, bytes);
      const at = Buffer.from(bytes).indexOf(Buffer.from([0x1d, 0x76, 0x30, 0]));
      expect(at).toBeGreaterThan(0);
      const across = bytes[at + 4] | (bytes[at + 5] << 8);
      expect(across * 8).toBeLessThanOrEqual(PAPER_DOTS[width] / 2);
      // The rest of the receipt is the same as without the logo.
      const plain = escposReceipt(ticket('NGN'), width);
      expect(bytes.length - plain.length).toBe(8 + across * (bytes[at + 6] | (bytes[at + 7] << 8)));
      for (const l of printedLines(bytes)) expect(l.length, l).toBeLessThanOrEqual(PAPER_COLUMNS[width]);
    });
  }

  it('is a pure function', () => {
    expect(escposReceipt(ticket('NGN'), 58)).toEqual(escposReceipt(ticket('NGN'), 58));
  });
});

import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type SignedUp, signUp } from '../../test/harness';
import { type LlmAnswer, startLlmServer } from '../../test/llm-server';
import { englishReceipt, frenchReceipt, printedDate, receiptPhoto } from '../../test/receipt-photo';
import { ReceiptOcr } from './reader';

/** Real OCR on rendered photos: each reading takes seconds on a busy machine. */
const SLOW = 240_000;

// A long time limit: a sideways photo is read up to three times, on a machine shared with other tests.
const { app, config } = await openTestApp({ ocrTimeoutMs: 100_000 });
type App = typeof app;

function form(photo: Buffer, { field = 'photo', type = 'image/jpeg', name = 'receipt.jpg' } = {}) {
  const boundary = `----duka${randomUUID()}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`);
  return {
    payload: Buffer.concat([head, photo, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
/** A PNG whose header declares width × height (its pixel data stays small): what a "decompression bomb" looks like. */
function declaredSize(png: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(png);
  out.writeUInt32BE(width, 16);
  out.writeUInt32BE(height, 20);
  out.writeUInt32BE(crc32(out.subarray(12, 29)), 29);
  return out;
}
const scan = (a: App, u: SignedUp | null, photo: Buffer, opts: { language?: string; field?: string; type?: string } = {}) => {
  const body = form(photo, opts);
  return a.inject({
    method: 'POST',
    url: `/api/expenses/receipt-scan${opts.language ? `?language=${opts.language}` : ''}`,
    headers: { ...(u?.auth ?? {}), ...body.headers },
    payload: body.payload,
  });
};

const day = printedDate(3);
let ghana: SignedUp;
let kenya: SignedUp;
let english12mp: Buffer;
beforeAll(async () => {
  ghana = await signUp(app, { country: 'Ghana' });
  kenya = await signUp(app, { country: 'Kenya' });
  english12mp = await receiptPhoto(englishReceipt(day.printed), { width: 4000, height: 3000, tilt: 3, noise: true });
}, SLOW);

describe('POST /expenses/receipt-scan: the server reads the photo (issue 29)', () => {
  it(
    'reads a tilted, speckled 12 MP English receipt: vendor, date, total, tax, currency and a category guess',
    async () => {
      const res = await scan(app, ghana, english12mp, { language: 'en' });
      expect(res.statusCode, res.body).toBe(200);
      const { draft, source, text } = res.json();
      expect(source).toBe('ocr');
      expect(text).toMatch(/SHOPRITE/);
      expect(draft.vendor).toMatch(/^shoprite accra mall$/i);
      expect(draft).toMatchObject({ date: day.iso, currency: 'GHS', total: 22_713, tax: 2963, readable: true });
      expect(draft.total_check).not.toBe('none');
    },
    SLOW,
  );

  it(
    'reads a French receipt with the French data when the screen is in French',
    async () => {
      const photo = await receiptPhoto(frenchReceipt(day.printed), { width: 3000, height: 4000, tilt: -2, noise: true });
      const res = await scan(app, ghana, photo, { language: 'fr' });
      expect(res.statusCode, res.body).toBe(200);
      const { draft } = res.json();
      expect(draft).toMatchObject({ date: day.iso, currency: 'XAF', currency_found: true, total: 12_500, tax: 2018, readable: true });
      expect(draft.vendor).toMatch(/^pharmacie du centre$/i);
    },
    SLOW,
  );

  it(
    'reads a photo taken sideways (turned a quarter, no EXIF) and a 20 MP PNG',
    async () => {
      const sideways = await receiptPhoto(englishReceipt(day.printed), { width: 3000, height: 2250, sideways: true });
      const turned = await scan(app, kenya, sideways);
      expect(turned.statusCode, turned.body).toBe(200);
      expect(turned.json().draft).toMatchObject({ total: 22_713, date: day.iso, readable: true });

      const big = await receiptPhoto(englishReceipt(day.printed), { width: 5472, height: 3648, tilt: 1, format: 'png' });
      expect((await sharp(big).metadata()).width).toBe(5472);
      const res = await scan(app, kenya, big);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().draft).toMatchObject({ total: 22_713, readable: true });
    },
    SLOW,
  );

  it(
    'reads a 12 MP photo taken upside down (turned a half, no EXIF)',
    async () => {
      const upsideDown = await receiptPhoto(englishReceipt(day.printed), { width: 4000, height: 3000, tilt: 2, noise: true, upsideDown: true });
      const started = Date.now();
      const res = await scan(app, ghana, upsideDown, { language: 'en' });
      expect(res.statusCode, res.body).toBe(200);
      const { draft, text } = res.json();
      expect(text).toMatch(/SHOPRITE/);
      expect(draft.vendor).toMatch(/^shoprite accra mall$/i);
      expect(draft).toMatchObject({ date: day.iso, currency: 'GHS', total: 22_713, tax: 2963, readable: true });
      console.info(`upside-down 12 MP photo read in ${Date.now() - started} ms`);
    },
    SLOW,
  );

  it(
    'answers "nothing readable" for a picture that is not a receipt, and for a blurred receipt',
    async () => {
      const wall = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#6b8f3a' } })
        .composite([{ input: Buffer.from('<svg width="1600" height="1200"><circle cx="800" cy="600" r="400" fill="#d9c36a"/></svg>') }])
        .jpeg()
        .toBuffer();
      const res = await scan(app, ghana, wall);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().draft).toMatchObject({ readable: false, total: null });

      const blurred = await receiptPhoto(englishReceipt(day.printed), { width: 2000, height: 1500, blur: 30 });
      const fuzzy = await scan(app, ghana, blurred);
      expect(fuzzy.statusCode, fuzzy.body).toBe(200);
      expect(fuzzy.json().draft.readable).toBe(false);
    },
    SLOW,
  );

  it('refuses a PDF, a file that is not a picture, an empty or missing photo, and a HEIC, with words a person can act on', async () => {
    const pdf = await scan(app, ghana, Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n'), { type: 'application/pdf' });
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json().error.message).toMatch(/This is a PDF: only photos can be read\. Take a photo of the receipt/);
    const notImage = await scan(app, ghana, Buffer.from('TOTAL 500.00 — just some text'), { type: 'image/jpeg' });
    expect(notImage.statusCode).toBe(415);
    expect(notImage.json().error.message).toMatch(/not a picture/);
    const gif = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    const other = await scan(app, ghana, gif, { type: 'image/gif' });
    expect(other.statusCode).toBe(415);
    expect(other.json().error.message).toMatch(/GIF cannot be read\. Take the photo again as JPEG/);
    const empty = await scan(app, ghana, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    const wrongField = await scan(app, ghana, english12mp, { field: 'file' });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().error.fields).toEqual({ photo: 'Required' });
    const json = await app.inject({ method: 'POST', url: '/api/expenses/receipt-scan', headers: ghana.auth, payload: { image: 'x' } });
    expect(json.statusCode).toBe(415);
  });

  it('refuses a file over 12 MB and a picture over 50 megapixels before reading it, and a thumbnail too small to read', async () => {
    const huge = await scan(app, ghana, Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(13 * 1024 * 1024, 7)]));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.message).toMatch(/too large to send \(over 12 MB\)/);
    // A small file that declares a 9000 × 7000 picture (a "decompression bomb"): refused on its header.
    const bomb = declaredSize(
      await sharp({ create: { width: 64, height: 64, channels: 3, background: '#fff' } })
        .png()
        .toBuffer(),
      9000,
      7000,
    );
    const tooMany = await scan(app, ghana, bomb, { type: 'image/png' });
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json().error.message).toMatch(/too large to read \(9000 × 7000 pixels\)\. Choose one of at most 50 megapixels/);
    const thumb = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    const small = await scan(app, ghana, thumb);
    expect(small.statusCode).toBe(422);
    expect(small.json().error.message).toMatch(/too small to read/);
  });

  it(
    'needs a token, reads for the caller only (their currency) and stores nothing',
    async () => {
      const none = await scan(app, null, english12mp);
      expect(none.statusCode).toBe(401);
      // No currency printed: each owner gets their own business's currency.
      const lines = englishReceipt(day.printed).map((l) => l.replace('TOTAL GHS', 'TOTAL    '));
      const photo = await receiptPhoto(lines, { width: 2400, height: 1800 });
      const [a, b] = await Promise.all([scan(app, ghana, photo), scan(app, kenya, photo)]);
      expect(a.json().draft).toMatchObject({ currency: 'GHS', currency_found: false, total: 22_713 });
      expect(b.json().draft).toMatchObject({ currency: 'KES', currency_found: false, total: 22_713 });
      // Nothing written: no file under the data folder, no expense.
      const files = readdirSync(config.dataDir, { recursive: true }).map(String);
      expect(files.filter((f) => f.startsWith('files') || f.includes('receipt'))).toEqual([]);
      for (const u of [ghana, kenya]) {
        const list = await app.inject({ method: 'GET', url: '/api/expenses', headers: u.auth });
        expect(list.json().records).toEqual([]);
      }
    },
    SLOW,
  );

  it(
    'never blocks other requests: the server answers while a photo is being read; one user has at most two photos in line',
    async () => {
      let ocrDone = 0;
      const reading = scan(app, ghana, english12mp).then((r) => ((ocrDone = Date.now()), r));
      const second = scan(app, ghana, english12mp).then((r) => r); // light-my-request sends on then()
      const third = await scan(app, ghana, english12mp);
      expect(third.statusCode).toBe(429);
      expect(third.json().error.message).toMatch(/A photo of yours is already being read/);
      const state = await app.inject({ method: 'GET', url: '/api/state', headers: kenya.auth });
      const stateDone = Date.now();
      expect(state.statusCode).toBe(200);
      expect((await reading).statusCode).toBe(200);
      expect((await second).statusCode).toBe(200);
      expect(stateDone).toBeLessThan(ocrDone);
    },
    SLOW,
  );
});

describe('the time limit', () => {
  it(
    'stops a reading that runs past its time with 503 and words to act on; the next photo gets a new reader',
    async () => {
      const slow = await openTestApp({ ocrTimeoutMs: 50 });
      const u = await signUp(slow.app);
      const res = await scan(slow.app, u, english12mp);
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('60');
      expect(res.json().error.message).toBe('Reading this photo took too long. Take it again closer, flat and in good light, or fill in the expense yourself.');
      // The reader itself: stopped, then a new worker reads the next photo.
      const ocr = new ReceiptOcr({ timeoutMs: 20, maxWaiting: 2, perUser: 2, idleMs: 1000 });
      const pgm = Buffer.concat([Buffer.from('P5\n400 300\n255\n'), Buffer.alloc(400 * 300, 255)]);
      await expect(ocr.read('u', 'eng', (text) => text(pgm))).rejects.toThrow(/took too long/);
      expect(ocr.stopped).toBe(1);
      ocr.limits.timeoutMs = 60_000;
      await expect(ocr.read('u', 'eng', (text) => text(pgm))).resolves.toBe('');
      await ocr.close();
    },
    SLOW,
  );

  it('answers busy when too many photos wait', async () => {
    const ocr = new ReceiptOcr({ timeoutMs: 60_000, maxWaiting: 1, perUser: 5, idleMs: 1000 });
    let release = () => {};
    const first = ocr.read('a', 'eng', () => new Promise<string>((resolve) => (release = () => resolve('done'))));
    await expect(ocr.read('b', 'eng', async () => 'x')).rejects.toThrow(/The receipt reader is busy with other photos/);
    release();
    await expect(first).resolves.toBe('done');
    await ocr.close();
  });
});

describe('with a vision model behind AI_BASE_URL', () => {
  let mode: 'ok' | 'error' = 'ok';
  const llm = startLlmServer<{ model: string; messages: Array<{ role: string; content: unknown }> }>((): LlmAnswer => {
    if (mode === 'error') return { status: 503, body: '{"error":{"message":"overloaded"}}' };
    return JSON.stringify({
      readable: true,
      vendor: 'Shoprite',
      date: day.iso,
      currency: 'GHS',
      total: 227.13,
      subtotal: 197.5,
      tax: 29.63,
      tax_rate_percent: 15,
      category: 'Stock / Inventory',
    });
  });

  it(
    'asks the model first with the photo shrunk to a 1600 px JPEG; when it fails the server’s OCR reads',
    async () => {
      const { url, seen } = await llm;
      const withModel = await openTestApp({ aiBaseUrl: url, aiModel: 'text-model', aiVisionModel: 'vision-model', aiTimeoutMs: 5000 });
      const u = await signUp(withModel.app, { country: 'Ghana' });
      const res = await scan(withModel.app, u, english12mp);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ source: 'model', draft: { vendor: 'Shoprite', total: 22_713, tax: 2963, currency: 'GHS' } });
      const sent = JSON.stringify(seen[0].body.messages);
      const image = /data:image\/jpeg;base64,([A-Za-z0-9+/=]+)/.exec(sent)?.[1] ?? '';
      const meta = await sharp(Buffer.from(image, 'base64')).metadata();
      expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(1600);
      expect(seen[0].body.model).toBe('vision-model');

      mode = 'error';
      const fallback = await scan(withModel.app, u, english12mp);
      expect(fallback.statusCode, fallback.body).toBe(200);
      expect(fallback.json()).toMatchObject({ source: 'ocr', draft: { total: 22_713, readable: true } });
    },
    SLOW,
  );
});

import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useReceiptReading } from './useReceiptReading';

// The OCR itself (tesseract in the browser) is exercised by the e2e; here it hands back what it read, and which
// model it was asked to read with.
const models: string[] = [];
vi.mock('./ocr', async (original) => ({
  ...(await original<typeof import('./ocr')>()),
  readPhotoText: async (_photo: Blob, _progress: unknown, language: string) => {
    models.push(language);
    return 'JAVA HOUSE\n16/01/2026\nCoffee 560.00\nSandwich 650.00\nTOTAL KES 1,210.00';
  },
}));
let screen = 'en';
vi.mock('../../../i18n', async (original) => ({ ...(await original<typeof import('../../../i18n')>()), activeLanguage: () => screen }));
let online = true;
vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);

const SERVER_DRAFT = {
  vendor: 'Naivas',
  date: '2026-01-14',
  currency: 'KES',
  currency_found: true,
  total: 77_000,
  subtotal: null,
  tax: null,
  tax_rate_bps: null,
  category: null,
  total_check: 'none',
  readable: true,
};

/** The server as the device sees it: POST /expenses/receipt-scan answering `status` with `body`. */
function server(status: number, body: unknown) {
  const calls: Array<{ url: string; photo: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url: String(url), photo: (init?.body as FormData | undefined)?.get('photo') });
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

async function readWith(currency = 'KES') {
  const { result } = renderHook(() => useReceiptReading(currency));
  let out: Awaited<ReturnType<typeof result.current.read>> | undefined;
  await act(async () => {
    out = await result.current.read(new Blob(['photo'], { type: 'image/jpeg' }));
  });
  return { out, state: result.current.state };
}

beforeEach(() => {
  localStorage.setItem('token', 't');
  online = true;
  screen = 'en';
  models.length = 0;
});
afterEach(() => vi.unstubAllGlobals());

describe('online, the photo is read by the server (issue 29)', () => {
  it('sends the photo as the multipart field photo with the screen language, and fills from the server’s reading', async () => {
    const calls = server(200, { source: 'ocr', draft: SERVER_DRAFT, text: 'NAIVAS\nTOTAL 770.00' });
    const { out, state } = await readWith();
    expect(out).toMatchObject({ step: 'done', source: 'server', draft: { vendor: 'Naivas', total: 77_000 }, text: 'NAIVAS\nTOTAL 770.00' });
    expect(state).toEqual(out);
    expect(calls.map((c) => c.url)).toEqual(['/api/expenses/receipt-scan?language=en']);
    expect(calls[0].photo).toBeInstanceOf(Blob);
    expect(models).toEqual([]); // not read on the device
  });

  it('names the model when the server’s vision model read it, and says nothing readable when the server found nothing', async () => {
    server(200, { source: 'model', draft: SERVER_DRAFT, text: '' });
    expect((await readWith()).out).toMatchObject({ step: 'done', source: 'model' });
    server(200, { source: 'ocr', draft: { ...SERVER_DRAFT, total: null, date: null, readable: false }, text: 'blur' });
    expect((await readWith()).out).toEqual({ step: 'unreadable', text: 'blur' });
  });

  it('shows the server’s words when it cannot read this photo (a PDF, too large), without reading it on the device', async () => {
    const message = 'This is a PDF: only photos can be read. Take a photo of the receipt, or fill in the expense and attach the PDF as it is.';
    server(415, { error: { code: 'unsupported_media_type', message } });
    expect((await readWith()).out).toEqual({ step: 'refused', reason: 'notPicture', message });
    server(422, { error: { code: 'unprocessable', message: 'too small' } });
    expect((await readWith()).out).toMatchObject({ step: 'refused', reason: 'tooSmall' });
    expect(models).toEqual([]);
  });

  it('reads on the device when the server is busy, stopped the reading, or cannot be reached', async () => {
    for (const status of [503, 429, 500]) {
      server(status, { error: { code: 'unavailable', message: 'busy' } });
      expect((await readWith()).out).toMatchObject({ step: 'done', source: 'parser', draft: { total: 121_000 } });
    }
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect((await readWith()).out).toMatchObject({ step: 'done', source: 'parser' });
    expect(models).toEqual(['eng', 'eng', 'eng', 'eng']);
  });
});

describe('offline, the photo is read on the device', () => {
  it('sends nothing, and a French screen reads with the French model, other screens with the English one', async () => {
    online = false;
    const calls = server(200, {});
    for (const language of ['fr', 'en', 'sw']) {
      screen = language;
      await readWith('XOF');
    }
    expect(models).toEqual(['fra', 'eng', 'eng']);
    expect(calls).toEqual([]);
  });

  it('online, a French screen asks the server for the French reading', async () => {
    screen = 'fr';
    const calls = server(200, { source: 'ocr', draft: SERVER_DRAFT, text: '' });
    await readWith('XAF');
    expect(calls[0].url).toBe('/api/expenses/receipt-scan?language=fr');
  });
});

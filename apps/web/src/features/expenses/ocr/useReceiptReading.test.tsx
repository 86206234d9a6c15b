import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../app/queryClient';
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

/** The server as the device sees it: GET /state with its features, and POST /expenses/receipt-read. */
function server(receiptModel: boolean) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(String(url), 'http://localhost').pathname;
      calls.push(`${init?.method ?? 'GET'} ${path}`);
      const body =
        path === '/api/state'
          ? { user: {}, credit: 0, plan: 'free', counts: {}, features: { receipt_model: receiptModel } }
          : { source: 'model', draft: { readable: false } };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

beforeEach(() => {
  localStorage.setItem('token', 't');
  queryClient.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('a receipt photo goes to the server only when it has a model that reads photos (issue 29)', () => {
  it('without a model (no AI_BASE_URL) the photo stays on the device and its reading stands', async () => {
    const calls = server(false);
    const { result } = renderHook(() => useReceiptReading('KES'));
    let out: Awaited<ReturnType<typeof result.current.read>> | undefined;
    await act(async () => {
      out = await result.current.read(new Blob(['photo'], { type: 'image/jpeg' }));
    });
    expect(out).toMatchObject({ step: 'done', source: 'parser', draft: { total: 121_000 } });
    expect(calls).toEqual(['GET /api/state']);
  });

  it('with a model the photo is sent', async () => {
    const calls = server(true);
    const { result } = renderHook(() => useReceiptReading('KES'));
    await act(async () => {
      await result.current.read(new Blob(['photo'], { type: 'image/jpeg' }));
    });
    expect(calls).toEqual(['GET /api/state', 'POST /api/expenses/receipt-read']);
  });
});

describe('French receipts (issue 29)', () => {
  it('a French screen reads with the French model, other screens with the English one', async () => {
    server(false);
    const { result } = renderHook(() => useReceiptReading('XOF'));
    models.length = 0;
    for (const language of ['fr', 'en', 'sw']) {
      screen = language;
      await act(async () => {
        await result.current.read(new Blob(['photo'], { type: 'image/jpeg' }));
      });
    }
    expect(models).toEqual(['fra', 'eng', 'eng']);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, receiptPhotoModel } from '../../config';
import { openTestApp, type SignedUp, signUp } from '../../test/harness';
import { type LlmAnswer, startLlmServer } from '../../test/llm-server';

/** A local server speaking Chat Completions with image input, as a vision model behind AI_BASE_URL does. */
type Part = { type: string; text?: string; image_url?: { url: string } };
interface Seen {
  body: { model: string; response_format?: { type: string; json_schema?: { name: string } }; messages: Array<{ role: string; content: string | Part[] }> };
}
let mode: 'ok' | 'nonsense' | 'future' | 'error' = 'ok';
const GOOD = {
  readable: true,
  vendor: 'Naivas Supermarket',
  date: '2026-01-14',
  currency: 'KES',
  total: 770,
  subtotal: 663.79,
  tax: 106.21,
  tax_rate_percent: 16,
  category: 'Stock / Inventory',
};
const llm = await startLlmServer<Seen['body']>((): LlmAnswer => {
  if (mode === 'error') return { status: 503, body: '{"error":{"message":"overloaded"}}' };
  if (mode === 'nonsense') return 'This looks like a receipt from a supermarket.';
  if (mode === 'future') return JSON.stringify({ ...GOOD, date: '2099-01-01' });
  return JSON.stringify(GOOD);
});
const seen = llm.seen;

const llmUrl = llm.url;
// AI_MODEL writes text; AI_VISION_MODEL names the model that reads photos (issue 22).
const withModel = await openTestApp({ aiBaseUrl: llmUrl, aiModel: 'text-model', aiVisionModel: 'vision-model', aiTimeoutMs: 5000 });
// A text-only model behind AI_BASE_URL, and no AI_VISION_MODEL: photos are never sent to it.
const textOnly = await openTestApp({ aiBaseUrl: llmUrl, aiModel: 'text-model', aiVisionModel: undefined, aiTimeoutMs: 5000 });
const noModel = await openTestApp({ aiBaseUrl: undefined, aiVisionModel: undefined });

// A real (1×1) PNG: the route checks the data URL's type, the model reads the pixels.
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const DEVICE_TEXT = 'JAVA HOUSE\n16/01/2026\nCoffee 560.00\nSandwich 650.00\nTOTAL KES 1,210.00\nCASH 1,500.00\nCHANGE 290.00';

const read = (app: typeof withModel.app, u: SignedUp | null, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/expenses/receipt-read', headers: u?.auth ?? {}, payload });

let owner: SignedUp;
let plain: SignedUp;
let writer: SignedUp;
beforeAll(async () => {
  owner = await signUp(withModel.app);
  plain = await signUp(noModel.app);
  writer = await signUp(textOnly.app);
});

describe('POST /expenses/receipt-read (issue 29)', () => {
  it('sends the photo as an image part with a JSON schema and answers the model’s reading in minor units', async () => {
    mode = 'ok';
    seen.length = 0;
    const res = await read(withModel.app, owner, { image: PNG, text: DEVICE_TEXT });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      source: 'model',
      draft: {
        vendor: 'Naivas Supermarket',
        date: '2026-01-14',
        currency: 'KES',
        currency_found: true,
        total: 77_000,
        subtotal: 66_379,
        tax: 10_621,
        tax_rate_bps: 1600,
        category: 'Stock / Inventory',
        total_check: 'subtotal_tax',
        readable: true,
      },
    });
    expect(seen).toHaveLength(1);
    const sent = seen[0].body;
    expect(sent.model).toBe('vision-model');
    expect(sent.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'receipt' } });
    const user = sent.messages.find((m) => m.role === 'user')?.content as Part[];
    expect(user.find((p) => p.type === 'image_url')?.image_url?.url).toBe(PNG);
  });

  it.each(['nonsense', 'future', 'error'] as const)('falls back to core’s reader on the device’s text when the model answers %s', async (m) => {
    mode = m;
    const res = await read(withModel.app, owner, { image: PNG, text: DEVICE_TEXT });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      source: 'parser',
      draft: { vendor: 'Java House', date: '2026-01-16', total: 121_000, total_check: 'lines', readable: true },
    });
  });

  it('GET /state tells the device whether a model reads photos, so it uploads one only then', async () => {
    const state = async (app: typeof withModel.app, u: SignedUp) => (await app.inject({ method: 'GET', url: '/api/state', headers: u.auth })).json();
    expect((await state(withModel.app, owner)).features).toEqual({ receipt_model: true });
    expect((await state(noModel.app, plain)).features).toEqual({ receipt_model: false });
    expect((await state(textOnly.app, writer)).features).toEqual({ receipt_model: false });
  });

  it('takes the photo model from AI_VISION_MODEL only, and only with AI_BASE_URL', () => {
    const env = { AI_BASE_URL: 'http://127.0.0.1:11434/v1', AI_MODEL: 'llama3.1' };
    const secret = { jwtSecret: 'test-secret-test-secret-test-secret' };
    expect(receiptPhotoModel(loadConfig(env, secret))).toBeUndefined();
    expect(receiptPhotoModel(loadConfig({ ...env, AI_VISION_MODEL: ' llava ' }, secret))).toBe('llava');
    expect(receiptPhotoModel(loadConfig({ AI_VISION_MODEL: 'llava' }, secret))).toBeUndefined();
  });

  it('with a text-only AI_MODEL and no AI_VISION_MODEL, never sends the photo to the model and reads the device’s text', async () => {
    mode = 'ok';
    seen.length = 0;
    const res = await read(textOnly.app, writer, { image: PNG, text: DEVICE_TEXT });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ source: 'parser', draft: { vendor: 'Java House', total: 121_000 } });
    expect(seen).toHaveLength(0);
    // The same server still reads orders in words with the text model.
    const order = await textOnly.app.inject({ method: 'POST', url: '/api/orders/draft', headers: writer.auth, payload: { text: '2 soap' } });
    expect(order.statusCode, order.body).toBe(200);
    expect(seen.map((s) => s.body.model)).toEqual(['text-model']);
  });

  it('without AI_BASE_URL reads the device’s text, and says when nothing readable was sent', async () => {
    const res = await read(noModel.app, plain, { image: PNG, text: DEVICE_TEXT });
    expect(res.json()).toMatchObject({ source: 'parser', draft: { total: 121_000 } });
    const blank = await read(noModel.app, plain, { image: PNG });
    expect(blank.json()).toMatchObject({ source: 'parser', draft: { total: null, readable: false } });
  });

  it('refuses a PDF, a photo over the limit and a caller without a token, with a message', async () => {
    const pdf = await read(noModel.app, plain, { image: 'data:application/pdf;base64,JVBERi0xLjQ=' });
    expect(pdf.statusCode).toBe(400);
    expect(pdf.body).toContain('JPEG, PNG or WebP');
    const huge = await read(noModel.app, plain, { image: `data:image/jpeg;base64,${'A'.repeat(4_100_000)}` });
    expect([400, 413]).toContain(huge.statusCode);
    expect(huge.body).toMatch(/too large/i);
    expect((await read(noModel.app, null, { image: PNG })).statusCode).toBe(401);
  });
});

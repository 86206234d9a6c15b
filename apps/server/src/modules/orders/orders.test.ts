import { beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type SignedUp, signUp } from '../../test/harness';
import { type LlmAnswer, startLlmServer } from '../../test/llm-server';

/** A local server speaking the Chat Completions protocol, as the AI writer's adapter does (POST /v1/chat/completions). */
interface Seen {
  body: {
    model: string;
    response_format?: { type: string; json_schema?: { name: string; schema: { properties?: Record<string, unknown> } } };
    messages: Array<{ role: string; content: string }>;
  };
}
let mode: 'ok' | 'nonsense' | 'bad-shape' | 'error' | 'fenced' | 'decimals' | 'picnic' = 'ok';
const GOOD = {
  client_name: 'Chinedu Okafor',
  lines: [
    { description: 'Agbada', quantity: 2, unit_price: 25000 },
    { description: 'Gele', quantity: 1, unit_price: 4000 },
  ],
  fees: [{ name: 'Delivery', amount: 3000 }],
  due_date: '2026-12-04',
  remainder: ['ring the bell'],
};
const llm = await startLlmServer<Seen['body']>((): LlmAnswer => {
  if (mode === 'error') return { status: 500, body: '{"error":{"message":"overloaded"}}' };
  if (mode === 'nonsense') return 'Sure! The customer wants two agbada.';
  if (mode === 'bad-shape') return JSON.stringify({ ...GOOD, lines: [{ description: 'Agbada', quantity: -2, unit_price: 25000 }] });
  // More decimals than naira (2) or a quantity (3) have: never rounded into the draft (t17 R0).
  if (mode === 'decimals')
    return JSON.stringify({
      ...GOOD,
      lines: [
        { description: 'Agbada', quantity: 2, unit_price: 25000.505 },
        { description: 'Gele', quantity: 1.2345, unit_price: 4000 },
      ],
      fees: [{ name: 'Delivery', amount: 3000.125 }],
      remainder: [],
    });
  if (mode === 'picnic') return JSON.stringify({ ...GOOD, client_name: 'Picnic', remainder: [] });
  if (mode === 'fenced') return '```json\n' + JSON.stringify(GOOD) + '\n```';
  return JSON.stringify(GOOD);
});
const seen = llm.seen;

const { app } = await openTestApp({ aiBaseUrl: llm.url, aiModel: 'order-model', aiTimeoutMs: 5000 });

const post = (u: SignedUp, url: string, payload: Record<string, unknown>) => app.inject({ method: 'POST', url: `/api${url}`, headers: u.auth, payload });
const draft = (u: SignedUp, text: unknown) => post(u, '/orders/draft', { text });

let owner: SignedUp;
let other: SignedUp;
const ids: Record<string, string> = {};
beforeAll(async () => {
  owner = await signUp(app);
  other = await signUp(app);
  ids.agbada = (await post(owner, '/catalogs', { name: 'Agbada', unit_price: 2_500_000 })).json().id;
  ids.chinedu = (await post(owner, '/contacts', { name: 'Chinedu Okafor' })).json().id;
  ids.delivery = (await post(owner, '/fees', { name: 'Delivery', kind: 'fee', calculation: 'fixed', amount: 150_000 })).json().id;
  // Another business's names must never reach the model with this owner's order.
  await post(other, '/catalogs', { name: 'Secret Lace', unit_price: 100 });
  await post(other, '/contacts', { name: 'Hidden Client' });
});

describe('POST /orders/draft (issue 29)', () => {
  it('sends the text, the catalog, client and fee names with a JSON schema, and answers the model’s draft', async () => {
    mode = 'ok';
    seen.length = 0;
    const res = await draft(owner, '2 agbada 25k each for Chinedu, 1 gele 4k, delivery 3k, due next Friday, ring the bell');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      source: 'model',
      draft: {
        client: { contact_id: ids.chinedu, name: 'Chinedu Okafor' },
        lines: [
          { catalog_id: ids.agbada, description: 'Agbada', quantity: 2, unit_price: 2_500_000, price_stated: true },
          { catalog_id: null, description: 'Gele', quantity: 1, unit_price: 400_000 },
        ],
        fees: [{ fee_id: ids.delivery, name: 'Delivery', amount: 300_000 }],
        due_date: '2026-12-04',
        remainder: ['ring the bell'],
      },
    });
    expect(seen).toHaveLength(1);
    const sent = seen[0].body;
    expect(sent.model).toBe('order-model');
    expect(sent.response_format?.type).toBe('json_schema');
    expect(Object.keys(sent.response_format?.json_schema?.schema.properties ?? {})).toEqual(['client_name', 'lines', 'fees', 'due_date', 'remainder']);
    const user = JSON.parse(sent.messages.find((m) => m.role === 'user')?.content ?? '{}');
    expect(user).toMatchObject({
      order: expect.stringContaining('2 agbada'),
      catalog: ['Agbada'],
      clients: ['Chinedu Okafor'],
      fees: expect.arrayContaining(['Delivery']),
      currency: 'NGN',
    });
    expect(JSON.stringify(sent)).not.toMatch(/Secret Lace|Hidden Client/);
  });

  it('reads a fenced JSON answer too', async () => {
    mode = 'fenced';
    const res = await draft(owner, '2 agbada for Chinedu');
    expect(res.json().source).toBe('model');
  });

  it.each(['nonsense', 'bad-shape', 'error'] as const)('falls back to core’s parser when the model answers %s', async (m) => {
    mode = m;
    const res = await draft(owner, '2 agbada 25k each for Chinedu, delivery 3k');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      source: 'parser',
      draft: {
        client: { contact_id: ids.chinedu },
        lines: [{ catalog_id: ids.agbada, quantity: 2, unit_price: 2_500_000 }],
        fees: [{ fee_id: ids.delivery, amount: 300_000 }],
      },
    });
  });

  it('keeps a price with more decimals than the currency uses unread, from the model and from the parser (t17 R0)', async () => {
    mode = 'decimals';
    const byModel = await draft(owner, '2 agbada 25,000.505 each for Chinedu, 1.2345 gele, delivery 3,000.125');
    expect(byModel.statusCode, byModel.body).toBe(200);
    expect(byModel.json()).toMatchObject({
      source: 'model',
      draft: {
        lines: [{ catalog_id: ids.agbada, quantity: 2, unit_price: null, price_stated: false }],
        fees: [{ fee_id: ids.delivery, amount: null }],
        remainder: ['Delivery 3000.125', '1.2345 Gele', 'Agbada 25000.505'],
      },
    });
    mode = 'error';
    const byParser = await draft(owner, '2 agbada 25,000.505 each for Chinedu');
    expect(byParser.json()).toMatchObject({
      source: 'parser',
      draft: { lines: [{ catalog_id: ids.agbada, quantity: 2, unit_price: null, price_stated: false }], remainder: ['25,000.505 each'] },
    });
  });

  it('refuses an empty or too long order with a message, and needs a signed-in owner', async () => {
    const empty = await draft(owner, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Type the order');
    expect((await draft(owner, 'x'.repeat(2001))).statusCode).toBe(400);
    expect((await app.inject({ method: 'POST', url: '/api/orders/draft', payload: { text: '2 agbada' } })).statusCode).toBe(401);
  });

  it('reads only the caller’s own catalog and clients', async () => {
    mode = 'error';
    const res = await draft(other, '2 agbada for Chinedu');
    expect(res.json().draft.client).toMatchObject({ contact_id: null });
    expect(res.json().draft.lines[0].catalog_id).toBeNull();
  });

  it('falls back to a parser that keeps impossible dates unread, reads day first, and takes a lower-case client only when a contact or titled (t16 F3, F4, F6; h116)', async () => {
    mode = 'error';
    const impossible = (await draft(owner, '2 agbada 25k each for Chinedu, due 31/02')).json().draft;
    expect(impossible).toMatchObject({ due_date: null, remainder: ['due 31/02'] });
    expect(impossible.lines).toHaveLength(1);
    expect((await draft(owner, '2 agbada, due 12/15')).json().draft.due_date).toMatch(/^\d{4}-12-15$/);
    expect((await draft(owner, '2 agbada, due 5/12')).json().draft.due_date).toMatch(/^\d{4}-12-05$/);
    const lower = (await draft(owner, '3 cakes 200 each for thandi')).json().draft;
    expect(lower.client).toBeNull();
    expect(lower.lines[0].description).toBe('Cakes for thandi');
    expect((await draft(owner, '3 cakes for mama thandi')).json().draft.client).toEqual({ contact_id: null, name: 'Mama Thandi' });
    expect((await draft(owner, '2 agbada for chinedu')).json().draft.client).toMatchObject({ contact_id: ids.chinedu });
  });

  it('a model’s new client written only in lower case in the order ("for picnic") is kept unread (h116)', async () => {
    mode = 'picnic';
    const res = (await draft(owner, '2 agbada 25k each for picnic')).json();
    expect(res).toMatchObject({ source: 'model', draft: { client: null, remainder: ['Picnic'] } });
  });

  it('a purpose is no client and markup is no line, whether the parser or the model reads the order (t16)', async () => {
    mode = 'error';
    const lunch = (await draft(owner, '2 plates of rice for lunch at 300')).json();
    expect(lunch.source).toBe('parser');
    expect(lunch.draft.client).toBeNull();
    expect(lunch.draft.lines).toEqual([{ catalog_id: null, description: 'Plates of rice for lunch', quantity: 2, unit_price: 30_000, price_stated: true }]);
    const script = (await draft(owner, '2 agbada 25k each, 2 <img src=x onerror=alert(1)> 500 each')).json().draft;
    expect(script.lines.map((l: { description: string }) => l.description)).toEqual(['Agbada']);
    expect(script.remainder).toEqual(['2 <img src=x onerror=alert(1)> 500 each']);
    // A model that names a purpose as the client and prices the markup: both stay unread.
    mode = 'ok';
    const saved = { ...GOOD };
    Object.assign(GOOD, { client_name: 'Lunch', lines: [...GOOD.lines, { description: 'alert(1)', quantity: 1, unit_price: 1 }], remainder: [] });
    try {
      const model = (await draft(owner, '2 agbada 25k each for lunch, alert(1)')).json();
      expect(model.source).toBe('model');
      expect(model.draft.client).toBeNull();
      expect(model.draft.lines.map((l: { description: string }) => l.description)).toEqual(['Agbada', 'Gele']);
      expect(model.draft.remainder).toEqual(['Lunch', 'alert(1)']);
    } finally {
      Object.assign(GOOD, saved);
    }
  });
});

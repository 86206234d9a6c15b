import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { AI_COSTS, AI_EXAMPLE_FIELDS, AI_TYPE_NAMES, type AiType } from '@duka/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiContents, users } from '../../db/schema';
import { openTestApp, type SignedUp, signUp } from '../../test/harness';
import { openAiProvider } from './openai';
import { aiWriterService } from './routes';
import { INSUFFICIENT_CREDIT_MESSAGE } from './service';

const { app, ctx } = await openTestApp({ aiBaseUrl: undefined });
const service = aiWriterService(ctx);

const PAGE = `<!doctype html><html><head><title>How to price your products</title><style>body{color:red}</style>
<meta name="description" content="A guide for small businesses on pricing."><script>alert('x')</script></head>
<body><nav>Home | About</nav><h1>How to price your products</h1>
<p>Many small businesses lose money because they do not count all their costs. Materials, transport and packaging all add up.</p>
<h2>Add your margin</h2><p>Once you know your cost per item, add a profit margin of 30 to 50 percent to keep the business healthy.</p>
<p>Finally, compare your price with what competitors charge. Being the cheapest is not always the best strategy.</p></body></html>`;

let pagePort = 0;
const pages = http.createServer((req, res) => {
  if (req.url === '/missing') {
    res.writeHead(404, { 'content-type': 'text/html' }).end('<p>Not found</p>');
    return;
  }
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
});
beforeAll(async () => {
  pages.listen(0, '127.0.0.1');
  await once(pages, 'listening');
  pagePort = (pages.address() as AddressInfo).port;
});
afterAll(() => {
  pages.close();
});

const VALID = AI_EXAMPLE_FIELDS;

/** content_link pages come from the local server: "docs.example.com" resolves to it, and only its port is allowed. */
function pointLinksAtLocalServer() {
  service.fetchOptions = {
    lookup: async (host) =>
      host === 'docs.example.com' ? [{ address: '127.0.0.1', family: 4 }] : host === 'intranet.example.com' ? [{ address: '10.1.2.3', family: 4 }] : [],
    allow: (address, port) => address === '127.0.0.1' && port === pagePort,
  };
}
const linkUrl = (path = '/pricing') => `http://docs.example.com:${pagePort}${path}`;

async function setCredit(u: SignedUp, credit: number) {
  await ctx.db.update(users).set({ credit }).where(eq(users.id, u.userId));
}
async function credit(u: SignedUp): Promise<number> {
  const res = await app.inject({ method: 'GET', url: '/api/ai-writter/credit', headers: u.auth });
  expect(res.statusCode).toBe(200);
  return res.json().credit;
}
function gen(u: SignedUp, type: AiType, fields: Record<string, unknown> = VALID[type], extra: Record<string, unknown> = {}) {
  return app.inject({ method: 'POST', url: '/api/ai-writter/generate', headers: u.auth, payload: { generate: type, ...fields, ...extra } });
}
async function history(u: SignedUp, query = '') {
  const res = await app.inject({ method: 'GET', url: `/api/ai-writter/history${query}`, headers: u.auth });
  expect(res.statusCode).toBe(200);
  return res.json() as {
    data: Array<{ id: string; type: string; favorite: boolean; cost: number; title: string; content: string; created_at: string }>;
    next_cursor: string | null;
  };
}

describe('credit', () => {
  it('starts new accounts at AI_FREE_CREDIT (50) and needs a token', async () => {
    const u = await signUp(app);
    expect(await credit(u)).toBe(50);
    const res = await app.inject({ method: 'GET', url: '/api/ai-writter/credit' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthorized');
  });
});

describe('API description', () => {
  it('documents the ai-writter routes in the OpenAPI document', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of ['/api/ai-writter/generate', '/api/ai-writter/credit', '/api/ai-writter/history', '/api/ai-writter/favorites', '/api/ai-writter/{id}'])
      expect(paths).toContain(p);
  });
});

describe('generate with the built-in writer', () => {
  it('writes every type, takes its SPEC §9 cost and stores the result in history', async () => {
    pointLinksAtLocalServer();
    const u = await signUp(app);
    await setCredit(u, 1000);
    let expected = 1000;
    for (const type of AI_TYPE_NAMES) {
      const fields = type === 'content_link' ? { url: linkUrl() } : VALID[type];
      const res = await gen(u, type, fields);
      expect(res.statusCode, `${type}: ${res.body}`).toBe(200);
      const { data } = res.json();
      expected -= AI_COSTS[type];
      expect(data).toMatchObject({ type, cost: AI_COSTS[type], credit: expected, source: 'builtin' });
      expect(data.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(data.page_title.length).toBeGreaterThan(3);
      expect(data.content.length).toBeGreaterThan(150);
      expect(data.content).not.toMatch(/Written by Duka/);
      expect(await credit(u)).toBe(expected);
    }
    const h = await history(u, '?limit=100');
    expect(h.data.map((i) => i.type)).toEqual([...AI_TYPE_NAMES].reverse());
    expect(h.data.find((i) => i.type === 'content_link')?.content).toContain('How to price your products');
    expect(h.data.find((i) => i.type === 'birthday_wishes')?.content).toContain('Chiamaka');
    // The forms of newsletter and reply do not ask who is writing: the profile signs them.
    expect(h.data.find((i) => i.type === 'newsletter')?.content).toContain('The Ada Stores team');
    expect(h.data.find((i) => i.type === 'reply_email')?.content).toContain('Ada Obi\nAda Stores');
  });

  it('writes in French and Kiswahili when asked, and refuses a language it cannot write without charging', async () => {
    const u = await signUp(app);
    const fr = await gen(u, 'newsletter', VALID.newsletter, { language: 'fr' });
    expect(fr.statusCode).toBe(200);
    expect(fr.json().data.content).toContain('Chère cliente, cher client,');
    expect(fr.headers['server-timing']).toMatch(/^fetch;dur=0\.0, provider;dur=[\d.]+, total;dur=[\d.]+$/);
    const sw = await gen(u, 'birthday_wishes', VALID.birthday_wishes, { language: 'sw' });
    expect(sw.statusCode).toBe(200);
    expect(sw.json().data.content).toMatch(/siku (ya|yako ya) kuzaliwa/);
    const before = await credit(u);
    const pcm = await gen(u, 'birthday_wishes', VALID.birthday_wishes, { language: 'pcm' });
    expect(pcm.statusCode).toBe(400);
    expect(pcm.json().error.message).toMatch(/nothing was charged/);
    expect(pcm.json().error.fields.language).toMatch(/nothing was charged/);
    expect(await credit(u)).toBe(before);
  });
});

describe('SPEC §5 rules on the server (400 with fields, nothing charged)', () => {
  const cases: Array<[string, AiType, Record<string, unknown>, string]> = [
    ['description of 5 characters', 'business_name', { description: 'Shops' }, 'description'],
    ['blank description', 'business_plan', { description: '         ' }, 'description'],
    ['missing description', 'content_idea', {}, 'description'],
    ['newsletter too short', 'newsletter', { description: 'news' }, 'description'],
    ['ideal customer too short', 'ideal_customer', { description: 'abc', country: 'Kenya' }, 'description'],
    ['persona too short', 'user_persona', { description: 'abc' }, 'description'],
    ['persona bad age', 'user_persona', { description: 'A hair booking app', age: 'Teen' }, 'age'],
    ['plan bad currency', 'business_plan', { description: 'A tailoring shop', currency: 'BTC' }, 'currency'],
    ['birthday without contact', 'birthday_wishes', { name: '', company_name: 'Bright Prints', sender: 'Emeka' }, 'name'],
    ['birthday company of 2', 'birthday_wishes', { name: 'Chi', company_name: 'BP', sender: 'Emeka' }, 'company_name'],
    ['birthday sender of 2', 'birthday_wishes', { name: 'Chi', company_name: 'Bright Prints', sender: 'Em' }, 'sender'],
    ['seasons without holiday', 'seasons_greetings', { holiday: ' ', company_name: 'Kofi Fabrics', sender: 'Kofi' }, 'holiday'],
    ['seasons company of 2', 'seasons_greetings', { holiday: 'Eid', company_name: 'KF', sender: 'Kofi' }, 'company_name'],
    ['seasons sender of 2', 'seasons_greetings', { holiday: 'Eid', company_name: 'Kofi Fabrics', sender: 'Ko' }, 'sender'],
    ['link not matching the pattern', 'content_link', { url: 'not a link' }, 'url'],
    ['link with another scheme', 'content_link', { url: 'ftp://example.com/file' }, 'url'],
    ['link to an IP address', 'content_link', { url: 'http://127.0.0.1/admin' }, 'url'],
    ['email too short', 'email', { description: 'Hi' }, 'description'],
    ['email bad tone', 'email', { description: 'December sale on shoes', tone: 'Angry' }, 'tone'],
    ['reply too short', 'reply_email', { original_email: 'Hi' }, 'original_email'],
    ['unknown language', 'newsletter', { description: 'New branch open', language: 'xx' }, 'language'],
  ];
  it.each(cases)('%s', async (_name, type, fields, field) => {
    const u = await signUp(app);
    const res = await gen(u, type, fields);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_failed');
    expect(Object.keys(res.json().error.fields)).toContain(field);
    expect(await credit(u)).toBe(50);
  });

  it('refuses an unknown type and a body that is not an object', async () => {
    const u = await signUp(app);
    const bad = await gen(u, 'poem' as AiType, { description: 'A long enough text' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('generate');
    const notJson = await app.inject({
      method: 'POST',
      url: '/api/ai-writter/generate',
      headers: { ...u.auth, 'content-type': 'application/json' },
      payload: '[1,2',
    });
    expect(notJson.statusCode).toBe(400);
  });
});

describe('insufficient credit', () => {
  it('answers 401 insufficient_credit with the SPEC text and charges nothing', async () => {
    const u = await signUp(app);
    await setCredit(u, 9);
    const res = await gen(u, 'business_plan');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { code: 'insufficient_credit', message: INSUFFICIENT_CREDIT_MESSAGE } });
    expect(INSUFFICIENT_CREDIT_MESSAGE).toBe("You don't have enough credit. Please buy credit to continue...");
    expect(await credit(u)).toBe(9);
    expect((await history(u)).data).toHaveLength(0);
    // 9 credits still pay for a 5-credit type.
    expect((await gen(u, 'newsletter')).statusCode).toBe(200);
    expect(await credit(u)).toBe(4);
  });

  it('8 concurrent 10-credit generations on 50 credits: exactly 5 succeed and the balance is 0', async () => {
    const u = await signUp(app);
    expect(await credit(u)).toBe(50);
    const results = await Promise.all(Array.from({ length: 8 }, () => gen(u, 'business_name')));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 401, 401, 401]);
    expect(await credit(u)).toBe(0);
    expect((await history(u)).data).toHaveLength(5);
  });

  it('the transaction guard holds even when all 8 passed the balance check before any was charged', async () => {
    const u = await signUp(app);
    const saved = service.provider;
    let started = 0;
    let release: () => void = () => {};
    const allStarted = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Every generation waits until all 8 have checked the balance and called the provider.
    service.provider = {
      name: 'barrier',
      writes: saved.writes,
      async generate(type, fields, language) {
        if (++started === 8) release();
        await allStarted;
        return saved.generate(type, fields, language, { seed: started });
      },
    };
    try {
      const results = await Promise.all(Array.from({ length: 8 }, () => gen(u, 'user_persona')));
      expect(started).toBe(8);
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(5);
      expect(results.filter((r) => r.statusCode === 401).every((r) => r.json().error.code === 'insufficient_credit')).toBe(true);
    } finally {
      service.provider = saved;
    }
    expect(await credit(u)).toBe(0);
    expect((await history(u)).data).toHaveLength(5);
  });
});

describe('failures cost nothing', () => {
  it('a provider that cannot be reached → 502 with a message', async () => {
    const u = await signUp(app);
    const saved = service.provider;
    const closed = http.createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const port = (closed.address() as AddressInfo).port;
    closed.close();
    service.provider = openAiProvider({ baseUrl: `http://127.0.0.1:${port}/v1`, model: 'm', timeoutMs: 5000 });
    try {
      const res = await gen(u, 'newsletter');
      expect(res.statusCode).toBe(502);
      expect(res.json().error).toMatchObject({ code: 'bad_gateway' });
      expect(res.json().error.message).toMatch(/Could not reach the AI provider/);
    } finally {
      service.provider = saved;
    }
    expect(await credit(u)).toBe(50);
  });

  it('content_link: a private address (after DNS) → 400, a missing page → 422, an unknown host → 422', async () => {
    pointLinksAtLocalServer();
    const u = await signUp(app);
    const priv = await gen(u, 'content_link', { url: 'intranet.example.com/wiki' });
    expect(priv.statusCode).toBe(400);
    expect(priv.json().error.message).toMatch(/private, local or internal/);
    expect(priv.json().error.fields).toHaveProperty('url');
    const missing = await gen(u, 'content_link', { url: linkUrl('/missing') });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().error.message).toMatch(/HTTP 404/);
    const unknown = await gen(u, 'content_link', { url: 'https://nowhere.example.org/' });
    expect(unknown.statusCode).toBe(422);
    expect(await credit(u)).toBe(50);
    expect((await history(u)).data).toHaveLength(0);
  });
});

describe('history and favourites', () => {
  it('pages history newest first with a cursor', async () => {
    const u = await signUp(app);
    await setCredit(u, 100);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await gen(u, 'newsletter', { description: `Update number ${i} for customers` })).json().data.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pagesRead = 0;
    do {
      const page = await history(u, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.data.length).toBeLessThanOrEqual(2);
      seen.push(...page.data.map((i) => i.id));
      cursor = page.next_cursor;
      pagesRead++;
    } while (cursor);
    expect(pagesRead).toBe(3);
    expect(seen).toEqual([...ids].reverse());
    const first = (await history(u)).data[0];
    expect(Object.keys(first).sort()).toEqual(['content', 'cost', 'created_at', 'favorite', 'id', 'language', 'page_title', 'title', 'type'].sort());
    const bad = await app.inject({ method: 'GET', url: '/api/ai-writter/history?cursor=nonsense', headers: u.auth });
    expect(bad.statusCode).toBe(400);
    const tooMany = await app.inject({ method: 'GET', url: '/api/ai-writter/history?limit=1000', headers: u.auth });
    expect(tooMany.statusCode).toBe(400);
  });

  it('marks and unmarks favourites; favourites list only those', async () => {
    const u = await signUp(app);
    const a = (await gen(u, 'newsletter')).json().data.id;
    const b = (await gen(u, 'email')).json().data.id;
    const patch = (id: string, favorite: boolean, who = u) =>
      app.inject({ method: 'PATCH', url: `/api/ai-writter/${id}`, headers: who.auth, payload: { ai_writter: { favorite } } });
    const res = await patch(a, true);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: a, favorite: true, type: 'newsletter', cost: 5 });
    await patch(b, true);
    let favs = await app.inject({ method: 'GET', url: '/api/ai-writter/favorites', headers: u.auth });
    expect(favs.json().data.map((i: { id: string }) => i.id)).toEqual([b, a]);
    expect((await patch(b, false)).json().favorite).toBe(false);
    favs = await app.inject({ method: 'GET', url: '/api/ai-writter/favorites', headers: u.auth });
    expect(favs.json().data.map((i: { id: string }) => i.id)).toEqual([a]);
    const badBody = await app.inject({ method: 'PATCH', url: `/api/ai-writter/${a}`, headers: u.auth, payload: { ai_writter: { favorite: 'yes' } } });
    expect(badBody.statusCode).toBe(400);
  });

  it('keeps each user to their own content (another user’s id → 404)', async () => {
    const owner = await signUp(app);
    const other = await signUp(app);
    const id = (await gen(owner, 'newsletter')).json().data.id;
    const res = await app.inject({ method: 'PATCH', url: `/api/ai-writter/${id}`, headers: other.auth, payload: { ai_writter: { favorite: true } } });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
    expect((await history(other)).data).toHaveLength(0);
    const favs = await app.inject({ method: 'GET', url: '/api/ai-writter/favorites', headers: other.auth });
    expect(favs.json().data).toHaveLength(0);
    const missing = await app.inject({
      method: 'PATCH',
      url: '/api/ai-writter/00000000-0000-4000-8000-000000000000',
      headers: owner.auth,
      payload: { ai_writter: { favorite: true } },
    });
    expect(missing.statusCode).toBe(404);
    const notUuid = await app.inject({ method: 'PATCH', url: '/api/ai-writter/123', headers: owner.auth, payload: { ai_writter: { favorite: true } } });
    expect(notUuid.statusCode).toBe(404);
    const [row] = await ctx.db.select({ favorite: aiContents.favorite }).from(aiContents).where(eq(aiContents.id, id));
    expect(row.favorite).toBe(false);
  });
});

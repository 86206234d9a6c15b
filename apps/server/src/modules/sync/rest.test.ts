import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openTestApp, signUp } from '../../test/harness';
import { client, COLLECTIONS, samples } from './test-utils';

const { app, ctx } = await openTestApp();

describe.each(COLLECTIONS)('REST /api/%s', (collection) => {
  it('creates, reads, lists, updates and deletes', async () => {
    const c = client(app, await signUp(app, { country: 'United States' }));
    const created = await c.post(`/${collection}`, samples[collection](1));
    expect(created.status).toBe(201);
    const rec = created.body;
    expect(rec.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(rec.version).toBeGreaterThan(0);
    expect(rec).toMatchObject({ history_count: 0, conflict: false });
    expect(new Date(rec.created_at).getTime()).toBeGreaterThan(0);
    expect((await c.get(`/${collection}/${rec.id}`)).body).toEqual(rec);

    const list = await c.get(`/${collection}`);
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ records: [rec], next_cursor: null });

    const field = collection === 'notes' ? 'body' : collection === 'expenses' ? 'vendor' : 'name';
    const patched = await c.patch(`/${collection}/${rec.id}`, { [field]: 'Changed text' });
    expect(patched.status).toBe(200);
    expect(patched.body[field]).toBe('Changed text');
    expect(patched.body.version).toBeGreaterThan(rec.version);

    const del = await c.del(`/${collection}/${rec.id}`);
    expect(del.status).toBe(200);
    expect(del.body).toMatchObject({ id: rec.id, deleted: true });
    expect((await c.get(`/${collection}/${rec.id}`)).status).toBe(404);
    expect((await c.patch(`/${collection}/${rec.id}`, { [field]: 'x' })).status).toBe(404);
    expect((await c.del(`/${collection}/${rec.id}`)).status).toBe(404);
    expect((await c.get(`/${collection}`)).body.records).toEqual([]);
    expect(ctx.registry.counters[collection]).toBeTypeOf('function');
  });

  it('creates idempotently with a client id', async () => {
    const c = client(app, await signUp(app, { country: 'United States' }));
    const id = randomUUID();
    const first = await c.post(`/${collection}`, { ...samples[collection](1), id });
    expect(first.status).toBe(201);
    expect(first.body.id).toBe(id);
    const again = await c.post(`/${collection}`, { ...samples[collection](1), id });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const changed = await c.post(`/${collection}`, { ...samples[collection](2), id });
    expect(changed.status).toBe(200);
    expect(changed.body.version).toBeGreaterThan(first.body.version);
    expect((await c.get(`/${collection}`)).body.records).toHaveLength(1);
  });

  it('pages with an opaque cursor and searches case-insensitively', async () => {
    const c = client(app, await signUp(app, { country: 'United States' }));
    for (let i = 1; i <= 7; i++) expect((await c.post(`/${collection}`, samples[collection](i))).status).toBe(201);
    const ids: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: { body: { records: Array<{ id: string }>; next_cursor: string | null } } = await c.get(
        `/${collection}?limit=3${cursor ? `&cursor=${cursor}` : ''}`,
      );
      ids.push(...page.body.records.map((r) => r.id));
      cursor = page.body.next_cursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(new Set(ids).size).toBe(7);
    const term =
      collection === 'notes'
        ? 'NUMBER 3'
        : collection === 'expenses'
          ? 'vendor 3'
          : collection === 'contacts'
            ? 'CLIENT 3'
            : collection === 'catalogs'
              ? 'item 3'
              : 'FEE 3';
    const found = await c.get(`/${collection}?q=${encodeURIComponent(term)}`);
    expect(found.body.records).toHaveLength(1);
    expect((await c.get(`/${collection}?q=${encodeURIComponent('%')}`)).body.records).toHaveLength(0);
    expect((await c.get(`/${collection}?limit=501`)).status).toBe(400);
    expect((await c.get(`/${collection}?cursor=garbage`)).status).toBe(400);
  });

  it("answers 404 for another user's record and never lists it", async () => {
    const a = client(app, await signUp(app, { country: 'United States' }));
    const b = client(app, await signUp(app, { country: 'United States' }));
    const rec = (await a.post(`/${collection}`, samples[collection](1))).body;
    expect((await b.get(`/${collection}/${rec.id}`)).status).toBe(404);
    expect((await b.patch(`/${collection}/${rec.id}`, {})).status).toBe(404);
    expect((await b.del(`/${collection}/${rec.id}`)).status).toBe(404);
    // Its id is used (t19 A2: the same 409 as any used id, never a 404 that tells it exists elsewhere).
    expect((await b.post(`/${collection}`, { ...samples[collection](2), id: rec.id })).status).toBe(409);
    expect((await b.get(`/${collection}`)).body.records).toEqual([]);
    expect((await a.get(`/${collection}/${rec.id}`)).body).toEqual(rec);
  });

  it('refuses bad input with 400 and needs a token', async () => {
    const c = client(app, await signUp(app, { country: 'United States' }));
    expect((await c.get(`/${collection}/not-a-uuid`)).status).toBe(400);
    expect((await c.post(`/${collection}`, { ...samples[collection](1), id: 'nope' })).status).toBe(400);
    expect((await c.post(`/${collection}`, {})).status).toBe(400);
    expect((await app.inject({ method: 'GET', url: `/api/${collection}` })).statusCode).toBe(401);
  });
});

import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import { openTestApp, signUp } from '../../test/harness';
import { client, remove, upsert } from '../sync/test-utils';

const { app, ctx } = await openTestApp();

describe('contacts', () => {
  it('derives a permalink unique per user from the name, stable across renames', async () => {
    const c = client(app, await signUp(app));
    const first = (await c.post('/contacts', { name: 'Ade Bello & Sons' })).body;
    expect(first.permalink).toBe('ade-bello-sons');
    const id2 = randomUUID();
    const second = (await c.post('/contacts', { name: 'Adé Bello & Sons', id: id2 })).body;
    expect(second.permalink).toBe(`ade-bello-sons-${id2.replace(/-/g, '').slice(0, 6)}`);
    const renamed = (await c.patch(`/contacts/${first.id}`, { name: 'Ade Bello Ltd' })).body;
    expect(renamed.permalink).toBe('ade-bello-sons');
    // Same names in one batch, and a client-chosen permalink that is taken.
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    const res = await c.push([
      upsert('contacts', ids[0], { name: 'Zed' }),
      upsert('contacts', ids[1], { name: 'Zed' }),
      upsert('contacts', ids[2], { name: 'Yusuf', permalink: 'zed' }),
    ]);
    expect(res.body.results.every((r: { status: string }) => r.status === 'applied')).toBe(true);
    const links = await Promise.all(ids.map(async (id) => (await c.get(`/contacts/${id}`)).body.permalink));
    expect(new Set(links).size).toBe(3);
    expect(links[0]).toBe('zed');
    expect(links[2]).toBe('yusuf');
    // Another user gets the plain slug too.
    const other = client(app, await signUp(app));
    expect((await other.post('/contacts', { name: 'Ade Bello & Sons' })).body.permalink).toBe('ade-bello-sons');
    expect((await c.post('/contacts', { name: 'x', permalink: 'Not Valid!' })).status).toBe(400);
  });

  it('archives and filters archived contacts', async () => {
    const c = client(app, await signUp(app));
    const a = (await c.post('/contacts', { name: 'Active' })).body;
    const b = (await c.post('/contacts', { name: 'Old client' })).body;
    expect((await c.patch(`/contacts/${b.id}`, { archived: true })).body.archived).toBe(true);
    expect((await c.get('/contacts?archived=false')).body.records.map((r: { id: string }) => r.id)).toEqual([a.id]);
    expect((await c.get('/contacts?archived=true')).body.records.map((r: { id: string }) => r.id)).toEqual([b.id]);
    expect((await c.get('/contacts')).body.records).toHaveLength(2);
  });

  it('runs beforeContactDelete hooks: a refusal answers 409 and rejects the sync delete', async () => {
    const c = client(app, await signUp(app));
    const kept = (await c.post('/contacts', { name: 'Has invoices' })).body;
    const free = (await c.post('/contacts', { name: 'No invoices' })).body;
    const hook = async (_db: unknown, _userId: string, contactId: string) => {
      if (contactId === kept.id) throw new AppError('conflict', 'This client has invoices. Archive the client instead.');
    };
    ctx.registry.beforeContactDelete.push(hook);
    try {
      const res = await c.del(`/contacts/${kept.id}`);
      expect(res.status).toBe(409);
      expect(res.body.error.message).toBe('This client has invoices. Archive the client instead.');
      const pushed = await c.push([remove('contacts', kept.id), remove('contacts', free.id)]);
      expect(pushed.body.results.map((r: { status: string }) => r.status)).toEqual(['rejected', 'applied']);
      expect(pushed.body.results[0].error).toMatchObject({ code: 'conflict' });
      expect((await c.get(`/contacts/${kept.id}`)).status).toBe(200);
      expect((await c.get(`/contacts/${free.id}`)).status).toBe(404);
    } finally {
      ctx.registry.beforeContactDelete.splice(ctx.registry.beforeContactDelete.indexOf(hook), 1);
    }
  });

  it('validates fields and counts live contacts for GET /api/state', async () => {
    const u = await signUp(app);
    const c = client(app, u);
    const bad = await c.post('/contacts', { name: '  ', email: 'not-mail' });
    expect(bad.status).toBe(400);
    await c.post('/contacts', { name: 'One' });
    const two = (await c.post('/contacts', { name: 'Two' })).body;
    await c.del(`/contacts/${two.id}`);
    expect(await ctx.registry.counters.contacts(ctx.db, u.userId)).toBe(1);
    const state = await c.get('/state');
    expect(state.body.counts.contacts).toBe(1);
  });
});

import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openTestApp, signUp } from '../../test/harness';
import { client, COLLECTIONS, remove, samples, upsert } from './test-utils';

const { app } = await openTestApp();

describe('sync push and pull', () => {
  it.each(COLLECTIONS)('%s: push creates, updates and deletes; pull reports them in version order', async (collection) => {
    const c = client(app, await signUp(app, { country: 'United States' }));
    const id = randomUUID();
    const id2 = randomUUID();
    const push = await c.push([upsert(collection, id, samples[collection](1)), upsert(collection, id2, samples[collection](2))]);
    expect(push.status).toBe(200);
    expect(push.body.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied']);
    const [v1, v2] = push.body.results.map((r: { version: number }) => r.version);
    expect(v2).toBe(v1 + 1);

    const first = await c.pull(collection, 0);
    expect(first.status).toBe(200);
    expect(first.body.records.map((r: { id: string }) => r.id)).toEqual([id, id2]);
    expect(first.body.deleted).toEqual([]);
    expect(first.body.has_more).toBe(false);
    const cursor = first.body.version;
    expect(cursor).toBeGreaterThanOrEqual(v2);

    const del = await c.push([remove(collection, id2)]);
    expect(del.body.results[0]).toMatchObject({ status: 'applied' });
    const second = await c.pull(collection, cursor);
    expect(second.body.records).toEqual([]);
    expect(second.body.deleted).toEqual([id2]);
    expect((await c.get(`/${collection}/${id2}`)).status).toBe(404);
    expect((await c.get(`/${collection}/${id}`)).status).toBe(200);
  });

  it('an applied upsert answers its stored record; a pull leaves out the versions asked (issue 22: imports are not downloaded back)', async () => {
    const c = client(app, await signUp(app));
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    const push = await c.push(ids.map((id, i) => upsert('contacts', id, { name: `Client ${i}`, phone: '0803 123 0801' })));
    const results = push.body.results as Array<{ version: number; record: Record<string, unknown> }>;
    const full = await c.pull('contacts', 0);
    // Each answer carries what a pull brings (the phone as stored, in E.164; the server's timestamps).
    expect(results.map((r) => r.record)).toEqual(full.body.records);
    expect(results[0]!.record).toMatchObject({ id: ids[0], phone: '+2348031230801', version: results[0]!.version });
    const [a, b] = [results[0]!.version, results[2]!.version];
    const left = await c.get(`/sync/pull?collection=contacts&since=0&except=${a}-${b}`);
    expect(left.body).toMatchObject({ records: [], has_more: false, version: full.body.version });
    // Only the versions asked are left out: a record changed since (a new version) comes.
    await c.push([upsert('contacts', ids[1]!, { city: 'Ibadan' })]);
    const after = await c.get(`/sync/pull?collection=contacts&since=0&except=${a}-${b}`);
    expect(after.body.records.map((r: { id: string }) => r.id)).toEqual([ids[1]]);
    // A duplicate (replayed) or a rejected change carries no record; another user's versions are nobody's to leave out.
    expect((await c.push([upsert('contacts', randomUUID(), { name: '' })])).body.results[0].record).toBeUndefined();
    expect((await c.get('/sync/pull?collection=contacts&except=1-2;x')).status).toBe(400);
    const other = client(app, await signUp(app));
    expect((await other.get(`/sync/pull?collection=contacts&since=0&except=${a}-${b}`)).body.records).toEqual([]);
  });

  it('answers duplicate for a replayed mutation and changes nothing', async () => {
    const c = client(app, await signUp(app));
    const id = randomUUID();
    const batch = [upsert('contacts', id, { name: 'Bola' }), upsert('contacts', id, { phone: '+2348031230801' })];
    const once = await c.push(batch);
    expect(once.body.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied']);
    const edit = await c.push([upsert('contacts', id, { phone: '+2348031230999' })]);
    expect(edit.body.results[0].status).toBe('applied');
    const again = await c.push(batch);
    expect(again.body.results).toEqual([
      { mutation_id: batch[0].mutation_id, status: 'duplicate', version: once.body.results[0].version },
      { mutation_id: batch[1].mutation_id, status: 'duplicate', version: once.body.results[1].version },
    ]);
    const rec = await c.get(`/contacts/${id}`);
    expect(rec.body.phone).toBe('+2348031230999');
    expect(rec.body.version).toBe(edit.body.results[0].version);
    // The same mutation twice in one batch is applied once.
    const m = upsert('notes', randomUUID(), { body: 'once' });
    const twice = await c.push([m, m]);
    expect(twice.body.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'duplicate']);
  });

  it('a rejected mutation does not stop the others of its batch', async () => {
    const c = client(app, await signUp(app));
    const good = randomUUID();
    const res = await c.push([
      upsert('expenses', randomUUID(), { ...samples.expenses(), amount: -5 }),
      upsert('contacts', good, { name: 'Good one' }),
      upsert('notes', randomUUID(), { body: 'x', contact_id: randomUUID() }),
      upsert('contacts', randomUUID(), { email: 'no-name@example.com' }),
      upsert('expenses', randomUUID(), { ...samples.expenses(), date: '2026-02-30' }),
    ]);
    expect(res.status).toBe(200);
    const r = res.body.results;
    expect(r.map((x: { status: string }) => x.status)).toEqual(['rejected', 'applied', 'rejected', 'rejected', 'rejected']);
    expect(r[0].error.fields.amount).toBeTruthy();
    expect(r[2].error.fields.contact_id).toBeTruthy();
    expect(r[3].error.fields.name).toBeTruthy();
    expect(r[4].error.fields.date).toBeTruthy();
    expect((await c.get(`/contacts/${good}`)).body.name).toBe('Good one');
    // A rejected mutation is not remembered: once fixed data arrives under the same id it applies.
    const fixed = { ...upsert('contacts', randomUUID(), { name: 'Later' }), mutation_id: r[3].mutation_id };
    expect((await c.push([fixed])).body.results[0].status).toBe('applied');
  });

  it('accepts a note and an expense for a contact created earlier in the same batch', async () => {
    const c = client(app, await signUp(app));
    const contact = randomUUID();
    const res = await c.push([
      upsert('contacts', contact, { name: 'Chika' }),
      upsert('notes', randomUUID(), { body: 'Met at the market', contact_id: contact }),
      upsert('expenses', randomUUID(), { ...samples.expenses(), contact_id: contact }),
    ]);
    expect(res.body.results.map((x: { status: string }) => x.status)).toEqual(['applied', 'applied', 'applied']);
  });

  it('pages pulls without skipping or repeating a change', async () => {
    const c = client(app, await signUp(app));
    const ids = Array.from({ length: 23 }, () => randomUUID());
    await c.push(ids.map((id, i) => upsert('catalogs', id, samples.catalogs(i + 1))));
    await c.push([upsert('catalogs', ids[3], { name: 'Renamed' }), remove('catalogs', ids[5])]);
    const seen: string[] = [];
    const deleted: string[] = [];
    let since = 0;
    let pages = 0;
    for (;;) {
      const page = await c.pull('catalogs', since, 5);
      pages += 1;
      seen.push(...page.body.records.map((r: { id: string }) => r.id));
      deleted.push(...page.body.deleted);
      since = page.body.version;
      if (!page.body.has_more) break;
    }
    expect(pages).toBe(5);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toHaveLength(22);
    expect(deleted).toEqual([ids[5]]);
    expect(seen[seen.length - 1]).toBe(ids[3]);
    expect((await c.pull('catalogs', since)).body).toMatchObject({ records: [], deleted: [], has_more: false, version: since });
  });

  it('never skips a change for a device pulling while others push concurrently', async () => {
    const c = client(app, await signUp(app));
    const all: string[] = [];
    const pushes = Array.from({ length: 8 }, async (_, p) => {
      for (let round = 0; round < 3; round++) {
        const ids = Array.from({ length: 10 }, () => randomUUID());
        all.push(...ids);
        const res = await c.push(ids.map((id, i) => upsert('contacts', id, { name: `P${p} R${round} #${i}` })));
        expect(res.status).toBe(200);
      }
    });
    const seen = new Set<string>();
    let since = 0;
    let done = false;
    const puller = (async () => {
      while (!done) {
        const page = await c.pull('contacts', since, 7);
        for (const r of page.body.records) seen.add(r.id);
        since = page.body.version;
        // Yield to the event loop as a real network round trip does (app.inject alone may never yield).
        await new Promise((r) => setTimeout(r, 1));
      }
    })();
    await Promise.all(pushes);
    done = true;
    await puller;
    for (;;) {
      const page = await c.pull('contacts', since, 50);
      for (const r of page.body.records) seen.add(r.id);
      since = page.body.version;
      if (!page.body.has_more) break;
    }
    expect(all).toHaveLength(240);
    expect(seen.size).toBe(240);
  });

  it('refuses bad input with 400', async () => {
    const c = client(app, await signUp(app));
    const unknown = await c.push([upsert('widgets', randomUUID(), {})]);
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toMatch(/contacts.*expenses.*fees.*notes/);
    expect((await c.pull('widgets')).status).toBe(400);
    const badId = await c.push([{ ...upsert('contacts', 'not-a-uuid', { name: 'x' }) }]);
    expect(badId.status).toBe(400);
    expect(badId.body.error.fields).toBeTruthy();
    const badMid = await c.push([{ ...upsert('contacts', randomUUID(), { name: 'x' }), mutation_id: '123' }]);
    expect(badMid.status).toBe(400);
    const badOp = await c.push([{ ...upsert('contacts', randomUUID(), { name: 'x' }), op: 'merge' }]);
    expect(badOp.status).toBe(400);
    const tooMany = await c.push(Array.from({ length: 501 }, (_, i) => upsert('contacts', randomUUID(), { name: `n${i}` })));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.code).toBe('validation_failed');
    expect((await c.pull('contacts')).body.records).toEqual([]);
    expect((await c.get('/sync/pull?collection=contacts&limit=501')).status).toBe(400);
    expect((await c.get('/sync/pull?collection=contacts&since=-1')).status).toBe(400);
    expect((await c.post('/sync/push', { nope: [] })).status).toBe(400);
    const fivehundred = await c.push(Array.from({ length: 500 }, (_, i) => upsert('contacts', randomUUID(), { name: `n${i}` })));
    expect(fivehundred.status).toBe(200);
    expect(fivehundred.body.results.every((r: { status: string }) => r.status === 'applied')).toBe(true);
  });

  it('keeps sync per user: no pulls, pushes or history across accounts', async () => {
    const a = client(app, await signUp(app));
    const b = client(app, await signUp(app));
    for (const collection of COLLECTIONS) {
      const id = randomUUID();
      expect((await a.push([upsert(collection, id, samples[collection]())])).body.results[0].status).toBe('applied');
      expect((await b.pull(collection)).body.records.find((r: { id: string }) => r.id === id)).toBeUndefined();
      const steal = await b.push([upsert(collection, id, samples[collection](9)), remove(collection, id)]);
      // Written: refused as any used id is (t19 A2: not "not found"); deleted: absent here, as an unknown id is.
      expect(steal.body.results.map((r: { status: string }) => r.status)).toEqual(['rejected', 'applied']);
      expect(steal.body.results[0].error.code).toBe('conflict');
      expect(steal.body.results[1].version).toBeUndefined();
      const unknown = await b.push([upsert(collection, randomUUID(), samples[collection](9)), remove(collection, randomUUID())]);
      expect(unknown.body.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied']);
      expect((await b.get(`/sync/history?collection=${collection}&id=${id}`)).status).toBe(404);
      const mine = await a.get(`/${collection}/${id}`);
      expect(mine.status).toBe(200);
      expect(mine.body.version).toBe((await a.pull(collection)).body.records.find((r: { id: string }) => r.id === id).version);
    }
    // Another user's contact cannot be referenced.
    const theirs = randomUUID();
    await a.push([upsert('contacts', theirs, { name: 'Private' })]);
    const ref = await b.push([
      upsert('notes', randomUUID(), { body: 'hi', contact_id: theirs }),
      upsert('expenses', randomUUID(), { ...samples.expenses(), contact_id: theirs }),
    ]);
    expect(ref.body.results.map((r: { status: string }) => r.status)).toEqual(['rejected', 'rejected']);
    // Mutation ids are per user: b reusing a's mutation id is not a duplicate of a's.
    const m = upsert('fees', randomUUID(), samples.fees());
    await a.push([m]);
    expect((await b.push([{ ...m, id: randomUUID() }])).body.results[0].status).toBe('applied');
  });

  it('needs a token', async () => {
    expect((await app.inject({ method: 'POST', url: '/api/sync/push', payload: { mutations: [] } })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/sync/pull?collection=contacts' })).statusCode).toBe(401);
  });
});

describe('conflicts', () => {
  it('last write by server order wins and the overwritten fields go to history', async () => {
    const c = client(app, await signUp(app));
    const id = randomUUID();
    const created = await c.push([upsert('contacts', id, { name: 'Emeka', phone: '+2348031230001', city: 'Lagos' })]);
    const base = created.body.results[0].version;
    // Device A edits from base; then device B, still at base, edits the same fields.
    const a = await c.push([upsert('contacts', id, { phone: '+2348031230002', city: 'Abuja' }, { base_version: base, device: 'Phone A' })]);
    expect((await c.get(`/contacts/${id}`)).body).toMatchObject({ conflict: false, history_count: 0 });
    const b = await c.push([upsert('contacts', id, { phone: '+2348031230003' }, { base_version: base, device: 'Laptop B' })]);
    expect(b.body.results[0].status).toBe('applied');
    const rec = (await c.get(`/contacts/${id}`)).body;
    expect(rec).toMatchObject({ phone: '+2348031230003', city: 'Abuja', conflict: true, history_count: 1 });
    const pulled = (await c.pull('contacts')).body.records[0];
    expect(pulled).toMatchObject({ id, conflict: true, history_count: 1 });
    const hist = await c.get(`/sync/history?collection=contacts&id=${id}`);
    expect(hist.status).toBe(200);
    expect(hist.body).toEqual([
      {
        version: a.body.results[0].version,
        replaced_by_version: b.body.results[0].version,
        data: { phone: '+2348031230002' },
        replaced_at: expect.any(String),
        device: 'Phone A',
      },
    ]);
    // An edit from the current version is not a conflict.
    await c.push([upsert('contacts', id, { city: 'Kano' }, { base_version: b.body.results[0].version })]);
    expect((await c.get(`/contacts/${id}`)).body.history_count).toBe(1);
    // A delete based on an old version keeps the whole record in history.
    await c.push([remove('contacts', id, { base_version: base })]);
    const after = await c.get(`/sync/history?collection=contacts&id=${id}`);
    expect(after.body).toHaveLength(2);
    expect(after.body[0].data).toMatchObject({ name: 'Emeka', phone: '+2348031230003', city: 'Kano' });
    expect((await c.get('/sync/history?collection=contacts&id=nope')).status).toBe(400);
  });
});

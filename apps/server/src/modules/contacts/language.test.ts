import { randomUUID } from 'node:crypto';
import { CUSTOMER_LANGUAGE_INVALID } from '@duka/core';
import { describe, expect, it } from 'vitest';
import { openTestApp, signUp } from '../../test/harness';
import { client, upsert } from '../sync/test-utils';

const { app } = await openTestApp();

describe("a client's language (issue 19)", () => {
  it('is null (the owner’s) by default, set and cleared through the API and sync', async () => {
    const c = client(app, await signUp(app));
    const made = (await c.post('/contacts', { name: 'Amina' })).body;
    expect(made.language).toBeNull();
    expect((await c.patch(`/contacts/${made.id}`, { language: 'fr' })).body.language).toBe('fr');
    const id = randomUUID();
    const pushed = await c.push([upsert('contacts', id, { name: 'Baraka', language: 'sw' })]);
    expect(pushed.body.results[0].status).toBe('applied');
    const pulled = (await c.pull('contacts')).body;
    const byId = new Map(pulled.records.map((r: { id: string; language: string | null }) => [r.id, r.language]));
    expect(byId.get(made.id)).toBe('fr');
    expect(byId.get(id)).toBe('sw');
    expect((await c.patch(`/contacts/${made.id}`, { language: null })).body.language).toBeNull();
  });

  it('refuses a language the app does not speak, with a message a person can act on', async () => {
    const c = client(app, await signUp(app));
    const bad = await c.post('/contacts', { name: 'Jean', language: 'de' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain(CUSTOMER_LANGUAGE_INVALID);
    const made = (await c.post('/contacts', { name: 'Jean', language: 'fr' })).body;
    expect((await c.patch(`/contacts/${made.id}`, { language: 'French' })).status).toBe(400);
    const pushed = await c.push([upsert('contacts', made.id, { name: 'Jean', language: 'xx' }, { base_version: made.version })]);
    expect(pushed.body.results[0].status).toBe('rejected');
    expect(JSON.stringify(pushed.body.results[0].error)).toContain(CUSTOMER_LANGUAGE_INVALID);
    expect((await c.get(`/contacts/${made.id}`)).body.language).toBe('fr');
  });

  it("one owner can neither read nor change another owner's client language", async () => {
    const a = client(app, await signUp(app));
    const b = client(app, await signUp(app));
    const mine = (await a.post('/contacts', { name: 'Wanjiru', language: 'sw' })).body;
    expect((await b.get(`/contacts/${mine.id}`)).status).toBe(404);
    expect((await b.patch(`/contacts/${mine.id}`, { language: 'fr' })).status).toBe(404);
    const pushed = await b.push([upsert('contacts', mine.id, { name: 'Wanjiru', language: 'fr' })]);
    expect(pushed.body.results[0].status).not.toBe('applied');
    expect((await b.pull('contacts')).body.records).toHaveLength(0);
    expect((await a.get(`/contacts/${mine.id}`)).body.language).toBe('sw');
  });
});

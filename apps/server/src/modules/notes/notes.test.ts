import { describe, expect, it } from 'vitest';
import { openTestApp, signUp } from '../../test/harness';
import { client } from '../sync/test-utils';

const { app } = await openTestApp();

describe('notes', () => {
  it('belong to a contact of the user, filter by contact_id and keep pinned', async () => {
    const c = client(app, await signUp(app));
    const ada = (await c.post('/contacts', { name: 'Ada' })).body;
    const obi = (await c.post('/contacts', { name: 'Obi' })).body;
    const n1 = await c.post('/notes', { contact_id: ada.id, body: '# Call back\nAbout the **order**', pinned: true });
    expect(n1.status).toBe(201);
    expect(n1.body).toMatchObject({ contact_id: ada.id, pinned: true });
    await c.post('/notes', { contact_id: obi.id, body: 'Prefers mobile money' });
    await c.post('/notes', { body: 'A general note' });
    const forAda = await c.get(`/notes?contact_id=${ada.id}`);
    expect(forAda.body.records.map((n: { body: string }) => n.body)).toEqual(['# Call back\nAbout the **order**']);
    expect((await c.get('/notes?q=MOBILE')).body.records).toHaveLength(1);
    expect((await c.post('/notes', { body: '   ' })).status).toBe(400);
    const stranger = client(app, await signUp(app));
    const theirs = await stranger.post('/notes', { contact_id: ada.id, body: 'hi' });
    expect(theirs.status).toBe(422);
    expect(theirs.body.error.fields.contact_id).toBeTruthy();
  });
});

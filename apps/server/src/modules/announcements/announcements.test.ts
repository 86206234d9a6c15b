import { beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../cli/admin';
import { openTestApp, type SignedUp, signUp, type TestApp } from '../../test/harness';
import { client } from '../sync/test-utils';

const past = () => new Date(Date.now() - 60_000).toISOString();
const future = () => new Date(Date.now() + 86_400_000).toISOString();

describe('announcements', () => {
  let t: TestApp;
  let admin: SignedUp;
  let user: SignedUp;
  let ghanaian: SignedUp;
  beforeAll(async () => {
    t = await openTestApp();
    admin = await signUp(t.app);
    expect((await runAdminCommand(t.ctx.db, ['grant', admin.username], 'cli:test')).code).toBe(0);
    user = await signUp(t.app);
    ghanaian = await signUp(t.app, { country: 'Ghana' });
  });

  it('says in a sentence what a request without its body lacks (issue 22)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/announcements', headers: admin.auth });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('This request needs a JSON body: send an object ({…})');
    const typed = await client(t.app, admin).post('/admin/announcements', { title: 5, body: 'x' });
    expect(typed.status).toBe(400);
    expect(typed.body.error.message).toBe('title: Must be text, not a number');
  });

  it('only admins manage them: others get 403 and can_manage false', async () => {
    const api = client(t.app, user);
    expect((await api.get('/admin/announcements')).status).toBe(403);
    const refused = await api.post('/admin/announcements', { title: 'Hi', body: 'x' });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe('Only Duka administrators can manage announcements');
    expect((await api.get('/announcements')).body.can_manage).toBe(false);
    expect((await client(t.app, admin).get('/announcements')).body.can_manage).toBe(true);
  });

  it('admins create, edit, publish, schedule and delete; users see published ones newest first, by country, with read flags', async () => {
    const boss = client(t.app, admin);
    const draft = await boss.post('/admin/announcements', { title: 'Draft', body: 'Not yet' });
    expect(draft.status).toBe(201);
    expect(draft.body.published_at).toBeNull();
    const older = await boss.post('/admin/announcements', {
      title: 'Older news',
      body: 'Hello **all**',
      published_at: new Date(Date.now() - 3_600_000).toISOString(),
    });
    const ghana = await boss.post('/admin/announcements', { title: 'Ghana only', body: 'Cedi invoices', countries: ['Ghana'], published_at: past() });
    const later = await boss.post('/admin/announcements', { title: 'Scheduled', body: 'Tomorrow', published_at: future() });
    expect([older.status, ghana.status, later.status]).toEqual([201, 201, 201]);
    expect((await boss.get('/admin/announcements')).body.announcements).toHaveLength(4);

    const mine = await client(t.app, user).get('/announcements');
    expect(mine.body.announcements.map((a: { title: string }) => a.title)).toEqual(['Older news']);
    expect(mine.body.unread).toBe(1);
    const theirs = await client(t.app, ghanaian).get('/announcements');
    expect(theirs.body.announcements.map((a: { title: string }) => a.title)).toEqual(['Ghana only', 'Older news']);

    // Publishing the draft (edit) puts it first; deleting the scheduled one removes it.
    const published = await boss.patch(`/admin/announcements/${draft.body.id}`, {
      title: 'Now live',
      body: 'Fresh',
      link: 'https://duka.africa/new',
      published_at: past(),
    });
    expect(published.status).toBe(200);
    expect(published.body.link).toBe('https://duka.africa/new');
    expect((await boss.del(`/admin/announcements/${later.body.id}`)).status).toBe(204);
    expect((await boss.del(`/admin/announcements/${later.body.id}`)).status).toBe(404);

    const api = client(t.app, user);
    const list = await api.get('/announcements?per_page=1');
    expect(list.body.announcements.map((a: { title: string }) => a.title)).toEqual(['Now live']);
    expect(list.body.total).toBe(2);
    expect(list.body.unread).toBe(2);
    expect((await api.post(`/announcements/${published.body.id}/read`, {})).status).toBe(200);
    // A body-less POST just works (issue 22): no body at all, and a JSON content type with an empty body.
    const url = `/api/announcements/${published.body.id}/read`;
    for (const headers of [user.auth, { ...user.auth, 'content-type': 'application/json', 'content-length': '0' }]) {
      const again = await t.app.inject({ method: 'POST', url, headers });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toEqual({ read: true });
    }
    const page2 = await api.get('/announcements?page=2&per_page=1');
    expect(page2.body.announcements.map((a: { title: string; read: boolean }) => [a.title, a.read])).toEqual([['Older news', false]]);
    const after = await api.get('/announcements');
    expect(after.body.unread).toBe(1);
    expect(after.body.announcements[0].read).toBe(true);
    // Reads are per user.
    expect((await client(t.app, ghanaian).get('/announcements')).body.unread).toBe(3);
    // One cannot read what one cannot see.
    expect((await api.post(`/announcements/${ghana.body.id}/read`, {})).status).toBe(404);
  });

  it('refuses unsafe links and bad input with messages', async () => {
    const boss = client(t.app, admin);
    const bad = await boss.post('/admin/announcements', { title: '', body: 'x', link: 'javascript:alert(1)', image_url: 'data:image/png;base64,xx' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({
      title: 'Give the announcement a title',
      link: 'Use a web address that starts with https://',
      image_url: 'Use a web address that starts with https://',
    });
    expect((await boss.patch('/admin/announcements/00000000-0000-4000-8000-000000000000', { title: 'x', body: 'y' })).status).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/announcements' })).statusCode).toBe(401);
  });

  it('one text per language: a user reads theirs, else English (issue 23)', async () => {
    const boss = client(t.app, admin);
    const made = await boss.post('/admin/announcements', {
      title: 'New: CFA francs',
      body: 'Invoice in **XAF**',
      countries: ['Cameroon'],
      published_at: past(),
      translations: { fr: { title: 'Nouveau : francs CFA', body: 'Facturez en **XAF**' }, sw: { title: '', body: '' } },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    // An empty language is not kept: it shows English.
    expect(made.body.translations).toEqual({ fr: { title: 'Nouveau : francs CFA', body: 'Facturez en **XAF**' } });
    const read = async (language: string) => {
      const u = await signUp(t.app, { country: 'Cameroon', language });
      const list = (await client(t.app, u).get('/announcements')).body.announcements as Array<{ id: string; title: string; body: string }>;
      return list.filter((a) => a.id === made.body.id).map((a) => [a.title, a.body]);
    };
    expect(await read('fr')).toEqual([['Nouveau : francs CFA', 'Facturez en **XAF**']]);
    expect(await read('sw')).toEqual([['New: CFA francs', 'Invoice in **XAF**']]);
    expect(await read('en')).toEqual([['New: CFA francs', 'Invoice in **XAF**']]);
    // The admin list keeps every language for the editor.
    const all = (await boss.get('/admin/announcements')).body.announcements.find((a: { id: string }) => a.id === made.body.id);
    expect(all).toMatchObject({ title: 'New: CFA francs', translations: { fr: { title: 'Nouveau : francs CFA' } } });
    // A title without a text is refused with a message.
    const half = await boss.post('/admin/announcements', { title: 'X', body: 'Y', translations: { sw: { title: 'Habari', body: '' } } });
    expect(half.status).toBe(400);
    expect(JSON.stringify(half.body)).toContain('Give this language both a title and a text, or leave both empty');
  });
});

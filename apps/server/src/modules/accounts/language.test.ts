import { randomUUID } from 'node:crypto';
import { loginResponse, stateResponse } from '@duka/core';
import { describe, expect, it } from 'vitest';
import { openTestApp, signUp, type SignedUp } from '../../test/harness';

const { app } = await openTestApp();

const state = async (u: SignedUp) => (await app.inject({ method: 'GET', url: '/api/state', headers: u.auth })).json();
const patch = (u: SignedUp, user: Record<string, unknown>) =>
  app.inject({ method: 'PATCH', url: `/api/users/${u.username}`, headers: u.auth, payload: { user } });

describe("the user's language (issue 19)", () => {
  it('is kept from registration and returned on login, /state and PATCH', async () => {
    const u = await signUp(app, { language: 'sw' });
    const s = await state(u);
    expect(s.user.language).toBe('sw');
    expect(stateResponse.strict().safeParse(s).error).toBeUndefined();
    const login = await app.inject({ method: 'POST', url: '/api/user_token', payload: { auth: { email: u.username, password: u.password } } });
    expect(login.statusCode).toBe(200);
    expect(loginResponse.parse(login.json()).user.language).toBe('sw');
    const changed = await patch(u, { language: 'fr' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().language).toBe('fr');
    expect((await state(u)).user.language).toBe('fr');
  });

  it("defaults to the country's language when registration names none, else English", async () => {
    expect((await state(await signUp(app, { country: 'Cameron' }))).user.language).toBe('fr');
    expect((await state(await signUp(app, { country: 'Rwanda' }))).user.language).toBe('fr');
    expect((await state(await signUp(app, { country: 'Kenya' }))).user.language).toBe('sw');
    expect((await state(await signUp(app, { country: 'Tanzania' }))).user.language).toBe('sw');
    expect((await state(await signUp(app, { country: 'Uganda' }))).user.language).toBe('en');
    expect((await state(await signUp(app, { country: 'Ghana' }))).user.language).toBe('en');
    // A language chosen beats the country's.
    expect((await state(await signUp(app, { country: 'Kenya', language: 'en' }))).user.language).toBe('en');
  });

  it('refuses a language it does not speak with a 400 that says which ones it does', async () => {
    const suffix = randomUUID().slice(0, 8);
    const reg = await app.inject({
      method: 'POST',
      url: '/api/users',
      payload: {
        user: {
          name: 'Ada',
          username: `ada_${suffix}`,
          email: `ada.${suffix}@example.com`,
          password: 'correct horse battery',
          country: 'Nigeria',
          language: 'de',
        },
      },
    });
    expect(reg.statusCode).toBe(400);
    expect(reg.json().error.message).toMatch(/'en' \(English\), 'fr' \(Français\) or 'sw' \(Kiswahili\)/);
    const u = await signUp(app);
    for (const language of ['FR', '', 'english', 42, null]) {
      const res = await patch(u, { language });
      expect(res.statusCode, JSON.stringify(language)).toBe(400);
      expect(res.json().error.message).toMatch(/Language must be/);
    }
    expect((await state(u)).user.language).toBe('en');
  });

  it("one user never changes another's language", async () => {
    const a = await signUp(app, { language: 'fr' });
    const b = await signUp(app, { language: 'sw' });
    const res = await app.inject({ method: 'PATCH', url: `/api/users/${b.username}`, headers: a.auth, payload: { user: { language: 'en' } } });
    expect(res.statusCode).toBe(404);
    expect((await state(b)).user.language).toBe('sw');
    expect((await state(a)).user.language).toBe('fr');
  });
});

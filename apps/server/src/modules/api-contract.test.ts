import { API_ROUTES, splitRouteKey } from '@duka/core';
import { describe, expect, it } from 'vitest';
import { openTestApp } from '../test/harness';

/** The web's typed client is derived from core's route map: every entry must be a route this server answers. */
describe('core route map against the server', async () => {
  const { app } = await openTestApp();

  it('registers every route of the map under /api, with the same method and path', () => {
    const missing = Object.keys(API_ROUTES).filter((key) => {
      const { method, path } = splitRouteKey(key);
      return !app.hasRoute({ method, url: `/api${path}` });
    });
    expect(missing).toEqual([]);
  });

  it('finds a missing route missing (the check can fail)', () => {
    expect(app.hasRoute({ method: 'GET', url: '/api/ai-writer/credit' })).toBe(false);
    expect(app.hasRoute({ method: 'DELETE', url: '/api/ai-writter/credit' })).toBe(false);
  });

  it('answers a map request the map says is bad with a 400 and the same message', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/user_token', payload: { auth: { email: '' } } });
    expect(res.statusCode).toBe(400);
    const parsed = API_ROUTES['POST /user_token'].body.safeParse({ auth: { email: '' } });
    expect(parsed.success).toBe(false);
    expect(res.json().error.message).toBeTruthy();
  });
});

import { describe, expect, it } from 'vitest';
import { openTestApp, signUp } from '../test/harness';

/**
 * Every call of SPEC §7, spelled exactly as the SPEC writes it, answers under /api with and without a trailing
 * slash (issue 23 item 7: GET /subscriptions/ answered 404). {placeholders} take sample values; the check is
 * that the server has the route (anything but the API's "No API route" 404).
 */
const SPEC_CALLS = [
  'GET /state',
  'GET /ai-writter/credit',
  'GET /ai-writter/history',
  'GET /ai-writter/favorites',
  'PATCH /ai-writter/{id}',
  'POST /ai-writter/generate',
  'POST /users?ref={ref}',
  'PATCH /users/{username}',
  'POST /user_token',
  'POST /users/change-password',
  'POST /users/iforgot',
  'DELETE /users/delete',
  'GET /subscriptions/',
  'POST /subscriptions/cancel-plan',
  'POST /subscriptions/change-plan',
  'POST /transactions',
  'POST /transactions/portal-init',
  'POST /portal',
  'GET /{card provider}/client-secrete/{id}',
] as const;

const SAMPLES: Record<string, string> = {
  '{id}': '00000000-0000-4000-8000-000000000000',
  '{ref}': 'friend1',
  '{card provider}': 'test-pay',
};

function withSamples(path: string, username: string): string {
  return path.replace(/\{[^}]+\}/g, (p) => (p === '{username}' ? username : (SAMPLES[p] ?? p)));
}

/** The path as written and the other spelling (slash added or removed), with any query kept. */
function spellings(path: string): string[] {
  const [p, q] = path.split('?');
  const other = p.endsWith('/') ? p.slice(0, -1) : `${p}/`;
  return [p, other].map((s) => (q ? `${s}?${q}` : s));
}

const { app } = await openTestApp();

describe('SPEC §7 paths as written (issue 23 item 7)', async () => {
  const user = await signUp(app);

  for (const call of SPEC_CALLS) {
    it(call, async () => {
      // Its own user: DELETE /users/delete deletes the one it is given.
      const user = await signUp(app);
      const method = call.slice(0, call.indexOf(' ')) as 'GET' | 'POST' | 'PATCH' | 'DELETE';
      const path = call.slice(call.indexOf(' ') + 1);
      for (const url of spellings(withSamples(path, user.username))) {
        // Bodies are left empty: a route that exists answers 400/401/…; one that does not answers the router's 404.
        const res = await app.inject({
          method,
          url: `/api${url}`,
          headers: { ...user.auth, 'content-type': 'application/json' },
          payload: method === 'GET' ? undefined : '{}',
        });
        const body = res.body;
        expect(res.statusCode === 404 && body.includes('No API route'), `${method} /api${url} → ${res.statusCode} ${body.slice(0, 120)}`).toBe(false);
      }
    });
  }

  it('GET /subscriptions/ answers the plan with and without the slash', async () => {
    const a = await app.inject({ method: 'GET', url: '/api/subscriptions/', headers: user.auth });
    const b = await app.inject({ method: 'GET', url: '/api/subscriptions', headers: user.auth });
    expect(a.statusCode).toBe(200);
    expect(a.json()).toEqual(b.json());
  });

  it('a path the SPEC does not have is still a 404 (the check can fail)', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/subscriptionz/', headers: user.auth });
    expect(res.statusCode).toBe(404);
  });
});

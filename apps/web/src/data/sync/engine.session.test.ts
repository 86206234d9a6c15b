// @vitest-environment node
import '../../test/nodeStorage';
import 'fake-indexeddb/auto';
import { expect, it } from 'vitest';
import { saveRecord } from '../db';
import { SyncEngine } from './engine';
import { d, server, syncEngineFixture } from './engine.fixture';

/** t22 T1, against the real server: a refused token (expired or revoked) while a change waits. */
syncEngineFixture('engine-session', { signedIn: false });

it('says the session ended and keeps the change; with a valid token again the change uploads', async () => {
  const token = await server.signUp();
  // The stored token's signature no longer matches: the server answers 401 as for an expired one.
  localStorage.setItem('token', token.slice(0, -4) + (token.endsWith('AAAA') ? 'BBBB' : 'AAAA'));
  const engine = new SyncEngine({ db: d });
  const id = crypto.randomUUID();
  await saveRecord('contacts', { id, name: 'Expiry Test' } as never, d);
  await engine.sync();
  expect(engine.getState()).toMatchObject({ sessionEnded: true, loggedOut: true, syncing: false });
  expect(await d.queue.count()).toBe(1);

  localStorage.setItem('token', token);
  await engine.sync();
  expect(engine.getState().sessionEnded).toBe(false);
  expect(await d.queue.where('status').equals('pending').count()).toBe(0);
  const got = await server.as<{ name: string }>(token, 'GET', `/contacts/${id}`);
  expect(got.body.name).toBe('Expiry Test');
});

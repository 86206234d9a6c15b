import '../../test/nodeStorage';
import 'fake-indexeddb/auto';
import { type RouteKey, splitRouteKey } from '@duka/core';
import { afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { type RealServer, startRealServer } from '../../test/realServer';
import { COLLECTIONS, createDb, cursorKey, type DukaDb } from '../db';
import { request as api } from '../api';
import { type Request, SyncEngine } from './engine';

/**
 * The sync engine's tests against the real server (test/realServer.ts): one server per test file, and for each test
 * a fresh device database (Dexie on fake-indexeddb), a user of its own signed up through the API with its token
 * stored as the device's, and an engine on that database. The test file calls `syncEngineFixture(name)` once at its top
 * and imports `server`, `d`, `engine` and `token`: live bindings, renewed before each test.
 * Run under `// @vitest-environment node`.
 */

export let server: RealServer;
export let d: DukaDb;
export let engine: SyncEngine;
export let token: string;

/** `signedIn: false`: the test signs up (or not) and makes its engine itself; only the server and the database. */
export function syncEngineFixture(name: string, { signedIn = true }: { signedIn?: boolean } = {}): void {
  let n = 0;
  beforeAll(async () => {
    server = await startRealServer();
  }, 120_000);
  beforeEach(async () => {
    server.reset();
    d = createDb(`${name}-${++n}`);
    await d.open();
    if (!signedIn) return;
    token = await server.signUp();
    localStorage.setItem('token', token);
    engine = new SyncEngine({ db: d });
    server.calls.length = 0; // the sign-up is not the device's
  });
  afterEach(() => d.close());
}

const PUSH = splitRouteKey('POST /sync/push' satisfies RouteKey).path;
const PULL = splitRouteKey('GET /sync/pull' satisfies RouteKey).path;

export type Mutation = { collection: string; op: 'upsert' | 'delete'; id: string; data?: Record<string, unknown> };

/** Another device of the same user writes straight to the server; every change is applied; answers their versions. */
export async function otherDevice(mutations: Mutation[]): Promise<number[]> {
  const res = await server.as<{ results: Array<{ status: string; version: number }> }>(token, 'POST', PUSH, {
    mutations: mutations.map((m) => ({ mutation_id: crypto.randomUUID(), ...m })),
  });
  expect(res.status).toBe(200);
  expect(res.body.results.every((r) => r.status === 'applied')).toBe(true);
  return res.body.results.map((r) => r.version);
}

export const upsert = (collection: string, name: string, id: string = crypto.randomUUID()): Mutation => ({ collection, op: 'upsert', id, data: { name } });
/** The device's sync pulls since the log was last cleared. */
export const pulls = () => server.calls.filter((c) => c.path.startsWith(`${PULL}?`));
export const query = (path: string) => new URL(path, 'http://x').searchParams;
/** Every collection's pull cursor on the device, in COLLECTIONS order. */
export const cursors = async () => (await d.meta.bulkGet(COLLECTIONS.map(cursorKey))).map((m) => Number(m?.value));

/** The device's first sync (one pull per collection), after which it is in the steady state; the log is cleared. */
export async function firstSync() {
  await otherDevice([upsert('contacts', 'Ada')]);
  await engine.sync();
  expect(engine.getState().error).toBeNull();
  expect(pulls().every((c) => query(c.path).has('collection'))).toBe(true);
  server.calls.length = 0;
}

/** A server before the push answer's `pull` (issue 27): the device's requests, with the pull taken out of push answers. */
export const withoutPushPull: Request = async (path, opts) => {
  const answer = await api<{ pull?: unknown }>(path, opts);
  if (path.endsWith(PUSH)) delete answer.pull;
  return answer as never;
};

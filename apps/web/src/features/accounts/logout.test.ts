import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { queryClient } from '../../data/queryClient';
import { getCurrentUser, setCurrentUser, type User } from '../../data/user';
import { KEPT_CHANGES_KEY, logout, unsyncedAfterLastSync } from './logout';

vi.mock('../../data/db', () => ({ clearLocalData: vi.fn(async () => {}) }));
vi.mock('../../data/parked', () => ({ parkUnsynced: vi.fn(async () => 2), dropParked: vi.fn(async () => {}), countUnsynced: vi.fn(async () => 2) }));
vi.mock('../../data/sync/engine', () => ({ syncEngine: { stop: vi.fn(), sync: vi.fn(async () => {}) } }));

beforeEach(() => {
  vi.useFakeTimers();
  vi.clearAllMocks();
  localStorage.clear();
});
afterEach(() => vi.useRealTimers());

it('clears storage, local data and memory, keeps waiting changes for the user, then after 100 ms sets the welcome flag and reloads to /login (SPEC §4)', async () => {
  localStorage.setItem('token', 'jwt');
  localStorage.setItem('ref', 'partner');
  setCurrentUser({ id: 'u1', name: 'Ada', username: 'ada' } as User);
  queryClient.setQueryData(['state'], { credit: 5 });
  const reload = vi.fn();
  const done = logout({ reload });
  await vi.advanceTimersByTimeAsync(0);
  expect(localStorage.getItem('token')).toBeNull();
  expect(localStorage.getItem('ref')).toBeNull();
  expect(getCurrentUser()).toBeNull();
  expect(queryClient.getQueryData(['state'])).toBeUndefined();
  const db = await import('../../data/db');
  const parked = await import('../../data/parked');
  expect(parked.parkUnsynced).toHaveBeenCalledWith('u1');
  expect(db.clearLocalData).toHaveBeenCalledOnce();
  expect(reload).not.toHaveBeenCalled();
  expect(localStorage.getItem('welcome')).toBeNull();
  await vi.advanceTimersByTimeAsync(100);
  await done;
  expect(localStorage.getItem('welcome')).toBe('true');
  expect(localStorage.getItem(KEPT_CHANGES_KEY)).toBeNull();
  expect(reload).toHaveBeenCalledWith('/login');
});

it('after a deleted account the kept changes are dropped, not kept', async () => {
  setCurrentUser({ id: 'u2', name: 'Ada', username: 'ada' } as User);
  const done = logout({ reload: vi.fn(), forget: true });
  await vi.advanceTimersByTimeAsync(200);
  await done;
  const parked = await import('../../data/parked');
  expect(parked.parkUnsynced).not.toHaveBeenCalled();
  expect(parked.dropParked).toHaveBeenCalledWith('u2');
});

it('an expired session tells the login screen how many changes were kept', async () => {
  setCurrentUser({ id: 'u3', name: 'Ada', username: 'ada' } as User);
  const done = logout({ reload: vi.fn(), expired: true });
  await vi.advanceTimersByTimeAsync(200);
  await done;
  expect(localStorage.getItem(KEPT_CHANGES_KEY)).toBe('2');
});

it('tries one last sync before counting what is still waiting', async () => {
  const { syncEngine } = await import('../../data/sync/engine');
  const left = unsyncedAfterLastSync();
  await vi.advanceTimersByTimeAsync(0);
  await expect(left).resolves.toBe(2);
  expect(syncEngine.sync).toHaveBeenCalledOnce();
});

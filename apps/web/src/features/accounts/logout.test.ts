import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { queryClient } from '../../data/queryClient';
import { getCurrentUser, setCurrentUser, type User } from '../../data/user';
import { KEPT_CHANGES_KEY, KEPT_DRAFTS_KEY, logout, unsyncedAfterLastSync } from './logout';

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
  const { readDraft, writeDraft } = await import('../../ui/drafts/store');
  writeDraft('invoice:new', { client: 'Gone' }, 'u2');
  const done = logout({ reload: vi.fn(), forget: true, expired: true });
  await vi.advanceTimersByTimeAsync(200);
  await done;
  const parked = await import('../../data/parked');
  expect(parked.parkUnsynced).not.toHaveBeenCalled();
  expect(parked.dropParked).toHaveBeenCalledWith('u2');
  expect(readDraft('invoice:new', 'u2')).toBeNull();
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

it('an ended session keeps the half-typed forms of that user only, and the login screen is told (t20 E1)', async () => {
  const { readDraft, writeDraft } = await import('../../ui/drafts/store');
  setCurrentUser({ id: 'u4', name: 'Ada', username: 'ada' } as User);
  writeDraft('invoice:new', { client: 'Abebe Kebede', lines: [{ description: 'Draft typed before expiry', quantity: '3' }] });
  writeDraft('expense:new', { amount: '12' }, 'someone-else');
  localStorage.setItem('token', 'jwt');
  const done = logout({ reload: vi.fn(), expired: true });
  await vi.advanceTimersByTimeAsync(200);
  await done;
  expect(localStorage.getItem('token')).toBeNull();
  expect(readDraft('invoice:new', 'u4')?.value).toEqual({ client: 'Abebe Kebede', lines: [{ description: 'Draft typed before expiry', quantity: '3' }] });
  // Another person's draft on this device stays theirs, and this user's is not read as theirs.
  expect(readDraft('expense:new', 'someone-else')?.value).toEqual({ amount: '12' });
  expect(readDraft('invoice:new', 'someone-else')).toBeNull();
  expect(localStorage.getItem(KEPT_DRAFTS_KEY)).toBe('1');
  // The same user logs in again on this device: the form finds its draft.
  setCurrentUser({ id: 'u4', name: 'Ada', username: 'ada' } as User);
  expect(readDraft<{ client: string }>('invoice:new')?.value.client).toBe('Abebe Kebede');
  // Another user logging in here sees none of it.
  setCurrentUser({ id: 'u5', name: 'Bo', username: 'bo' } as User);
  expect(readDraft('invoice:new')).toBeNull();
});

it('a log out asked for (after its warning) clears the half-typed forms', async () => {
  const { readDraft, writeDraft } = await import('../../ui/drafts/store');
  setCurrentUser({ id: 'u6', name: 'Ada', username: 'ada' } as User);
  writeDraft('invoice:new', { client: 'Abebe Kebede' });
  writeDraft('invoice:new', { client: 'Kept for u7' }, 'u7');
  const done = logout({ reload: vi.fn() });
  await vi.advanceTimersByTimeAsync(200);
  await done;
  expect(readDraft('invoice:new', 'u6')).toBeNull();
  // Another user whose session ended earlier on this device keeps theirs.
  expect(readDraft('invoice:new', 'u7')?.value).toEqual({ client: 'Kept for u7' });
  expect(localStorage.getItem(KEPT_DRAFTS_KEY)).toBeNull();
});

it('an ended session asked to log in again comes back to the page it was on (t22 T1)', async () => {
  setCurrentUser({ id: 'u5', name: 'Ada', username: 'ada' } as User);
  const reload = vi.fn();
  const done = logout({ reload, expired: true, next: '/invoices/new?x=1' });
  await vi.advanceTimersByTimeAsync(200);
  await done;
  expect(reload).toHaveBeenCalledWith(`/login?next=${encodeURIComponent('/invoices/new?x=1')}`);
});

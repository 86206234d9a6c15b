import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { queryClient } from '../../app/queryClient';
import { getCurrentUser, setCurrentUser, type User } from '../../data/user';
import { logout } from './logout';

vi.mock('../../data/db', () => ({ clearLocalData: vi.fn(async () => {}) }));

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

it('clears storage, local data and memory, then after 100 ms sets the welcome flag and reloads to /login (SPEC §4)', async () => {
  localStorage.setItem('token', 'jwt');
  localStorage.setItem('ref', 'partner');
  setCurrentUser({ id: '1', name: 'Ada', username: 'ada' } as User);
  queryClient.setQueryData(['state'], { credit: 5 });
  const reload = vi.fn();
  const done = logout(reload);
  await vi.advanceTimersByTimeAsync(0);
  expect(localStorage.getItem('token')).toBeNull();
  expect(localStorage.getItem('ref')).toBeNull();
  expect(getCurrentUser()).toBeNull();
  expect(queryClient.getQueryData(['state'])).toBeUndefined();
  const db = await import('../../data/db');
  expect(db.clearLocalData).toHaveBeenCalledOnce();
  expect(reload).not.toHaveBeenCalled();
  expect(localStorage.getItem('welcome')).toBeNull();
  await vi.advanceTimersByTimeAsync(100);
  await done;
  expect(localStorage.getItem('welcome')).toBe('true');
  expect(reload).toHaveBeenCalledWith('/login');
});

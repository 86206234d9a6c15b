import { afterEach, expect, it, vi } from 'vitest';
import type { User } from './user';
import { getCurrentUser, setCurrentUser, setUserFromServer } from './user';

afterEach(() => {
  vi.useRealTimers();
  setCurrentUser(null);
});

const user = (logoUrl: string | null) => ({ id: 'u1', username: 'ada', company_name: 'Ada Fabrics', logoUrl }) as unknown as User;

it('an account answer asked for before a logo was stored does not undo it; one asked for after does count', () => {
  vi.useFakeTimers({ now: new Date('2026-11-27T04:00:00.000Z') });
  const askedBefore = Date.now();
  vi.advanceTimersByTime(500);
  setCurrentUser(user('/api/files/users/u1/logo.webp'));
  vi.advanceTimersByTime(500);
  expect(setUserFromServer(user(null), askedBefore)).toBe(false);
  expect(getCurrentUser()?.logoUrl).toBe('/api/files/users/u1/logo.webp');
  expect(setUserFromServer(user('/api/files/users/u1/logo2.webp'), Date.now())).toBe(true);
  expect(getCurrentUser()?.logoUrl).toBe('/api/files/users/u1/logo2.webp');
});

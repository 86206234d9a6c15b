import { getCurrentUser, type User } from './user';
import { walkInIdOf } from './walkInId';

/**
 * The walk-in client's id (issue 28): one per business, the same on every device, made by Sell on the first sale
 * without a client. It holds those sales (reports and statements read them) but is no client of the owner's: the
 * client list and its count leave it out (t14).
 */
export function walkInId(user: Pick<User, 'id' | 'username'> | null = getCurrentUser()): string {
  return walkInIdOf(user);
}

/** The contacts without the walk-in client (the same list when it is not there). */
export function withoutWalkIn<T extends { id: string }>(contacts: T[], user: Pick<User, 'id' | 'username'> | null = getCurrentUser()): T[] {
  const id = walkInId(user);
  return contacts.some((c) => c.id === id) ? contacts.filter((c) => c.id !== id) : contacts;
}

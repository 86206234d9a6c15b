import { derivedUuid } from '@duka/core';

/**
 * The walk-in client's id (issue 28) for `user`: one per business, the same on every device (data/walkIn.ts). Apart,
 * with no dependencies beyond core's, so index.html's early script can leave that client out of the first rows it
 * draws (app/firstRows.ts).
 */
export function walkInIdOf(user: { id?: string; username?: string } | null): string {
  return derivedUuid(`walk-in:${user?.id ?? user?.username ?? 'device'}`);
}

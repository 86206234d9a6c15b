import { useSyncExternalStore } from 'react';

/**
 * Log out shows the login screen at once but reloads it only once the device's data is cleared (logout.ts): on a slow
 * phone that can take seconds. Until then the screen takes no typing, or what was typed would go with the reload.
 */
let leaving = false;
const listeners = new Set<() => void>();

export function setLeaving(on: boolean): void {
  if (leaving === on) return;
  leaving = on;
  for (const listener of listeners) listener();
}

export function isLeaving(): boolean {
  return leaving;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True from the start of a log out until the page reloads. */
export function useLeaving(): boolean {
  return useSyncExternalStore(subscribe, isLeaving, isLeaving);
}

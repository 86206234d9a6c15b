import { useEffect, useState } from 'react';
import { api } from '../../data/api';
import { getToken } from '../../data/session';
import { knownPaidPlan, rememberPlan } from './paid';

/** One look-up of the plan per log-in and page load, shared by the header and the menu. */
const asked = new Map<string, Promise<void>>();

/**
 * Whether this user pays, for the header and the menu (Upgrade or My plan). The plan kept on the device answers at
 * once; the server is asked once after logging in, so a paying user on a new device is not asked to upgrade until
 * they happen to open Billing (issue 23, D2).
 */
export function usePaidPlan(userId: string | undefined): boolean {
  const [, setChecked] = useState(0);
  useEffect(() => {
    const token = getToken();
    if (!userId || !token) return;
    const key = `${userId} ${token}`; // a new log-in (log out clears the kept plan) asks again
    let live = true;
    let ask = asked.get(key);
    if (!ask) {
      ask = api('GET /subscriptions').then((sub) => rememberPlan(userId, sub));
      asked.set(key, ask);
      // Offline or a server error: the kept plan stands, and the next screen that shows the menu asks again.
      ask.catch(() => asked.delete(key));
    }
    ask.then(
      () => live && setChecked((n) => n + 1),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [userId]);
  return knownPaidPlan(userId);
}

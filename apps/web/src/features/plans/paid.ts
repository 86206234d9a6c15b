import type { SubscriptionInfo } from '@duka/core';
import { hasPaidPlan, PLAN_BENEFITS } from '@duka/core';

/** Per user, in local storage (log out clears it): the last known plan, so PDFs made offline match the server's. */
const key = (userId: string) => `duka:plan:${userId}`;

export function rememberPlan(userId: string | undefined, sub: Pick<SubscriptionInfo, 'status' | 'current_period_end'>): void {
  if (!userId) return;
  try {
    localStorage.setItem(key(userId), JSON.stringify({ status: sub.status, current_period_end: sub.current_period_end }));
  } catch {
    // storage full or disabled: the PDF keeps the line
  }
}

/** Whether the last known plan of this user still removes the "Made with Duka" line. */
export function knownPaidPlan(userId: string | undefined, now = new Date()): boolean {
  if (!userId || !PLAN_BENEFITS.removeBranding) return false;
  try {
    const raw = localStorage.getItem(key(userId));
    return raw ? hasPaidPlan(JSON.parse(raw) as SubscriptionInfo, now) : false;
  } catch {
    return false;
  }
}

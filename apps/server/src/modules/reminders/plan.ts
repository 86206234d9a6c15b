import { hasPaidPlan, type SubscriptionStatus } from '@duka/core';
import { inArray } from 'drizzle-orm';
import { subscriptions } from '../../db/schema';
import type { AppContext } from '../../lib/context';

/**
 * Automatic reminders need a paid plan (issue 18): the plans module's subscription of each user, read with core's
 * hasPaidPlan (active, or cancelled until the period end). One query for a whole run of the job.
 */
export async function usersWithAutomaticReminders(ctx: AppContext, userIds: string[], now = new Date()): Promise<Set<string>> {
  if (!userIds.length) return new Set();
  const out = new Set<string>();
  for (let i = 0; i < userIds.length; i += 1000) {
    const rows = await ctx.db
      .select({ userId: subscriptions.userId, status: subscriptions.status, end: subscriptions.currentPeriodEnd, plan: subscriptions.plan })
      .from(subscriptions)
      .where(inArray(subscriptions.userId, userIds.slice(i, i + 1000)));
    for (const r of rows)
      if (hasPaidPlan({ status: r.status as SubscriptionStatus, current_period_end: r.end ? r.end.toISOString() : null, intent: r.plan }, now))
        out.add(r.userId);
  }
  return out;
}

export async function automaticRemindersAllowed(ctx: AppContext, userId: string, now = new Date()): Promise<boolean> {
  return (await usersWithAutomaticReminders(ctx, [userId], now)).has(userId);
}

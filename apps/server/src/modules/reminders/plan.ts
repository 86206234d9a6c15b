import type { AppContext } from '../../lib/context';

/**
 * Automatic reminders need a paid plan (issue 18). The plans work (helper `plans`) keeps subscriptions in a
 * `subscriptions` table; until it lands this reads that table when it exists: a row of the user with status
 * 'active' (or 'trialing') allows automatic sending. Without the table nobody is on a paid plan. Point this
 * function at the plans module's own check once it exists.
 */
export async function usersWithAutomaticReminders(ctx: AppContext, userIds: string[]): Promise<Set<string>> {
  if (!userIds.length) return new Set();
  const exists = await ctx.database.execute("select to_regclass('public.subscriptions') is not null as present");
  if (!exists.rows[0]?.present) return new Set();
  const rows = await ctx.database.execute(
    "select distinct user_id::text as user_id from subscriptions where user_id::text = any($1::text[]) and status in ('active', 'trialing')",
    [userIds],
  );
  return new Set(rows.rows.map((r) => String(r.user_id)));
}

export async function automaticRemindersAllowed(ctx: AppContext, userId: string): Promise<boolean> {
  return (await usersWithAutomaticReminders(ctx, [userId])).has(userId);
}

import { eq } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import { users } from '../db/schema';

/** The user is an administrator: their e-mail is in ADMIN_EMAILS (announcements, affiliate payouts). */
export async function isAdmin(db: Db, config: Config, userId: string): Promise<boolean> {
  if (!config.adminEmails.length) return false;
  const [u] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return !!u && config.adminEmails.includes(u.email.trim().toLowerCase());
}

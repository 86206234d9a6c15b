import type { ApiUser } from '@duka/core';
import { eq, or } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { users } from '../../db/schema';
import { fileUrl } from '../files';

export type UserRow = typeof users.$inferSelect;

/** The user object of SPEC §7 exactly (never the hash). */
export function toApiUser(row: UserRow): ApiUser {
  return {
    id: row.id,
    name: row.name,
    username: row.username,
    email: row.email,
    company_name: row.companyName,
    country: row.country,
    logo: row.logo,
    logoLocation: row.logoLocation,
    logoUrl: row.logoLocation ? fileUrl(row.logoLocation) : null,
    invoice_settings: row.invoiceSettings,
    credit: row.credit,
    created_at: row.createdAt.toISOString(),
  };
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Login and password reset accept the username or the e-mail address, in any case. */
export async function findUserByLogin(db: Db, login: string): Promise<UserRow | undefined> {
  const q = login.trim().toLowerCase();
  if (!q) return undefined;
  const rows = await db
    .select()
    .from(users)
    .where(or(eq(users.username, q), eq(users.email, q)))
    .limit(2);
  // A username can never hold '@', so at most one row matches each column; prefer the e-mail match.
  return rows.find((r) => r.email === q) ?? rows[0];
}

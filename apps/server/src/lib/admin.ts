import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { adminAudit, admins, users } from '../db/schema';
import { AppError } from './errors';
import type { Tx } from './registry';

/**
 * Administrators (issue 22): an explicit role the operator grants on the command line (`npm run admin -- grant
 * <username>`), stored in `admins`; never derived from an e-mail address (ADMIN_EMAILS is ignored). Everything
 * done with the role, and every grant and revoke, is written to `admin_audit`.
 */

/** The user holds the admin role (announcements, affiliate payouts). */
export async function isAdmin(db: Db | Tx, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: admins.userId }).from(admins).where(eq(admins.userId, userId));
  return !!row;
}

export interface AuditEntry {
  /** 'user:<username>' or 'cli:<os user>'. */
  actor: string;
  actorUserId?: string | null;
  action: string;
  target?: string;
  details?: Record<string, unknown>;
}

/** Writes one audit row (inside the caller's transaction when given one). */
export async function audit(db: Db | Tx, entry: AuditEntry): Promise<void> {
  await db.insert(adminAudit).values({
    actor: entry.actor,
    actorUserId: entry.actorUserId ?? null,
    action: entry.action,
    target: entry.target ?? '',
    details: entry.details ?? {},
  });
}

/**
 * Refuses anyone without the role (403), and returns how to log what they do: `log(action, target, details)`
 * writes the audit row for this admin.
 */
export async function requireAdmin(db: Db | Tx, userId: string, message: string) {
  const [row] = await db.select({ username: users.username }).from(admins).innerJoin(users, eq(users.id, admins.userId)).where(eq(admins.userId, userId));
  if (!row) throw new AppError('forbidden', message);
  const actor = `user:${row.username}`;
  return {
    actor,
    log: (action: string, target = '', details: Record<string, unknown> = {}, tx: Db | Tx = db) =>
      audit(tx, { actor, actorUserId: userId, action, target, details }),
  };
}

async function findUser(db: Db, username: string) {
  const name = username.trim();
  const [u] = await db
    .select({ id: users.id, username: users.username, email: users.email })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${name})`);
  if (!u) throw new AppError('not_found', `No account has the username '${name}'`);
  return u;
}

/** Grants the role to the account with this username; returns false when it already had it. */
export async function grantAdmin(db: Db, username: string, by: string): Promise<{ username: string; changed: boolean }> {
  const u = await findUser(db, username);
  return db.transaction(async (tx) => {
    const added = await tx.insert(admins).values({ userId: u.id, grantedBy: by }).onConflictDoNothing().returning({ id: admins.userId });
    if (added.length) await audit(tx, { actor: by, action: 'admin.grant', target: u.username, details: { user_id: u.id } });
    return { username: u.username, changed: added.length > 0 };
  });
}

/** Takes the role away; returns false when the account did not have it. */
export async function revokeAdmin(db: Db, username: string, by: string): Promise<{ username: string; changed: boolean }> {
  const u = await findUser(db, username);
  return db.transaction(async (tx) => {
    const removed = await tx.delete(admins).where(eq(admins.userId, u.id)).returning({ id: admins.userId });
    if (removed.length) await audit(tx, { actor: by, action: 'admin.revoke', target: u.username, details: { user_id: u.id } });
    return { username: u.username, changed: removed.length > 0 };
  });
}

export async function listAdmins(db: Db) {
  return db
    .select({ username: users.username, email: users.email, grantedBy: admins.grantedBy, grantedAt: admins.grantedAt })
    .from(admins)
    .innerJoin(users, eq(users.id, admins.userId))
    .orderBy(asc(users.username));
}

export async function auditLog(db: Db, limit = 50) {
  return db.select().from(adminAudit).orderBy(desc(adminAudit.at)).limit(limit);
}

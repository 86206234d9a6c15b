import { createHash, randomBytes } from 'node:crypto';
import {
  defaultInvoiceSettings,
  defaultLanguage,
  findCountry,
  type Language,
  invoiceSettingsSchema,
  normaliseEmail,
  parseInvoiceSettingsString,
  parsePhone,
  payRailsProblem,
  type InvoiceSettingsData,
  type registerPayload,
} from '@duka/core';
import type { z } from 'zod';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { passwordResets, rateLimits, syncMutations, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Registry } from '../../lib/registry';
import { hashPassword, verifyPassword } from './passwords';
import { findUserById, findUserByLogin, type UserRow } from './user';

export const RESET_TTL_MS = 60 * 60 * 1000;

const usernameTaken = (username: string) =>
  new AppError('conflict', `The username '${username}' is already taken`, { 'user.username': 'This username is already taken' });
const emailTaken = () =>
  new AppError('conflict', 'An account with this e-mail address already exists', { 'user.email': 'This e-mail address is already registered' });

/** Which unique constraint a failed insert/update hit (two sign-ups racing), if any. */
function uniqueViolation(err: unknown): 'username' | 'email' | undefined {
  for (let e: unknown = err, i = 0; e && i < 4; e = (e as { cause?: unknown }).cause, i++) {
    const { code, constraint, message } = e as { code?: string; constraint?: string; message?: string };
    if (code === '23505') {
      const text = `${constraint ?? ''} ${message ?? ''}`;
      if (text.includes('username')) return 'username';
      if (text.includes('email')) return 'email';
    }
  }
  return undefined;
}

/** A sign-up as read by core's registerPayload (POST /users). */
export type RegisterInput = z.output<typeof registerPayload>['user'];

export async function registerUser(db: Db, registry: Registry, input: RegisterInput, opts: { ref?: string; credit: number }): Promise<UserRow> {
  const username = input.username.toLowerCase();
  const email = normaliseEmail(input.email);
  const taken = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(or(eq(users.username, username), eq(users.email, email)));
  if (taken.some((t) => t.username === username)) throw usernameTaken(username);
  if (taken.some((t) => t.email === email)) throw emailTaken();

  const settings = defaultInvoiceSettings(input.country);
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          name: input.name,
          username,
          email,
          passwordHash,
          companyName: input.company_name,
          country: input.country,
          language: defaultLanguage({ chosen: input.language, country: input.country }),
          invoiceSettings: JSON.stringify(settings),
          credit: opts.credit,
          refCode: opts.ref || null,
        })
        .returning();
      for (const hook of registry.onUserCreated) await hook(tx, { id: row.id, country: row.country, currency: settings.currency, language: row.language });
      return row;
    });
  } catch (err) {
    const which = uniqueViolation(err);
    if (which === 'username') throw usernameTaken(username);
    if (which === 'email') throw emailTaken();
    throw err;
  }
}

/** The user whose username or e-mail and password match, or undefined (same cost either way). */
export async function authenticate(db: Db, login: string, password: string): Promise<UserRow | undefined> {
  const user = await findUserByLogin(db, login);
  const ok = await verifyPassword(user?.passwordHash, password);
  return ok ? user : undefined;
}

export interface ProfileChanges {
  name?: string;
  company_name?: string;
  email?: string;
  current_password?: string;
  country?: string;
  invoice_settings?: Partial<InvoiceSettingsData> | string;
  language?: Language;
}

function mergeSettings(current: UserRow, patch: Partial<InvoiceSettingsData> | string): string {
  let value: unknown = patch;
  if (typeof patch === 'string') {
    try {
      value = JSON.parse(patch);
    } catch {
      throw new AppError('validation_failed', 'invoice_settings is not valid JSON', { 'user.invoice_settings': 'Not valid JSON' });
    }
  }
  const parsed = invoiceSettingsSchema.partial().safeParse(value);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[['user', 'invoice_settings', ...issue.path.map(String)].join('.')] = issue.message;
    const [first] = Object.entries(fields);
    throw new AppError('validation_failed', `${first[0]}: ${first[1]}`, fields);
  }
  const merged = { ...parseInvoiceSettingsString(current.invoiceSettings, current.country), ...parsed.data };
  // Only the rails of the business's country and currency (issue 25): another country's leaves the page without a way to pay.
  if (parsed.data.pay_rails?.length) {
    const country = findCountry(merged.country.iso_code || current.country || '');
    const problem = payRailsProblem(merged.pay_rails ?? [], country?.code, merged.currency, country?.name ?? current.country ?? '');
    if (problem) throw new AppError('validation_failed', problem, { 'user.invoice_settings.pay_rails': problem });
  }
  // The business phone is kept in E.164 like client phones (issue 14), read with the business's country.
  const phone = parsePhone(merged.business.phone, current.country, merged.country.iso_code);
  if (!phone.ok) throw new AppError('validation_failed', phone.message, { 'user.invoice_settings.business.phone': phone.message });
  merged.business = { ...merged.business, phone: phone.value };
  return JSON.stringify(merged);
}

/** PATCH /users/{username}: only the owner; anyone else's username answers 404. */
export async function ownUser(db: Db, userId: string, username: string): Promise<UserRow> {
  const user = await findUserById(db, userId);
  if (!user || user.username !== username.trim().toLowerCase()) throw new AppError('not_found', 'User not found');
  return user;
}

export async function updateProfile(db: Db, user: UserRow, changes: ProfileChanges): Promise<UserRow> {
  const set: Partial<typeof users.$inferInsert> = {};
  if (changes.name !== undefined) set.name = changes.name;
  if (changes.company_name !== undefined) set.companyName = changes.company_name;
  if (changes.country !== undefined) set.country = changes.country;
  if (changes.language !== undefined && changes.language !== user.language) set.language = changes.language;
  if (changes.email !== undefined) {
    const email = normaliseEmail(changes.email);
    if (email !== user.email) {
      const [other] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
      if (other) throw emailTaken();
      set.email = email;
    }
  }
  if (changes.invoice_settings !== undefined) set.invoiceSettings = mergeSettings(user, changes.invoice_settings);
  if (Object.keys(set).length === 0) return user;
  try {
    const [row] = await db
      .update(users)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(users.id, user.id))
      .returning();
    return row;
  } catch (err) {
    if (uniqueViolation(err) === 'email') throw emailTaken();
    throw err;
  }
}

export async function setLogo(db: Db, userId: string, logo: { key: string; name: string }): Promise<UserRow> {
  const [row] = await db.update(users).set({ logo: logo.name, logoLocation: logo.key, updatedAt: new Date() }).where(eq(users.id, userId)).returning();
  return row;
}

/** Sets a new password and bumps token_version, which signs out every other device. */
async function storePassword(db: Db | Parameters<Parameters<Db['transaction']>[0]>[0], userId: string, password: string): Promise<number> {
  const passwordHash = await hashPassword(password);
  const [row] = await db
    .update(users)
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ tokenVersion: users.tokenVersion });
  return row.tokenVersion;
}

export async function changePassword(db: Db, userId: string, oldPassword: string, password: string): Promise<number> {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('unauthorized', 'Please login to continue');
  if (!(await verifyPassword(user.passwordHash, oldPassword))) {
    throw new AppError('unprocessable', 'Your old password is not correct', { 'user.old_password': 'Not correct' });
  }
  return storePassword(db, userId, password);
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Makes a single-use reset token for the account (only its hash is stored). Undefined when no such account. */
export async function createResetToken(db: Db, login: string, now: Date): Promise<{ user: UserRow; token: string } | undefined> {
  const user = await findUserByLogin(db, login);
  if (!user) return undefined;
  const token = randomBytes(32).toString('base64url');
  await db.insert(passwordResets).values({ tokenHash: hashToken(token), userId: user.id, expiresAt: new Date(now.getTime() + RESET_TTL_MS) });
  return { user, token };
}

/** Sets the password from a reset token; answers the account and its new token version. */
export async function resetPassword(db: Db, token: string, password: string, now: Date): Promise<{ userId: string; tokenVersion: number }> {
  const done = await db.transaction(async (tx) => {
    // Claiming the row with a conditional UPDATE makes the token single-use even under concurrent requests.
    const [claimed] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.tokenHash, hashToken(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
      .returning({ userId: passwordResets.userId });
    if (!claimed) return undefined;
    // Any other outstanding link of the same account stops working too.
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, claimed.userId), isNull(passwordResets.usedAt)));
    return { userId: claimed.userId, tokenVersion: await storePassword(tx, claimed.userId, password) };
  });
  if (!done) {
    throw new AppError('unprocessable', 'This password reset link is invalid or has expired. Please request a new one.', {
      'user.token': 'Invalid or expired',
    });
  }
  return done;
}

/**
 * Deletes the account: its rows in every table go with it (foreign keys ON DELETE CASCADE, the mail and SMS
 * outboxes included, and the applied sync mutation ids, deleted here), and so do the rate-limit and quota counters keyed by its id or its e-mail address.
 */
export async function deleteUser(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [user] = await tx.delete(users).where(eq(users.id, userId)).returning({ email: users.email });
    // After the user's row (its lock waits for a push still writing; a later push finds no user and writes nothing):
    // the applied sync mutation ids have no foreign key to cascade from (issue 27).
    await tx.delete(syncMutations).where(eq(syncMutations.userId, userId));
    await tx
      .delete(rateLimits)
      .where(
        or(
          sql`strpos(${rateLimits.key}, ${userId}) > 0`,
          user?.email ? sql`right(${rateLimits.key}, ${user.email.length + 1}::int) = ${`:${user.email}`}` : undefined,
        ),
      );
  });
}

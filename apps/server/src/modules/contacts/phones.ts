import { parsePhone } from '@duka/core';
import { and, isNull, ne, notLike, eq } from 'drizzle-orm';
import { contacts, users } from '../../db/schema';
import type { AppContext } from '../../lib/context';
import { applyMutations, type Mutation } from '../sync';

/**
 * Backfill (issue 14): phones stored before numbers were kept in E.164 ('08059876543') are rewritten
 * (+2348059876543) through the sync engine, so each change gets a new version and devices pull it.
 * Read with the client's country, else the business's; what cannot be read is left as typed (the
 * app shows it as stored and asks for a valid number on the next edit). Runs at start-up; a second
 * run finds nothing to do. Returns how many contacts were rewritten.
 */
export async function normaliseStoredPhones(ctx: AppContext): Promise<number> {
  const rows = await ctx.db
    .select({
      id: contacts.id,
      userId: contacts.userId,
      phone: contacts.phone,
      country: contacts.country,
      version: contacts.version,
      userCountry: users.country,
    })
    .from(contacts)
    .innerJoin(users, eq(users.id, contacts.userId))
    .where(and(isNull(contacts.deletedAt), ne(contacts.phone, ''), notLike(contacts.phone, '+%')));
  const perUser = new Map<string, Mutation[]>();
  for (const r of rows) {
    const result = parsePhone(r.phone, r.country, r.userCountry);
    if (!result.ok || result.value === r.phone) continue;
    const list = perUser.get(r.userId) ?? [];
    list.push({ collection: 'contacts', op: 'upsert', id: r.id, data: { phone: result.value }, base_version: Number(r.version) });
    perUser.set(r.userId, list);
  }
  let done = 0;
  for (const [userId, mutations] of perUser) {
    const results = await applyMutations(ctx, userId, mutations);
    done += results.filter((x) => x.status === 'applied').length;
  }
  return done;
}

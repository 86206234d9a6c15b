import type { AnnouncementInput } from '@duka/core';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { announcementReads, announcements, users } from '../../db/schema';
import { notFound } from '../../lib/errors';

/** Announcements: rules and queries (routes.ts holds the HTTP side). */

/** What an admin sends to create or edit one: core's announcementInput, as read. */
export type { AnnouncementInput };

type Translations = Partial<Record<'fr' | 'sw', { title: string; body: string }>>;

type Row = typeof announcements.$inferSelect;

export function toAnnouncement(r: Row) {
  return {
    id: r.id,
    title: r.title,
    body: r.body,
    link: r.link,
    image_url: r.imageUrl,
    countries: (r.countries as string[]) ?? [],
    published_at: r.publishedAt ? r.publishedAt.toISOString() : null,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
    translations: (r.translations as Translations) ?? {},
  };
}

/** The announcement in the reader's language: its own text when there is one, else English (issue 23). */
function inLanguage<A extends { title: string; body: string; translations: Translations }>(a: A, language: string | null | undefined): A {
  const own = language === 'fr' || language === 'sw' ? a.translations[language] : undefined;
  return own && own.title && own.body ? { ...a, title: own.title, body: own.body } : a;
}

/** What a user may see: published (not in the future) and for everyone or for the user's country. */
async function visible(db: Db, userId: string) {
  const [u] = await db.select({ country: users.country }).from(users).where(eq(users.id, userId));
  const country = u?.country ?? '';
  return sql`${announcements.publishedAt} is not null and ${announcements.publishedAt} <= now()
    and (jsonb_array_length(${announcements.countries}) = 0 or jsonb_exists(${announcements.countries}, ${country}::text))`;
}

export async function listForUser(db: Db, userId: string, page: number, perPage: number) {
  const where = await visible(db, userId);
  const [u] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId));
  const readFlag = sql<boolean>`exists (select 1 from ${announcementReads} r where r.announcement_id = ${announcements.id} and r.user_id = ${userId}::uuid)`;
  const [items, [counts]] = await Promise.all([
    db
      .select({ a: announcements, read: readFlag })
      .from(announcements)
      .where(where)
      .orderBy(desc(announcements.publishedAt), desc(announcements.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db
      .select({ total: sql<number>`count(*)::int`, unread: sql<number>`(count(*) filter (where not ${readFlag}))::int` })
      .from(announcements)
      .where(where),
  ]);
  return {
    announcements: items.map((i) => ({ ...inLanguage(toAnnouncement(i.a), u?.language), read: Boolean(i.read) })),
    page,
    per_page: perPage,
    total: Number(counts?.total ?? 0),
    unread: Number(counts?.unread ?? 0),
  };
}

export async function markRead(db: Db, userId: string, id: string): Promise<void> {
  const where = await visible(db, userId);
  const [found] = await db
    .select({ id: announcements.id })
    .from(announcements)
    .where(and(eq(announcements.id, id), where));
  if (!found) throw notFound('Announcement');
  await db.insert(announcementReads).values({ userId, announcementId: id }).onConflictDoNothing();
}

export async function listAll(db: Db) {
  const rows = await db
    .select()
    .from(announcements)
    .orderBy(sql`${announcements.publishedAt} desc nulls first`, desc(announcements.createdAt));
  return rows.map(toAnnouncement);
}

const values = (input: AnnouncementInput) => ({
  title: input.title,
  body: input.body,
  link: input.link,
  imageUrl: input.image_url,
  countries: input.countries,
  // Empty texts are left out: that language shows English.
  translations: Object.fromEntries(Object.entries(input.translations ?? {}).filter(([, v]) => v && v.title && v.body)),
  publishedAt: input.published_at ? new Date(input.published_at) : null,
});

export async function create(db: Db, userId: string, input: AnnouncementInput) {
  const [row] = await db
    .insert(announcements)
    .values({ ...values(input), createdBy: userId })
    .returning();
  return toAnnouncement(row!);
}

export async function update(db: Db, id: string, input: AnnouncementInput) {
  const [row] = await db
    .update(announcements)
    .set({ ...values(input), updatedAt: new Date() })
    .where(eq(announcements.id, id))
    .returning();
  if (!row) throw notFound('Announcement');
  return toAnnouncement(row);
}

export async function remove(db: Db, id: string): Promise<void> {
  const rows = await db.delete(announcements).where(eq(announcements.id, id)).returning({ id: announcements.id });
  if (!rows.length) throw notFound('Announcement');
}

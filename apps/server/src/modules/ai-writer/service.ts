import { AI_LANGUAGE_UNSUPPORTED, type AiGeneratePayload, type AiItem, type AiType, aiTypeInfo, normalizeAiUrl } from '@duka/core';
import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { aiContents, users } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { fetchPage, type FetchPageOptions, LinkError } from './link-fetch';
import { type AiFields, type AiProvider, type PageText, ProviderError, type Sender } from './provider';

export const INSUFFICIENT_CREDIT_MESSAGE = "You don't have enough credit. Please buy credit to continue...";

type Row = Pick<typeof aiContents.$inferSelect, 'id' | 'type' | 'title' | 'pageTitle' | 'content' | 'favorite' | 'cost' | 'language' | 'createdAt'>;

export function toItem(row: Row): AiItem {
  return {
    id: row.id,
    type: row.type as AiType,
    title: row.title,
    page_title: row.pageTitle,
    content: row.content,
    favorite: row.favorite,
    cost: row.cost,
    language: row.language,
    created_at: row.createdAt.toISOString(),
  };
}

export async function getCredit(db: Db, userId: string): Promise<number> {
  return (await creditAndSender(db, userId)).credit;
}

/** The balance and who the user is (name, company), read together before a generation. */
async function creditAndSender(db: Db, userId: string): Promise<{ credit: number; from: Sender }> {
  const [row] = await db.select({ credit: users.credit, name: users.name, company: users.companyName }).from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw notFound('User');
  return { credit: row.credit, from: { name: row.name, company: row.company } };
}

/** What the writer needs: the payload without `generate` and `language`, as strings. */
export function payloadFields(payload: AiGeneratePayload): AiFields {
  const fields: AiFields = {};
  for (const [key, value] of Object.entries(payload)) {
    if (key !== 'generate' && key !== 'language' && value !== undefined && value !== null) fields[key] = String(value);
  }
  return fields;
}

export interface GenerateDeps {
  provider: AiProvider;
  fetchOptions?: FetchPageOptions;
  signal?: AbortSignal;
  seed?: number;
}

export interface Generated {
  item: AiItem;
  credit: number;
  /** Milliseconds spent fetching the link (content_link) and in the provider, for the Server-Timing header. */
  timings: { fetch: number; provider: number };
}

/**
 * Writes the content and stores it. The balance is checked first (no provider call without credit), and
 * the credit is taken in the same statement (so the same transaction) that stores the result, with a
 * conditional UPDATE, so concurrent requests can never take it below zero and a failed generation costs nothing.
 */
export async function generate(db: Db, userId: string, payload: AiGeneratePayload, deps: GenerateDeps): Promise<Generated> {
  const type = payload.generate;
  const info = aiTypeInfo(type);
  const cost = info.cost;
  const language = payload.language ?? 'en';
  if (!deps.provider.writes(language, type)) throw new AppError('bad_request', AI_LANGUAGE_UNSUPPORTED, { language: AI_LANGUAGE_UNSUPPORTED });
  const { credit: balance, from } = await creditAndSender(db, userId);
  if (balance < cost) throw new AppError('insufficient_credit', INSUFFICIENT_CREDIT_MESSAGE);

  const fields = payloadFields(payload);
  let source: PageText | undefined;
  const timings = { fetch: 0, provider: 0 };
  if (type === 'content_link') {
    fields.url = normalizeAiUrl(fields.url);
    const started = performance.now();
    try {
      source = await fetchPage(fields.url, deps.fetchOptions);
    } catch (err) {
      if (err instanceof LinkError) throw new AppError(err.status === 400 ? 'bad_request' : 'unprocessable', err.message, { url: err.message });
      throw err;
    }
    timings.fetch = performance.now() - started;
  }

  let written: { title: string; content: string };
  const started = performance.now();
  try {
    written = await deps.provider.generate(type, fields, language, { source, from, signal: deps.signal, seed: deps.seed });
  } catch (err) {
    if (err instanceof ProviderError) throw new AppError('bad_gateway', err.message);
    throw err;
  }
  timings.provider = performance.now() - started;

  // One statement is one transaction: the credit is taken (only if the balance covers it; the row lock makes
  // concurrent requests wait and re-check) and the result stored together, or neither happens.
  const result = await db.execute<ChargedRow>(sql`
    with charged as (
      update ${users} set credit = credit - ${cost}::int where id = ${userId}::uuid and credit >= ${cost}::int returning credit
    )
    insert into ${aiContents} (user_id, type, title, page_title, content, cost, language, input, provider)
    select ${userId}::uuid, ${type}::text, ${written.title.slice(0, 300)}::text, ${info.pageTitle}::text, ${written.content}::text, ${cost}::int, ${language}::text, ${JSON.stringify(fields)}::jsonb, ${deps.provider.name}::text
    from charged
    returning id, type, title, page_title, content, favorite, cost, language, created_at, (select credit from charged) as credit`);
  const row = (result as unknown as { rows: ChargedRow[] }).rows[0];
  if (!row) throw new AppError('insufficient_credit', INSUFFICIENT_CREDIT_MESSAGE);
  return {
    item: toItem({
      id: row.id,
      type: row.type,
      title: row.title,
      pageTitle: row.page_title,
      content: row.content,
      favorite: row.favorite,
      cost: Number(row.cost),
      language: row.language,
      createdAt: new Date(row.created_at),
    }),
    credit: Number(row.credit),
    timings,
  };
}

interface ChargedRow extends Record<string, unknown> {
  id: string;
  type: string;
  title: string;
  page_title: string;
  content: string;
  favorite: boolean;
  cost: number;
  language: string;
  created_at: string | Date;
  credit: number;
}

export interface ListQuery {
  limit: number;
  cursor?: string;
  favorites?: boolean;
}

/** Cursor: the created_at and id of the last item of a page, so pages stay stable while new items arrive. */
export function encodeCursor(row: { createdAt: Date; id: string }): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');
}

export function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [iso, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const createdAt = new Date(iso ?? '');
  if (!id || Number.isNaN(createdAt.getTime()) || !/^[0-9a-f-]{36}$/i.test(id)) {
    throw new AppError('validation_failed', 'cursor: Invalid cursor', { cursor: 'Invalid cursor' });
  }
  return { createdAt, id };
}

/** History (or favourites) of a user, newest first, a page at a time. */
export async function list(db: Db, userId: string, q: ListQuery): Promise<{ data: AiItem[]; next_cursor: string | null }> {
  const conditions = [eq(aiContents.userId, userId)];
  if (q.favorites) conditions.push(eq(aiContents.favorite, true));
  if (q.cursor) {
    const c = decodeCursor(q.cursor);
    conditions.push(or(lt(aiContents.createdAt, c.createdAt), and(eq(aiContents.createdAt, c.createdAt), lt(aiContents.id, c.id)))!);
  }
  const rows = await db
    .select()
    .from(aiContents)
    .where(and(...conditions))
    .orderBy(desc(aiContents.createdAt), desc(aiContents.id))
    .limit(q.limit + 1);
  const page = rows.slice(0, q.limit);
  return { data: page.map(toItem), next_cursor: rows.length > q.limit ? encodeCursor(page[page.length - 1]) : null };
}

export async function setFavorite(db: Db, userId: string, id: string, favorite: boolean): Promise<AiItem> {
  const [row] = await db
    .update(aiContents)
    .set({ favorite })
    .where(and(eq(aiContents.id, id), eq(aiContents.userId, userId)))
    .returning();
  if (!row) throw notFound('Content');
  return toItem(row);
}

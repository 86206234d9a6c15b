import {
  businessToday,
  dateOrderForCountry,
  draftFromModel,
  invoiceDefaults,
  type OrderContext,
  type OrderDraft,
  orderDraftSchema,
  orderModelAnswerSchema,
  orderModelJsonSchema,
  orderModelMessages,
  parseOrder,
  userTimeZone,
} from '@duka/core';
import { and, eq, isNull } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/connect';
import { catalogs, contacts, fees, users } from '../../db/schema';
import { invoiceFeeOf } from '../fees';

/** The business's catalog, clients, fees, currency and today — only this user's (tenancy). */
export async function orderContextOf(db: Db, userId: string, now = new Date()): Promise<OrderContext> {
  const [u] = await db.select({ s: users.invoiceSettings, country: users.country }).from(users).where(eq(users.id, userId));
  const defaults = invoiceDefaults(u?.s ?? '{}');
  const live = <T extends typeof catalogs | typeof contacts | typeof fees>(t: T) => and(eq(t.userId, userId), isNull(t.deletedAt));
  const [items, people, charges] = await Promise.all([
    db.select({ id: catalogs.id, name: catalogs.name, unit_price: catalogs.unitPrice, active: catalogs.active }).from(catalogs).where(live(catalogs)),
    db.select({ id: contacts.id, name: contacts.name }).from(contacts).where(live(contacts)),
    db.select().from(fees).where(live(fees)),
  ]);
  return {
    catalog: items.filter((i) => i.active).map(({ id, name, unit_price }) => ({ id, name, unit_price })),
    contacts: people,
    fees: charges.map(invoiceFeeOf),
    currency: defaults.currency,
    today: businessToday(now, userTimeZone({ country: u?.country, invoice_settings: u?.s })),
    date_order: dateOrderForCountry(u?.country),
  };
}

/**
 * Asks the model behind AI_BASE_URL (OpenAI-compatible Chat Completions) for JSON matching a schema; the parsed JSON,
 * or null when it is not configured, fails, is slow (capped at `capMs`) or answers something that is not JSON.
 */
export async function askModelJson(
  config: Config,
  messages: Array<Record<string, unknown>>,
  schema: { name: string; schema: Record<string, unknown> },
  capMs: number,
  doFetch: typeof fetch = fetch,
  model: string = config.aiModel,
): Promise<unknown> {
  if (!config.aiBaseUrl) return null;
  try {
    const res = await doFetch(`${config.aiBaseUrl.replace(/\/+$/, '')}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...(config.aiApiKey ? { authorization: `Bearer ${config.aiApiKey}` } : {}) },
      body: JSON.stringify({
        model,
        temperature: 0,
        messages,
        response_format: { type: 'json_schema', json_schema: { name: schema.name, strict: true, schema: schema.schema } },
      }),
      signal: AbortSignal.timeout(Math.min(config.aiTimeoutMs, capMs)),
    });
    if (!res.ok) return null;
    const body = (await res.json()) as { choices?: Array<{ message?: { content?: unknown } }> };
    const content = body.choices?.[0]?.message?.content;
    if (typeof content !== 'string') return null;
    const json = content
      .replace(/<think>[\s\S]*?<\/think>/gi, '')
      .replace(/^\s*```(?:json)?\s*|\s*```\s*$/g, '')
      .trim();
    return JSON.parse(json) as unknown;
  } catch {
    return null;
  }
}

/** Asks the model for an order's draft (JSON schema output); null when it fails or answers nonsense. */
export async function modelDraft(config: Config, text: string, ctx: OrderContext, doFetch: typeof fetch = fetch): Promise<OrderDraft | null> {
  // An order is read while the owner waits: never longer than 15 s, then the parser's draft is used.
  const json = await askModelJson(config, orderModelMessages(text, ctx), { name: 'order_draft', schema: orderModelJsonSchema() }, 15_000, doFetch);
  const answer = orderModelAnswerSchema.safeParse(json);
  if (!answer.success) return null;
  const draft = orderDraftSchema.safeParse(draftFromModel(answer.data, ctx, text));
  return draft.success ? (draft.data as OrderDraft) : null;
}

/** POST /orders/draft: the model's draft when AI_BASE_URL is set and it answers sensibly, else core's parser's. */
export async function draftOrder(db: Db, config: Config, userId: string, text: string): Promise<{ draft: OrderDraft; source: 'parser' | 'model' }> {
  const ctx = await orderContextOf(db, userId);
  const byModel = await modelDraft(config, text, ctx);
  return byModel ? { draft: byModel, source: 'model' } : { draft: parseOrder(text, ctx), source: 'parser' };
}

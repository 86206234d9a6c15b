import { desc } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { smsOutbox } from '../../db/schema';
import type { AppContext } from '../../lib/context';
import { createAfricasTalkingSender } from './africastalking';

export type SmsResult = { ok: true; ref: string | null } | { ok: false; error: string };

export interface SmsSender {
  transport: 'africastalking' | 'outbox';
  /** `to` in E.164 (+254712345678). Never throws: a refusal is { ok: false, error } in words a person can act on. */
  send(to: string, message: string): Promise<SmsResult>;
}

export function getSms(ctx: AppContext): SmsSender {
  let sms = ctx.services.sms as SmsSender | undefined;
  if (!sms) ctx.services.sms = sms = createSms(ctx);
  return sms;
}

/** AT_USERNAME + AT_API_KEY → Africa's Talking; otherwise the built-in outbox (kept in the database). */
export function createSms(ctx: AppContext): SmsSender {
  const { atUsername, atApiKey, atApiBase, atFrom } = ctx.config;
  if (atUsername && atApiKey) return createAfricasTalkingSender({ username: atUsername, apiKey: atApiKey, apiBase: atApiBase, from: atFrom });
  return createOutboxSms(ctx.db);
}

export function createOutboxSms(db: Db): SmsSender {
  return {
    transport: 'outbox',
    async send(to, message) {
      const [row] = await db.insert(smsOutbox).values({ to, text: message }).returning({ id: smsOutbox.id });
      return { ok: true, ref: row.id };
    },
  };
}

/** Turns what an owner typed (+254 712 345 678, 0712…) into E.164 digits; null when it cannot be a phone number. */
export function toE164(phone: string | null | undefined): string | null {
  const raw = (phone ?? '').trim();
  if (!raw) return null;
  const digits = raw.replace(/\D/g, '');
  if (raw.startsWith('+') || raw.startsWith('00')) {
    const d = raw.startsWith('00') ? digits.slice(2) : digits;
    return d.length >= 8 && d.length <= 15 ? `+${d}` : null;
  }
  return digits.length >= 10 && digits.length <= 15 && !digits.startsWith('0') ? `+${digits}` : null;
}

export async function latestSms(db: Db, limit: number) {
  const rows = await db.select().from(smsOutbox).orderBy(desc(smsOutbox.createdAt)).limit(limit);
  return rows.map((r) => ({ to: r.to, text: r.text, created_at: r.createdAt.toISOString() }));
}

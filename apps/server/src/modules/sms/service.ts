import { parsePhone } from '@duka/core';
import { desc } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { smsOutbox } from '../../db/schema';
import type { AppContext } from '../../lib/context';
import { chargeOutbound } from '../../lib/outbound-quota';
import { createAfricasTalkingSender } from './africastalking';
import type { SmsSender } from './types';

export type { SmsResult, SmsSender } from './types';

export function getSms(ctx: AppContext): SmsSender {
  let sms = ctx.services.sms;
  if (!sms) ctx.services.sms = sms = createSms(ctx);
  return sms;
}

/** AT_USERNAME + AT_API_KEY → Africa's Talking; otherwise the built-in outbox (kept in the database). Both behind the outbound quota. */
export function createSms(ctx: AppContext): SmsSender {
  const { atUsername, atApiKey, atApiBase, atFrom } = ctx.config;
  const inner =
    atUsername && atApiKey ? createAfricasTalkingSender({ username: atUsername, apiKey: atApiKey, apiBase: atApiBase, from: atFrom }) : createOutboxSms(ctx.db);
  return {
    transport: inner.transport,
    async send(to, message, sender) {
      const refund = await chargeOutbound(ctx, 'sms', to, sender);
      const r = await inner.send(to, message, sender);
      if (!r.ok) await refund().catch(() => undefined);
      return r;
    },
  };
}

export function createOutboxSms(db: Db): SmsSender {
  return {
    transport: 'outbox',
    async send(to, message, sender) {
      const [row] = await db.insert(smsOutbox).values({ userId: sender.account, to, text: message }).returning({ id: smsOutbox.id });
      return { ok: true, ref: row.id };
    },
  };
}

export type SmsNumber = { ok: true; value: string } | { ok: false; message: string };

/**
 * The number an SMS goes to, in E.164: what the owner typed (+254 712 345 678, 0712 345 678, 0803 123 4567,
 * 254712345678) read by core's phone rule (libphonenumber) with the client's country, else the business's.
 * A number the rule cannot read is refused with words the owner can act on.
 */
export function smsNumber(phone: string | null | undefined, ...countries: Array<string | null | undefined>): SmsNumber {
  const raw = (phone ?? '').trim();
  if (!raw) return { ok: false, message: 'The client has no phone number' };
  const read = parsePhone(raw, ...countries);
  if (read.ok && read.value) return { ok: true, value: read.value };
  // Older records hold international digits without the + (254712345678) from a client of another country.
  const digits = raw.replace(/\D/g, '');
  if (/^[\d\s().-]+$/.test(raw) && !digits.startsWith('0') && digits.length >= 10 && digits.length <= 15) {
    const plus = parsePhone(`+${digits}`);
    if (plus.ok && plus.value) return { ok: true, value: plus.value };
  }
  return { ok: false, message: read.ok ? 'The client has no phone number' : `The client's phone number cannot be used: ${read.message}` };
}

export async function latestSms(db: Db, limit: number) {
  const rows = await db.select().from(smsOutbox).orderBy(desc(smsOutbox.createdAt)).limit(limit);
  return rows.map((r) => ({ to: r.to, text: r.text, created_at: r.createdAt.toISOString() }));
}

declare module '../../lib/context' {
  interface Services {
    sms?: SmsSender;
  }
}

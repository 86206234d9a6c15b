import { createHash } from 'node:crypto';
import { hasPaidPlan, type SubscriptionStatus } from '@duka/core';
import { eq, inArray, sql } from 'drizzle-orm';
import { rateLimits, subscriptions } from '../db/schema';
import type { AppContext } from './context';
import { hit, RateLimited } from './rate-limit';

/**
 * One quota for every message that leaves on the platform's sender (issue 22), charged by the mail and SMS
 * senders themselves, whatever route or job asked for the message:
 * - per account per day (SMS by plan: each one costs money; a paid plan sends more e-mail too);
 * - per account and recipient per day (no flooding one address or number);
 * - per recipient per day across all accounts (many accounts cannot flood one person either);
 * - the platform's own messages to an account holder (password reset, e-mail change) count per recipient only.
 * Counters live in rate_limits (shared by every process on one PostgreSQL); RATE_LIMITS=off turns them off.
 */
export type OutboundChannel = 'mail' | 'sms';

/** Who a message is sent for: the account's id (its quota; its rows go with it), platform: the platform's own mail to that account. */
export interface OutboundSender {
  account: string | null;
  platform?: boolean;
}

export const OUTBOUND_QUOTA = {
  mail: { freePerDay: 50, paidPerDay: 500, perRecipientPerAccount: 10, perRecipient: 30, platformPerRecipient: 10 },
  sms: { freePerDay: 10, paidPerDay: 200, perRecipientPerAccount: 3, perRecipient: 10, platformPerRecipient: 5 },
} as const;

export const QUOTA_WINDOW_MS = 24 * 60 * 60 * 1000;

/** What ran out: the web shows each in the user's language (error.fields.quota). */
export type QuotaScope = 'mail_account' | 'mail_recipient' | 'sms_account' | 'sms_recipient' | 'mpesa_invoice' | 'mpesa_phone' | 'rail_invoice' | 'rail_phone';

/** 429 with words a person can act on, Retry-After, fields.quota naming what ran out and fields.retry_after (seconds). */
export class QuotaExceeded extends RateLimited {
  constructor(
    readonly scope: QuotaScope,
    message: string,
    retryAfterSeconds: number,
  ) {
    super(retryAfterSeconds);
    this.message = message;
    // retry_after (seconds, as Retry-After): the page names the wait in the customer's language (t18 U1).
    Object.assign(this, { fields: { quota: scope, retry_after: String(retryAfterSeconds) } });
  }
}

/** Recipients are kept hashed in the counters' keys (the table should not list people's addresses). */
function recipientKey(to: string): string {
  return createHash('sha256').update(to.trim().toLowerCase()).digest('base64url').slice(0, 22);
}

async function paidPlan(ctx: AppContext, userId: string, now: Date): Promise<boolean> {
  const [row] = await ctx.db
    .select({ status: subscriptions.status, end: subscriptions.currentPeriodEnd, plan: subscriptions.plan })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  return !!row && hasPaidPlan({ status: row.status as SubscriptionStatus, current_period_end: row.end ? row.end.toISOString() : null, intent: row.plan }, now);
}

interface Bucket {
  key: string;
  max: number;
  scope: QuotaScope;
  /** The refusal, given the milliseconds until the bucket empties. */
  message: (ttlMs: number) => string;
}

/** 'in 3 hours', 'in 12 minutes'. */
export function waitText(ttlMs: number): string {
  const minutes = Math.max(1, Math.ceil(ttlMs / 60_000));
  if (minutes < 60) return minutes === 1 ? 'in a minute' : `in ${minutes} minutes`;
  const hours = Math.ceil(minutes / 60);
  return hours === 1 ? 'in an hour' : `in ${hours} hours`;
}

/**
 * Counts one unit in each bucket, or none: when any bucket is full the units just counted are given back and
 * a QuotaExceeded names the fullest. Returns a refund for a message that then did not go out.
 */
export async function chargeBuckets(ctx: AppContext, buckets: Bucket[], windowMs = QUOTA_WINDOW_MS, now = new Date()): Promise<() => Promise<void>> {
  const counted: string[] = [];
  const refund = async () => {
    if (!counted.length) return;
    await ctx.db
      .update(rateLimits)
      .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
      .where(inArray(rateLimits.key, counted));
  };
  for (const b of buckets) {
    const { count, ttlMs } = await hit(ctx.db, b.key, 1, windowMs, now);
    counted.push(b.key);
    if (count > b.max) {
      await refund();
      throw new QuotaExceeded(b.scope, b.message(ttlMs), Math.max(1, Math.ceil(ttlMs / 1000)));
    }
  }
  return refund;
}

/** Charges one outbound message (before it leaves); the returned refund gives it back when sending failed. */
export async function chargeOutbound(
  ctx: AppContext,
  channel: OutboundChannel,
  to: string,
  sender: OutboundSender,
  now = new Date(),
): Promise<() => Promise<void>> {
  if (!ctx.config.rateLimits) return async () => undefined;
  const q = OUTBOUND_QUOTA[channel];
  const r = recipientKey(to);
  const what = channel === 'mail' ? 'e-mails' : 'SMS';
  const scope = (s: 'account' | 'recipient') => `${channel}_${s}` as QuotaScope;
  const recipientMessage = (max: number) => (ttlMs: number) =>
    `This recipient has had ${max} ${what} today, the most we send to one ${channel === 'mail' ? 'address' : 'number'} in a day. Try again ${waitText(ttlMs)}.`;
  if (sender.platform || !sender.account) {
    return chargeBuckets(
      ctx,
      [{ key: `out:${channel}:platform-to:${r}`, max: q.platformPerRecipient, scope: scope('recipient'), message: recipientMessage(q.platformPerRecipient) }],
      QUOTA_WINDOW_MS,
      now,
    );
  }
  const account = sender.account;
  const paid = await paidPlan(ctx, account, now);
  const perDay = paid ? q.paidPerDay : q.freePerDay;
  return chargeBuckets(
    ctx,
    [
      {
        key: `out:${channel}:acct-to:${account}:${r}`,
        max: q.perRecipientPerAccount,
        scope: scope('recipient'),
        message: recipientMessage(q.perRecipientPerAccount),
      },
      { key: `out:${channel}:to:${r}`, max: q.perRecipient, scope: scope('recipient'), message: recipientMessage(q.perRecipient) },
      {
        key: `out:${channel}:acct:${account}`,
        max: perDay,
        scope: scope('account'),
        message: (ttlMs) =>
          `Your account has sent ${perDay} ${what} today, the most ${paid ? 'your plan sends' : 'the free plan sends'} in a day. ` +
          `Try again ${waitText(ttlMs)}${paid ? '' : ', or choose a paid plan to send more'}.`,
      },
    ],
    QUOTA_WINDOW_MS,
    now,
  );
}

import { createHash } from 'node:crypto';
import { and, eq, lte, sql } from 'drizzle-orm';
import { rateLimits } from '../../db/schema';
import type { AppContext } from '../../lib/context';
import { chargeBuckets, type QuotaScope, waitText } from '../../lib/outbound-quota';

const MINUTE = 60_000;

/**
 * Payment prompts from a public pay link — M-Pesa (issue 22) and every mobile-money or hosted rail (issue 25):
 * anyone holding the link can ask for one, so they are limited per invoice and per phone number (a short window
 * against bursts, a day against slow floods), on top of the per-address limit on the routes. The counters are
 * shared by all rails: a stranger cannot multiply the prompts to one phone, or the requests on one invoice, by
 * switching from M-Pesa to Airtel Money or from one address to another. Counted in rate_limits (one count for
 * every process on one PostgreSQL). RATE_LIMITS=off turns them off.
 */
export const PROMPT_LIMITS = {
  burstMs: 15 * MINUTE,
  dayMs: 24 * 60 * MINUTE,
  invoiceBurst: 5,
  invoiceDay: 20,
  phoneBurst: 3,
  phoneDay: 10,
} as const;

export interface PromptAsked {
  /** The invoice owner's id: the counters are keyed by it too, so they go with the account when it is deleted. */
  userId: string;
  invoiceId: string;
  /** E.164 digits of the phone the prompt goes to; null for a hosted checkout (counted per invoice only). */
  phone: string | null;
  /** 'mpesa' names the M-Pesa scopes the web words for M-Pesa; any other rail the general ones. */
  rail: string;
}

/** Counts one prompt; throws QuotaExceeded (429, Retry-After, fields.quota) when the invoice's or the number's is used up. */
export async function chargePrompt(ctx: AppContext, asked: PromptAsked): Promise<void> {
  if (!ctx.config.rateLimits) return;
  const mpesa = asked.rail === 'mpesa';
  const scope = (what: 'invoice' | 'phone') => `${mpesa ? 'mpesa' : 'rail'}_${what}` as QuotaScope;
  const kind = mpesa ? 'M-Pesa payment prompts' : 'payment requests';
  const invoice = (max: number) => (ttlMs: number) => `This invoice has had ${max} ${kind} recently. Please try again ${waitText(ttlMs)}, or pay another way.`;
  const number = (max: number) => (ttlMs: number) =>
    `This phone number has had ${max} ${mpesa ? kind : 'payment prompts'} recently. Please try again ${waitText(ttlMs)}, or pay another way.`;
  const inv = `prompt:inv:${asked.userId}:${asked.invoiceId}`;
  const tel = asked.phone ? phoneKey(asked.phone) : null;
  const L = PROMPT_LIMITS;
  const buckets = (window: 'burst' | 'day', invoiceMax: number, phoneMax: number) => [
    { key: `${inv}:${window}`, max: invoiceMax, scope: scope('invoice'), message: invoice(invoiceMax) },
    ...(tel ? [{ key: `${tel}:${window}`, max: phoneMax, scope: scope('phone'), message: number(phoneMax) }] : []),
  ];
  const refundBurst = await chargeBuckets(ctx, buckets('burst', L.invoiceBurst, L.phoneBurst), L.burstMs);
  try {
    await chargeBuckets(ctx, buckets('day', L.invoiceDay, L.phoneDay), L.dayMs);
  } catch (err) {
    await refundBurst();
    throw err;
  }
}

const phoneKey = (phone: string) => `prompt:phone:${createHash('sha256').update(phone).digest('base64url').slice(0, 22)}`;

/**
 * A prompt the customer approved was wanted (t18 U1): the phone's count for it is given back, in the windows it was
 * counted in. Declined and timed-out prompts keep counting: they are what a phone flooded by a stranger answers, so the
 * limit still protects it; a customer who paid part by phone, or paid another invoice, keeps their tries.
 */
export async function givePromptBack(ctx: AppContext, phone: string | null, askedAt: Date): Promise<void> {
  if (!ctx.config.rateLimits || !phone) return;
  const tel = phoneKey(phone);
  for (const [window, ms] of [
    ['burst', PROMPT_LIMITS.burstMs],
    ['day', PROMPT_LIMITS.dayMs],
  ] as const) {
    await ctx.db
      .update(rateLimits)
      .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
      // Only the window the prompt was counted in (one that began after it holds other prompts).
      .where(and(eq(rateLimits.key, `${tel}:${window}`), lte(rateLimits.resetAt, new Date(askedAt.getTime() + ms))));
  }
}

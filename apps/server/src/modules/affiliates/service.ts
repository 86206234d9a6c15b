import { randomBytes } from 'node:crypto';
import { formatInvoiceMoney, minorDigits } from '@duka/core';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/connect';
import { affiliateClicks, affiliateCommissions, affiliatePayouts, affiliateReferrals, affiliates, users } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import type { PlanPaymentInfo, Tx } from '../../lib/registry';

/** Affiliate programme rules: codes, clicks, attribution, commissions and payouts (routes.ts holds HTTP). */

export interface PayoutDetails {
  payout_method: 'bank' | 'mobile_money';
  bank_name?: string;
  account_name?: string;
  account_number?: string;
  mobile_provider?: string;
  mobile_number?: string;
}

/** a.b+shop@gmail.com and ab@gmail.com are one person. */
export function sameEmail(a: string, b: string): boolean {
  const norm = (e: string) => {
    const [local = '', domain = ''] = e.trim().toLowerCase().split('@');
    const base = local.split('+')[0]!;
    return `${domain === 'gmail.com' || domain === 'googlemail.com' ? base.replace(/\./g, '') : base}@${domain === 'googlemail.com' ? 'gmail.com' : domain}`;
  };
  return norm(a) === norm(b);
}

async function findByCode(db: Db | Tx, code: string) {
  const [row] = await db
    .select()
    .from(affiliates)
    .where(sql`lower(${affiliates.code}) = ${code.trim().toLowerCase()}`);
  return row;
}

async function newCode(db: Db, username: string): Promise<string> {
  const stem =
    username
      .replace(/[^a-z0-9]/gi, '')
      .toUpperCase()
      .slice(0, 8) || 'DUKA';
  for (let i = 0; i < 10; i++) {
    const code = `${stem}${randomBytes(2).toString('hex').toUpperCase()}`;
    if (!(await findByCode(db, code))) return code;
  }
  return randomBytes(6).toString('hex').toUpperCase();
}

export async function getAffiliate(db: Db, userId: string) {
  const [row] = await db.select().from(affiliates).where(eq(affiliates.userId, userId));
  return row;
}

/** Makes the user an affiliate (or updates the payout details of one) and returns the row. */
export async function becomeAffiliate(db: Db, userId: string, details: PayoutDetails) {
  const { payout_method, ...rest } = details;
  const existing = await getAffiliate(db, userId);
  if (existing) {
    const [row] = await db.update(affiliates).set({ payoutMethod: payout_method, payoutDetails: rest }).where(eq(affiliates.userId, userId)).returning();
    return row!;
  }
  const [user] = await db.select({ username: users.username }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound('User');
  const [row] = await db
    .insert(affiliates)
    .values({ userId, code: await newCode(db, user.username), payoutMethod: payout_method, payoutDetails: rest })
    .returning();
  return row!;
}

/** A visit with ?ref=CODE: counted once per visitor; the affiliate's own visits are not counted. */
export async function recordClick(db: Db, code: string, visitorId: string, signedInUserId?: string): Promise<boolean> {
  const affiliate = await findByCode(db, code);
  if (!affiliate || affiliate.userId === signedInUserId) return false;
  const rows = await db
    .insert(affiliateClicks)
    .values({ affiliateId: affiliate.userId, visitorId })
    .onConflictDoNothing()
    .returning({ v: affiliateClicks.visitorId });
  return rows.length > 0;
}

/** Registration hook: the new user's ref code attributes them once to its affiliate (never to themselves). */
export async function attribute(tx: Tx, userId: string): Promise<void> {
  const [user] = await tx.select({ ref: users.refCode, email: users.email }).from(users).where(eq(users.id, userId));
  if (!user?.ref) return;
  const affiliate = await findByCode(tx, user.ref);
  if (!affiliate || affiliate.userId === userId) return;
  const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, affiliate.userId));
  if (owner && sameEmail(owner.email, user.email)) return; // self-referral
  await tx.insert(affiliateReferrals).values({ referredId: userId, affiliateId: affiliate.userId }).onConflictDoNothing();
}

/**
 * Plan payment hook (inside the webhook's transaction): a referred user's payment within the programme's
 * months earns the affiliate rate; a refund reverses as much (never more than was earned from that user).
 * The unique (event, kind) row makes a replayed webhook a no-op. Test payments earn nothing.
 */
export async function onPlanPayment(tx: Tx, config: Config, p: PlanPaymentInfo): Promise<void> {
  // Test payments (the built-in test provider, or a provider's test keys) move no money: no commission, nothing to reverse.
  if (p.test) return;
  const [ref] = await tx.select().from(affiliateReferrals).where(eq(affiliateReferrals.referredId, p.userId));
  if (!ref || p.amount <= 0) return;
  const share = Math.round((p.amount * config.affiliateRateBps) / 10_000);
  if (p.kind === 'paid') {
    const end = new Date(ref.createdAt);
    end.setMonth(end.getMonth() + config.affiliateMonths);
    if (Date.now() > end.getTime() || share <= 0) return;
    await tx
      .insert(affiliateCommissions)
      .values({ affiliateId: ref.affiliateId, referredId: p.userId, eventId: p.eventId, kind: 'commission', amount: share, currency: p.currency })
      .onConflictDoNothing();
    return;
  }
  const [earned] = await tx
    .select({ net: sql<number>`coalesce(sum(${affiliateCommissions.amount}), 0)::bigint` })
    .from(affiliateCommissions)
    .where(
      and(eq(affiliateCommissions.affiliateId, ref.affiliateId), eq(affiliateCommissions.referredId, p.userId), eq(affiliateCommissions.currency, p.currency)),
    );
  const reverse = Math.min(share, Number(earned?.net ?? 0));
  if (reverse <= 0) return;
  await tx
    .insert(affiliateCommissions)
    .values({ affiliateId: ref.affiliateId, referredId: p.userId, eventId: p.eventId, kind: 'reversal', amount: -reverse, currency: p.currency })
    .onConflictDoNothing();
}

/**
 * The smallest payout in a currency, in its minor units. A currency named in AFFILIATE_MIN_PAYOUT takes its own
 * figure; any other takes `*`, written as cents of a two-decimal currency (5000 = 50 units) and scaled to the
 * currency's ISO minor units (issue 23): 50 FCFA for XAF, which has none, not 5,000.
 */
export function minPayout(config: Config, currency: string): number {
  const own = config.affiliateMinPayout[currency.toUpperCase()];
  if (own !== undefined) return own;
  const any = config.affiliateMinPayout['*'] ?? 0;
  return Math.round((any * 10 ** minorDigits(currency)) / 100);
}

/** An unpaid row counts as payable once its hold has passed; reversals count at once. */
const payableNow = (holdDays: number) =>
  sql`${affiliateCommissions.payoutId} is null and (${affiliateCommissions.amount} < 0 or ${affiliateCommissions.createdAt} <= now() - make_interval(days => ${holdDays}::int))`;

export async function dashboard(db: Db, config: Config, userId: string) {
  const affiliate = await getAffiliate(db, userId);
  if (!affiliate) return null;
  const hold = config.affiliateHoldDays;
  const [clicks, signups, paying, balances, payouts] = await Promise.all([
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(affiliateClicks)
      .where(eq(affiliateClicks.affiliateId, userId)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(affiliateReferrals)
      .where(eq(affiliateReferrals.affiliateId, userId)),
    db
      .select({ n: sql<number>`count(distinct ${affiliateCommissions.referredId})::int` })
      .from(affiliateCommissions)
      .where(and(eq(affiliateCommissions.affiliateId, userId), eq(affiliateCommissions.kind, 'commission'))),
    db.execute(sql`
      select ac.currency,
        coalesce(sum(ac.amount) filter (where ac.payout_id is null and ac.amount > 0 and ac.created_at > now() - make_interval(days => ${hold}::int)), 0)::bigint as pending,
        coalesce(sum(ac.amount) filter (where ac.payout_id is null and (ac.amount < 0 or ac.created_at <= now() - make_interval(days => ${hold}::int))), 0)::bigint as payable,
        coalesce(sum(ac.amount) filter (where p.status = 'requested'), 0)::bigint as requested,
        coalesce(sum(ac.amount) filter (where p.status = 'paid'), 0)::bigint as paid
      from affiliate_commissions ac left join affiliate_payouts p on p.id = ac.payout_id
      where ac.affiliate_id = ${userId}::uuid
      group by ac.currency order by ac.currency`),
    db.select().from(affiliatePayouts).where(eq(affiliatePayouts.affiliateId, userId)).orderBy(desc(affiliatePayouts.requestedAt)),
  ]);
  const rows = (balances as unknown as { rows: Array<Record<string, unknown>> }).rows;
  return {
    affiliate,
    stats: { clicks: clicks[0]?.n ?? 0, signups: signups[0]?.n ?? 0, paying_users: paying[0]?.n ?? 0 },
    balances: rows.map((r) => ({
      currency: String(r.currency),
      pending: Number(r.pending),
      payable: Math.max(0, Number(r.payable)),
      requested: Number(r.requested),
      paid: Number(r.paid),
      min_payout: minPayout(config, String(r.currency)),
    })),
    payouts,
  };
}

/** Asks for the payable balance of one currency, if it reaches the minimum; its rows move into the payout. */
export async function requestPayout(db: Db, config: Config, userId: string, currency: string) {
  if (!(await getAffiliate(db, userId))) throw new AppError('forbidden', 'Join the affiliate programme first');
  return db.transaction(async (tx) => {
    // One request at a time per affiliate: lock the affiliate row.
    await tx.execute(sql`select 1 from ${affiliates} where user_id = ${userId}::uuid for update`);
    const where = and(eq(affiliateCommissions.affiliateId, userId), eq(affiliateCommissions.currency, currency), payableNow(config.affiliateHoldDays));
    const [sum] = await tx
      .select({ total: sql<number>`coalesce(sum(${affiliateCommissions.amount}), 0)::bigint` })
      .from(affiliateCommissions)
      .where(where);
    const total = Number(sum?.total ?? 0);
    const min = minPayout(config, currency);
    if (total <= 0 || total < min) {
      throw new AppError(
        'unprocessable',
        `Your payable balance must reach the minimum payout of ${formatInvoiceMoney(min, currency)} before you can ask for it`,
      );
    }
    const [payout] = await tx.insert(affiliatePayouts).values({ affiliateId: userId, amount: total, currency }).returning();
    await tx.update(affiliateCommissions).set({ payoutId: payout!.id }).where(where);
    return payout!;
  });
}

export async function pendingPayouts(db: Db) {
  return db
    .select({
      payout: affiliatePayouts,
      code: affiliates.code,
      method: affiliates.payoutMethod,
      details: affiliates.payoutDetails,
      name: users.name,
      email: users.email,
    })
    .from(affiliatePayouts)
    .innerJoin(affiliates, eq(affiliates.userId, affiliatePayouts.affiliateId))
    .innerJoin(users, eq(users.id, affiliatePayouts.affiliateId))
    .orderBy(desc(affiliatePayouts.requestedAt));
}

export async function markPaid(db: Db, id: string) {
  const [row] = await db
    .update(affiliatePayouts)
    .set({ status: 'paid', paidAt: new Date() })
    .where(and(eq(affiliatePayouts.id, id), eq(affiliatePayouts.status, 'requested')))
    .returning();
  if (row) return row;
  const [exists] = await db.select({ id: affiliatePayouts.id }).from(affiliatePayouts).where(eq(affiliatePayouts.id, id));
  if (!exists) throw notFound('Payout');
  throw new AppError('conflict', 'This payout is already marked paid');
}

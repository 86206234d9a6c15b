import { z } from 'zod';
import { SUBSCRIPTION_STATUSES } from './catalog';

// API shapes (SPEC §7 subscriptions, transactions, portal).
export const subscriptionResponse = z.object({
  plan: z.string().nullable(),
  intent: z.string().nullable(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  provider: z.string().nullable(),
  current_period_end: z.string().nullable(),
  months: z.number().int().nullable(),
  amount: z.number().int().nullable(),
  currency: z.string().nullable(),
  credit: z.number().int(),
  paid: z.boolean(),
  /**
   * After Change Plan (t21 B1): `plan` is the plan running until current_period_end, `next_plan` the one that starts
   * then (`intent`, `amount` and `months` are the next plan's: what the next charge is). Absent when no change waits.
   */
  next_plan: z.string().nullable().optional(),
});
export type SubscriptionInfo = z.infer<typeof subscriptionResponse>;

export const changePlanBody = z.object({
  subscription: z.object({ plan: z.string({ message: 'Choose a plan' }).trim().min(1, 'Choose a plan') }),
});

export const transactionBody = z.object({
  transaction: z.union([z.object({ intent: z.string().trim().min(1).max(60) }).strict(), z.object({ credit_pack: z.string().trim().min(1).max(60) }).strict()]),
  callback_url: z.string().max(500).optional(),
});
export type TransactionBody = z.infer<typeof transactionBody>;

/** underpaid: money arrived, but less than the price or in another currency: nothing was granted. */
export const checkoutStatuses = ['open', 'paid', 'failed', 'underpaid'] as const;
export const checkoutStatusResponse = z.object({
  reference: z.string(),
  status: z.enum(checkoutStatuses),
  kind: z.enum(['plan', 'credit_pack']),
  item: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  credit: z.number().int(),
});
export type CheckoutStatus = z.infer<typeof checkoutStatusResponse>;

export const billingPayment = z.object({
  id: z.string(),
  /** underpaid: received less than the price (or another currency); nothing granted. */
  kind: z.enum(['plan', 'credit_pack', 'refund', 'underpaid']),
  item: z.string(),
  description: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  credits: z.number().int(),
  provider: z.string(),
  /** A test payment (TEST MODE): no real money moved. */
  test: z.boolean(),
  created_at: z.string(),
});
export type BillingPayment = z.infer<typeof billingPayment>;

import { z } from 'zod';
import { safeString } from '../records/text';
import { currencyCodeSchema } from '../rules';

const text = (max: number) => safeString({ max });
/** Joining the affiliate programme (or changing payout details). */
export const payoutDetailsInput = z
  .object({
    payout_method: z.enum(['bank', 'mobile_money'], { message: 'Choose bank account or mobile money' }),
    bank_name: text(100).optional(),
    account_name: text(100).optional(),
    account_number: text(40).optional(),
    mobile_provider: text(60).optional(),
    mobile_number: text(40).optional(),
  })
  .superRefine((v, ctx) => {
    const need = (key: keyof typeof v, message: string) => {
      if (!String(v[key] ?? '').trim()) ctx.addIssue({ code: 'custom', path: [key], message });
    };
    if (v.payout_method === 'bank') {
      need('bank_name', 'Enter the bank name');
      need('account_name', 'Enter the account name');
      need('account_number', 'Enter the account number');
    } else {
      need('mobile_provider', 'Enter the mobile-money provider (e.g. M-Pesa)');
      need('mobile_number', 'Enter the mobile-money number');
    }
  });
export type PayoutDetailsInput = z.input<typeof payoutDetailsInput>;

export const payoutSchema = z.object({
  id: z.uuid(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(['requested', 'paid']),
  requested_at: z.string(),
  paid_at: z.string().nullable(),
});
export const affiliateTermsSchema = z.object({
  rate_bps: z.number().int(),
  months: z.number().int(),
  hold_days: z.number().int(),
  min_payout: z.record(z.string(), z.number().int()),
});
export const affiliateSchema = z.object({
  code: z.string(),
  link: z.string(),
  payout_method: z.string(),
  payout_details: z.record(z.string(), z.string()),
  created_at: z.string(),
});
export const affiliateBalanceSchema = z.object({
  currency: z.string(),
  pending: z.number().int(),
  payable: z.number().int(),
  requested: z.number().int(),
  paid: z.number().int(),
  min_payout: z.number().int(),
});
export const affiliateDashboardSchema = z.object({
  affiliate: affiliateSchema.nullable(),
  stats: z.object({ clicks: z.number().int(), signups: z.number().int(), paying_users: z.number().int() }),
  balances: z.array(affiliateBalanceSchema),
  payouts: z.array(payoutSchema),
  terms: affiliateTermsSchema,
  can_manage: z.boolean(),
});
export const payoutRequestBody = z.object({
  currency: currencyCodeSchema,
});
export const adminPayoutSchema = payoutSchema.extend({
  code: z.string(),
  name: z.string(),
  email: z.string(),
  payout_method: z.string(),
  payout_details: z.record(z.string(), z.string()),
});
export const affiliateClickBody = z.object({
  code: safeString({ max: 40 }).pipe(z.string().min(1)),
  visitor_id: safeString({ max: 64 }).pipe(z.string().min(8)),
});

export type AffiliatePayout = z.infer<typeof payoutSchema>;
export type AffiliateTerms = z.infer<typeof affiliateTermsSchema>;
export type AffiliateBalance = z.infer<typeof affiliateBalanceSchema>;
export type AffiliateDashboard = z.infer<typeof affiliateDashboardSchema>;
export type AdminPayout = z.infer<typeof adminPayoutSchema>;

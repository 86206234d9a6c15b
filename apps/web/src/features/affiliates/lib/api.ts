import type { AdminPayout, AffiliateDashboard as Dashboard, AffiliatePayout as Payout, AffiliateTerms as Terms, PayoutDetailsInput } from '@duka/core';
import { api } from '../../../data/api';

export type { AdminPayout, Dashboard, Payout, PayoutDetailsInput, Terms };

export const affiliateApi = {
  terms: () => api('GET /affiliates/terms'),
  me: () => api('GET /affiliates/me'),
  join: (input: PayoutDetailsInput) => api('POST /affiliates', { body: input }),
  requestPayout: (currency: string) => api('POST /affiliates/payouts', { body: { currency } }),
  adminPayouts: () => api('GET /admin/affiliate-payouts'),
  markPaid: (id: string) => api('POST /admin/affiliate-payouts/:id/paid', { params: { id }, body: {} }),
};

import { api } from '../../../data/api';

export interface Terms {
  rate_bps: number;
  months: number;
  hold_days: number;
  min_payout: Record<string, number>;
}
export interface Payout {
  id: string;
  amount: number;
  currency: string;
  status: 'requested' | 'paid';
  requested_at: string;
  paid_at: string | null;
}
export interface Dashboard {
  affiliate: { code: string; link: string; payout_method: string; payout_details: Record<string, string>; created_at: string } | null;
  stats: { clicks: number; signups: number; paying_users: number };
  balances: Array<{ currency: string; pending: number; payable: number; requested: number; paid: number; min_payout: number }>;
  payouts: Payout[];
  terms: Terms;
  can_manage: boolean;
}
export interface PayoutDetailsInput {
  payout_method: 'bank' | 'mobile_money';
  bank_name?: string;
  account_name?: string;
  account_number?: string;
  mobile_provider?: string;
  mobile_number?: string;
}
export interface AdminPayout extends Payout {
  code: string;
  name: string;
  email: string;
  payout_method: string;
  payout_details: Record<string, string>;
}

export const affiliateApi = {
  terms: () => api<Terms>('/affiliates/terms', { auth: false }),
  me: () => api<Dashboard>('/affiliates/me'),
  join: (input: PayoutDetailsInput) => api<Dashboard>('/affiliates', { method: 'POST', body: input }),
  requestPayout: (currency: string) => api<Payout>('/affiliates/payouts', { method: 'POST', body: { currency } }),
  adminPayouts: () => api<{ payouts: AdminPayout[] }>('/admin/affiliate-payouts'),
  markPaid: (id: string) => api<Payout>(`/admin/affiliate-payouts/${encodeURIComponent(id)}/paid`, { method: 'POST', body: {} }),
};

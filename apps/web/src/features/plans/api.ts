import type { SubscriptionInfo, TransactionBody } from '@duka/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../data/api';
import { getStoredUser, getToken, setSession } from '../../data/session';
import { rememberPlan } from './paid';

export const billingKeys = {
  subscription: ['billing', 'subscription'] as const,
  history: ['billing', 'history'] as const,
};
/** The AI writer's credit query (features/ai/api.ts aiKeys.credit): refreshed after paying. */
const AI_CREDIT_KEY = ['ai', 'credit'] as const;

/** SPEC §2 token-or-query: a token query parameter is stored and used from then on. */
export function adoptToken(search: string): void {
  const token = new URLSearchParams(search).get('token');
  if (token && token !== getToken()) setSession(token);
}

export function useSubscription() {
  return useQuery({
    queryKey: billingKeys.subscription,
    queryFn: async () => {
      const sub = await api('GET /subscriptions');
      rememberPlan(getStoredUser<{ id?: string }>()?.id, sub);
      return sub;
    },
    staleTime: 10_000,
  });
}

export function useBillingHistory() {
  return useQuery({ queryKey: billingKeys.history, queryFn: async () => (await api('GET /transactions')).data });
}

/** After a change, a cancel or a payment: the plan, history and AI credit shown everywhere refresh. */
export function useRefreshBilling() {
  const client = useQueryClient();
  return useCallback(
    (sub?: SubscriptionInfo) => {
      if (sub) {
        rememberPlan(getStoredUser<{ id?: string }>()?.id, sub);
        client.setQueryData(billingKeys.subscription, sub);
        client.setQueryData(AI_CREDIT_KEY, sub.credit);
      }
      void client.invalidateQueries({ queryKey: ['billing'] });
      void client.invalidateQueries({ queryKey: AI_CREDIT_KEY });
    },
    [client],
  );
}

export const startCheckout = (body: TransactionBody) => api('POST /transactions', { body });
export const openPortal = () => api('POST /portal');
export const changePlan = (plan: string) => api('POST /subscriptions/change-plan', { body: { subscription: { plan } } });
export const cancelPlan = () => api('POST /subscriptions/cancel-plan');

/** Leaves for the provider's page (same-origin paths for the built-in test provider). */
export function goTo(url: string): void {
  window.location.assign(url);
}

/** Whether the browser says it is online (paying needs a connection). */
export { useOnline } from '../../ui/online';

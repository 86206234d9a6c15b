import { randomUUID } from 'node:crypto';
import { apiPath, PROVIDER_CALLBACKS } from '@duka/core';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { type SignedUp, signUp } from '../../test/harness';
import { signTestEvent, TEST_SIGNATURE_HEADER, type TestBillingEventBody, type TestEventBody } from '../payments';

export const CARD = { card_number: '4242 4242 4242 4242', exp: '12/34', cvc: '123', name: 'Ada Obi' };

export function billingApi(app: FastifyInstance, user: SignedUp) {
  const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await app.inject({ method, url: `/api${url}`, headers: user.auth, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: res.json() };
  };
  return { get: (url: string) => call('GET', url), post: (url: string, payload: object = {}) => call('POST', url, payload) };
}

/** Signs up, starts a checkout and pays it on the test provider's checkout (4242…). */
export async function subscribed(app: FastifyInstance, intent = 'ng-monthly', extra: Record<string, unknown> = {}) {
  const user = await signUp(app, extra);
  const api = billingApi(app, user);
  const started = await api.post('/transactions', { transaction: { intent } });
  if (started.status !== 200) throw new Error(`checkout failed: ${JSON.stringify(started.body)}`);
  const paid = await app.inject({ method: 'POST', url: `/api/test-pay/checkouts/${started.body.reference}/confirm`, payload: CARD });
  if (paid.statusCode !== 200) throw new Error(`pay failed: ${paid.body}`);
  return { user, api, reference: started.body.reference as string };
}

export function billingEvent(
  userId: string,
  over: Partial<TestBillingEventBody['data']['object']> & { type?: TestBillingEventBody['type']; id?: string; created?: number } = {},
): TestBillingEventBody {
  const { type, id, created, ...object } = over;
  return {
    id: id ?? `evt_${randomUUID()}`,
    type: type ?? 'billing.paid',
    created: created ?? Math.floor(Date.now() / 1000),
    data: {
      object: {
        reference: null,
        user_id: userId,
        kind: 'plan',
        item: 'ng-monthly',
        amount: 200000,
        currency: 'NGN',
        subscription_id: null,
        customer_id: null,
        period_end: null,
        ...object,
      },
    },
  };
}

/** The test provider's signed webhook call to Duka, for a plan or an invoice payment event. */
export async function sendTestEvent(app: FastifyInstance, config: Config, event: TestBillingEventBody | TestEventBody, signature?: string) {
  const signed = signTestEvent(config, event);
  return app.inject({
    method: 'POST',
    url: apiPath(PROVIDER_CALLBACKS.signed, { provider: 'test-pay' }),
    payload: signed.body,
    headers: { 'content-type': 'application/json', [TEST_SIGNATURE_HEADER]: signature ?? signed.signature },
  });
}

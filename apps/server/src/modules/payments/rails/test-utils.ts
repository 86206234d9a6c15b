import { apiPath, type RailId } from '@duka/core';
import type { FastifyInstance } from 'fastify';
import { afterAll, expect } from 'vitest';
import type { Config } from '../../../config';
import { openTestApp, signUp } from '../../../test/harness';
import { invoiceBody, withContact } from '../../invoices/test-utils';

/**
 * What every rail's test (issue 25) starts from: an app listening on 127.0.0.1, whose public address is that one (the
 * local provider servers call its webhooks and send customers back to it), a sent invoice in a country's currency,
 * and the pay page's two calls for a rail, their paths from core's route table.
 */
export async function listeningApp(overrides: Partial<Config>) {
  const opened = await openTestApp(overrides);
  const url = await opened.app.listen({ port: 0, host: '127.0.0.1' });
  opened.ctx.config.publicUrl = url;
  return { ...opened, url };
}

/**
 * A provider's local server and the listening app that uses it, closed after the file's tests: `startServer` gets the
 * app's address as a function (the server starts first, the app listens after), `config` points the app at the server.
 */
export async function withProvider<S extends { base: string; close(): unknown }>(
  startServer: (appUrl: () => string) => Promise<S>,
  config: (server: S) => Partial<Config>,
) {
  let url = '';
  const server = await startServer(() => url);
  const opened = await listeningApp(config(server));
  url = opened.url;
  afterAll(() => server.close());
  return { ...opened, server };
}

/** The address a provider's webhook reaches on the app at `base` ('flutterwave' → …/api/webhooks/flutterwave). */
export const webhookUrl = (base: string, provider: 'flutterwave' | 'airtel' | 'chapa') => `${base}${apiPath(`POST /webhooks/${provider}`)}`;

/** A sent invoice without fees, from a new business in `country`, to a new contact (`contact`'s fields). */
export async function sentInvoiceIn(
  app: FastifyInstance,
  country: string,
  currency: string,
  contact: Record<string, unknown> = {},
  extra: Record<string, unknown> = {},
) {
  const user = await signUp(app, { country });
  const { api, contactId } = await withContact(app, user, contact);
  const res = await api.post('/invoices', invoiceBody(contactId, { status: 'sent', currency, fees: [], fee_ids: [], ...extra }));
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return { user, api, inv: res.body as { id: string; public_id: string; number: string; balance: number; total_due: number } };
}

/** The public pay page's calls for one rail: start a payment (its body), and ask a payment's state (`query`: `?transaction_id=…`). */
export function railCalls(app: FastifyInstance, rail: RailId) {
  return {
    start: (publicId: string, payload: object = {}) =>
      app.inject({ method: 'POST', url: apiPath('POST /invoices/link/:public_id/rails/:rail', { public_id: publicId, rail }), payload }),
    status: (publicId: string, reference: string, query = '') =>
      app.inject({
        method: 'GET',
        url: `${apiPath('GET /invoices/link/:public_id/rails/:rail/:reference', { public_id: publicId, rail, reference })}${query}`,
      }),
  };
}

/**
 * The provider's call (its webhook or notify) and its replays beside the pay page's polls, `times` each, all at once:
 * every call answers 200 and the payment ends paid. The test then checks it was recorded once.
 */
export async function settleAtOnce(providerCall: () => Promise<number>, poll: () => Promise<{ statusCode: number; json(): { status: string } }>, times = 3) {
  const answers = await Promise.all([...Array.from({ length: times }, providerCall), ...Array.from({ length: times }, () => poll().then((r) => r.statusCode))]);
  expect(answers.every((s) => s === 200)).toBe(true);
  await expect.poll(async () => (await poll()).json().status).toBe('paid');
}

import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { deliver, listenLocal, readBody as read, sendJson as send } from './http-server';

/**
 * A local server speaking Airtel Money's Open API for collections: POST /auth/oauth2/token (client credentials in
 * the JSON body) → a bearer token; POST /merchant/v1/payments/ (X-Country, X-Currency; msisdn without the country
 * code; a transaction id it already has is refused as a duplicate); GET /standard/v1/payments/{id} → TIP until
 * answered, then TS (with airtel_money_id), TF or TE. `complete()` POSTs the callback Airtel sends.
 */
export interface AirtelPush {
  id: string;
  country: string;
  currency: string;
  body: {
    reference: string;
    subscriber: { country: string; currency: string; msisdn: string };
    transaction: { amount: number; country: string; currency: string; id: string };
  };
  status: 'TIP' | 'TS' | 'TF' | 'TE';
  airtelMoneyId?: string;
  message?: string;
}
export interface AirtelServer {
  base: string;
  pushes: Map<string, AirtelPush>;
  tokensIssued: number;
  failNext: number;
  complete(id: string, status: 'TS' | 'TF' | 'TE', opts?: { message?: string; url?: string }): Promise<number>;
  close(): Promise<void>;
}

export async function startAirtelServer(opts: { clientId: string; clientSecret: string; callbackUrl: () => string }): Promise<AirtelServer> {
  const tokens = new Set<string>();
  const state = { pushes: new Map<string, AirtelPush>(), tokensIssued: 0, failNext: 0 };
  const ok = (message = 'SUCCESS') => ({ code: '200', message, result_code: 'ESB000010', response_code: 'DP00800001006', success: true });
  const server: Server = createServer(async (req, res) => {
    const raw = await read(req);
    const url = new URL(req.url ?? '/', 'http://x');
    if (state.failNext > 0) {
      state.failNext--;
      return send(res, 500, { status: { code: '500', message: 'Internal error', success: false } });
    }
    if (req.method === 'POST' && url.pathname === '/auth/oauth2/token') {
      const b = JSON.parse(raw || '{}') as Record<string, string>;
      if (b.client_id !== opts.clientId || b.client_secret !== opts.clientSecret || b.grant_type !== 'client_credentials')
        return send(res, 401, { error: 'invalid_client', error_description: 'Client authentication failed' });
      const t = randomBytes(16).toString('hex');
      tokens.add(t);
      state.tokensIssued++;
      return send(res, 200, { access_token: t, expires_in: '180', token_type: 'bearer' });
    }
    if (!tokens.has(/^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? ''))
      return send(res, 401, { status: { code: '401', message: 'Unauthorized', success: false } });
    const country = String(req.headers['x-country'] ?? '');
    const currency = String(req.headers['x-currency'] ?? '');
    if (!/^[A-Z]{2}$/.test(country) || !/^[A-Z]{3}$/.test(currency))
      return send(res, 400, { status: { code: '400', message: 'X-Country and X-Currency are required', success: false } });
    if (req.method === 'POST' && url.pathname === '/merchant/v1/payments/') {
      const b = JSON.parse(raw) as AirtelPush['body'];
      if (/^\+|^\d{3}\d{9}$/.test(b.subscriber?.msisdn ?? '') || !/^\d{8,10}$/.test(b.subscriber?.msisdn ?? ''))
        return send(res, 400, { status: { code: '400', message: 'Do not send the country code in msisdn', success: false } });
      if (state.pushes.has(b.transaction.id))
        return send(res, 200, {
          data: { transaction: { id: b.transaction.id, status: 'FAILED' } },
          status: { ...ok('Duplicate transaction id'), success: false },
        });
      state.pushes.set(b.transaction.id, { id: b.transaction.id, country, currency, body: b, status: 'TIP' });
      return send(res, 200, { data: { transaction: { id: b.transaction.id, status: 'Success.' } }, status: ok('Success.') });
    }
    const m = /^\/standard\/v1\/payments\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && m) {
      const p = state.pushes.get(m[1]);
      if (!p || p.country !== country) return send(res, 404, { status: { code: '404', message: 'Transaction not found', success: false } });
      return send(res, 200, {
        data: { transaction: { id: p.id, status: p.status, airtel_money_id: p.airtelMoneyId ?? null, message: p.message ?? '' } },
        status: ok(),
      });
    }
    return send(res, 404, { status: { code: '404', message: 'Not found', success: false } });
  });
  const local = await listenLocal(server);
  return Object.assign(state, {
    base: local.base,
    async complete(id: string, status: 'TS' | 'TF' | 'TE', o: { message?: string; url?: string } = {}) {
      const p = state.pushes.get(id);
      if (!p) throw new Error(`no push ${id}`);
      p.status = status;
      p.message = o.message ?? (status === 'TS' ? 'Paid' : 'Transaction failed');
      if (status === 'TS') p.airtelMoneyId ??= `MP${Date.now().toString().slice(-10)}`;
      return deliver(o.url ?? opts.callbackUrl(), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ transaction: { id, message: p.message, status_code: status, airtel_money_id: p.airtelMoneyId ?? '' } }),
      });
    },
    close: local.close,
  }) as AirtelServer;
}

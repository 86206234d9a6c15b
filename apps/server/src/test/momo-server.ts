import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { deliver, listenLocal, readBody as read } from './http-server';

/**
 * A local server speaking MTN MoMo's Collections API (momodeveloper.mtn.com): POST /collection/token/ (Basic of
 * API user:API key, Ocp-Apim-Subscription-Key) → a bearer token; POST /collection/v1_0/requesttopay (bearer,
 * X-Reference-Id a UUID v4, X-Target-Environment, optional X-Callback-Url) → 202, or 409 for a reference it
 * already has; GET /collection/v1_0/requesttopay/{reference} → PENDING, then SUCCESSFUL or FAILED with a reason.
 * Like MTN, it calls X-Callback-Url (PUT, the same body as the status) when a request is answered.
 * Faults: `failNext` 5xx answers, `hangNext` requests left unanswered (time-outs), `tokenTtlSeconds`.
 */
export interface MomoRequest {
  reference: string;
  environment: string;
  callbackUrl: string | null;
  body: { amount: string; currency: string; externalId: string; payer: { partyIdType: string; partyId: string }; payerMessage?: string; payeeNote?: string };
  status: 'PENDING' | 'SUCCESSFUL' | 'FAILED';
  reason?: string;
  financialTransactionId?: string;
  /** What MTN says it took (defaults to what was asked). */
  paid?: { amount: string; currency: string };
  attempts: number;
}

export interface MomoServer {
  base: string;
  requests: Map<string, MomoRequest>;
  tokensIssued: number;
  statusCalls: number;
  failNext: number;
  hangNext: number;
  tokenTtlSeconds: number;
  /** Revokes every issued token (the next call with one gets 401). */
  revokeTokens(): void;
  /** The customer answered: SUCCESSFUL (optionally with another amount/currency) or FAILED with a reason; calls back. Returns the app's HTTP status (0: no callback URL). */
  complete(
    reference: string,
    status: 'SUCCESSFUL' | 'FAILED',
    opts?: { reason?: string; amount?: string; currency?: string; callback?: boolean },
  ): Promise<number>;
  /** Sends the last callback again. */
  replay(reference: string, body?: Record<string, unknown>): Promise<number>;
  close(): Promise<void>;
}

const UUID4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export async function startMomoServer(opts: { subscriptionKey: string; apiUser: string; apiKey: string; environments: string[] }): Promise<MomoServer> {
  const tokens = new Map<string, number>();
  const state = {
    requests: new Map<string, MomoRequest>(),
    tokensIssued: 0,
    statusCalls: 0,
    failNext: 0,
    hangNext: 0,
    tokenTtlSeconds: 3600,
  };
  const statusBody = (r: MomoRequest) => ({
    amount: r.paid?.amount ?? r.body.amount,
    currency: r.paid?.currency ?? r.body.currency,
    ...(r.financialTransactionId ? { financialTransactionId: r.financialTransactionId } : {}),
    externalId: r.body.externalId,
    payer: r.body.payer,
    payerMessage: r.body.payerMessage,
    payeeNote: r.body.payeeNote,
    status: r.status,
    ...(r.reason ? { reason: r.reason } : {}),
  });
  const send = (res: import('node:http').ServerResponse, status: number, body?: unknown) => {
    res.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json' });
    res.end(body === undefined ? '' : JSON.stringify(body));
  };
  const authed = (req: IncomingMessage) => {
    const m = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
    const exp = m ? tokens.get(m[1]) : undefined;
    return exp !== undefined && exp > Date.now();
  };

  const server: Server = createServer(async (req, res) => {
    const body = await read(req);
    const url = new URL(req.url ?? '/', 'http://x');
    if (req.headers['ocp-apim-subscription-key'] !== opts.subscriptionKey)
      return send(res, 401, { statusCode: 401, message: 'Access denied due to invalid subscription key.' });
    if (state.hangNext > 0) {
      state.hangNext--;
      return; // never answers: the client's time-out
    }
    if (state.failNext > 0) {
      state.failNext--;
      // A 5xx after the request was read: MTN may or may not have it (a retry with the same X-Reference-Id is safe).
      if (req.method === 'POST' && url.pathname === '/collection/v1_0/requesttopay' && UUID4.test(String(req.headers['x-reference-id'])))
        remember(String(req.headers['x-reference-id']), req, body);
      return send(res, 503, { message: 'Service unavailable' });
    }
    if (req.method === 'POST' && url.pathname === '/collection/token/') {
      const expected = `Basic ${Buffer.from(`${opts.apiUser}:${opts.apiKey}`).toString('base64')}`;
      if (req.headers.authorization !== expected) return send(res, 401, { error: 'login_failed' });
      const token = randomBytes(16).toString('hex');
      tokens.set(token, Date.now() + state.tokenTtlSeconds * 1000);
      state.tokensIssued++;
      return send(res, 200, { access_token: token, token_type: 'access_token', expires_in: state.tokenTtlSeconds });
    }
    if (!authed(req)) return send(res, 401, { code: 'Unauthorized', message: 'Invalid or expired token' });
    const env = String(req.headers['x-target-environment'] ?? '');
    if (!opts.environments.includes(env)) return send(res, 400, { code: 'INVALID_TARGET_ENVIRONMENT', message: `Unknown environment ${env}` });
    if (req.method === 'POST' && url.pathname === '/collection/v1_0/requesttopay') {
      const ref = String(req.headers['x-reference-id'] ?? '');
      if (!UUID4.test(ref)) return send(res, 400, { code: 'INVALID_REFERENCE_ID', message: 'X-Reference-Id must be a UUID v4' });
      if (state.requests.has(ref)) {
        state.requests.get(ref)!.attempts++;
        return send(res, 409, { code: 'RESOURCE_ALREADY_EXIST', message: 'Duplicated reference id. Creation of resource failed.' });
      }
      let parsed: MomoRequest['body'];
      try {
        parsed = JSON.parse(body) as MomoRequest['body'];
      } catch {
        return send(res, 400, { code: 'INVALID_BODY' });
      }
      if (!/^\d+(\.\d+)?$/.test(String(parsed.amount)) || !/^[A-Z]{3}$/.test(String(parsed.currency)) || parsed.payer?.partyIdType !== 'MSISDN')
        return send(res, 400, { code: 'INVALID_BODY', message: 'amount, currency and payer are required' });
      remember(ref, req, body);
      return send(res, 202);
    }
    const m = /^\/collection\/v1_0\/requesttopay\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && m) {
      state.statusCalls++;
      const r = state.requests.get(decodeURIComponent(m[1]));
      if (!r || r.environment !== env) return send(res, 404, { code: 'RESOURCE_NOT_FOUND', message: 'Requested resource was not found.' });
      return send(res, 200, statusBody(r));
    }
    return send(res, 404, { code: 'NOT_FOUND' });
  });

  function remember(ref: string, req: IncomingMessage, body: string) {
    const existing = state.requests.get(ref);
    if (existing) {
      existing.attempts++;
      return;
    }
    let parsed: MomoRequest['body'];
    try {
      parsed = JSON.parse(body) as MomoRequest['body'];
    } catch {
      return;
    }
    state.requests.set(ref, {
      reference: ref,
      environment: String(req.headers['x-target-environment'] ?? ''),
      callbackUrl: typeof req.headers['x-callback-url'] === 'string' ? req.headers['x-callback-url'] : null,
      body: parsed,
      status: 'PENDING',
      attempts: 1,
    });
  }

  const local = await listenLocal(server);
  const callback = async (r: MomoRequest, body: Record<string, unknown> = statusBody(r)) => {
    if (!r.callbackUrl) return 0;
    return deliver(r.callbackUrl, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  };
  return Object.assign(state, {
    base: local.base,
    revokeTokens: () => tokens.clear(),
    async complete(reference: string, status: 'SUCCESSFUL' | 'FAILED', o: { reason?: string; amount?: string; currency?: string; callback?: boolean } = {}) {
      const r = state.requests.get(reference);
      if (!r) throw new Error(`no request ${reference}`);
      r.status = status;
      if (status === 'SUCCESSFUL') {
        r.financialTransactionId = String(Math.floor(1e9 + Math.random() * 9e9));
        if (o.amount || o.currency) r.paid = { amount: o.amount ?? r.body.amount, currency: o.currency ?? r.body.currency };
      } else r.reason = o.reason ?? 'APPROVAL_REJECTED';
      return o.callback === false ? 0 : callback(r);
    },
    async replay(reference: string, body?: Record<string, unknown>) {
      const r = state.requests.get(reference);
      if (!r) throw new Error(`no request ${reference}`);
      return callback(r, body);
    },
    close: local.close,
  }) as MomoServer;
}

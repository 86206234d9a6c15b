import { createServer, type Server } from 'node:http';
import { deliver, listenLocal, readBody as read } from './http-server';

/**
 * A local server speaking Safaricom Daraja's M-Pesa Express API: GET /oauth/v1/generate (Basic auth of
 * consumer key:secret) and POST /mpesa/stkpush/v1/processrequest (Bearer token, checks Password =
 * base64(shortcode+passkey+timestamp)). Like Safaricom, it later POSTs Body.stkCallback to CallBackURL:
 * `complete(id, code)` sends it now; with `autoResultCode` set, each push is answered by itself after `autoDelayMs`.
 * POST /mpesa/stkpushquery/v1/query answers what became of a push (HTTP 500 "being processed" until answered).
 */
export interface DarajaPush {
  checkoutRequestId: string;
  merchantRequestId: string;
  body: Record<string, unknown>;
  callbackUrl: string;
  lastCallback?: string;
  /** The prompt's result once the customer answered (a callback may or may not have been sent). */
  resultCode?: number;
}

export interface DarajaServer {
  base: string;
  pushes: DarajaPush[];
  tokensIssued: number;
  autoResultCode: number | null;
  autoDelayMs: number;
  /** POSTs the callback for a push as Daraja would (0 paid, 1032 cancelled, 1037 timed out, else failed); returns the app's HTTP status. */
  complete(checkoutRequestId: string, resultCode: number, opts?: { amount?: number; url?: string }): Promise<number>;
  /** The customer answers but the callback never arrives (an unreachable callback URL): only a query tells. */
  answerWithoutCallback(checkoutRequestId: string, resultCode: number): void;
  queries: number;
  /** Sends the last callback again (Daraja retries). */
  replay(checkoutRequestId: string): Promise<number>;
  close(): Promise<void>;
}

const DESC: Record<number, string> = {
  0: 'The service request is processed successfully.',
  1032: 'Request cancelled by user',
  1037: 'DS timeout user cannot be reached',
  1: 'The balance is insufficient for the transaction',
};

export async function startDarajaServer(opts: { consumerKey: string; consumerSecret: string; shortcode: string; passkey: string }): Promise<DarajaServer> {
  let seq = 0;
  const tokens = new Set<string>();
  const post = async (url: string, body: string) => {
    return deliver(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  };
  const state = {
    pushes: [] as DarajaPush[],
    tokensIssued: 0,
    queries: 0,
    autoResultCode: null as number | null,
    autoDelayMs: 300,
    async complete(id: string, code: number, o: { amount?: number; url?: string } = {}) {
      const push = state.pushes.find((p) => p.checkoutRequestId === id);
      if (!push) throw new Error(`no push ${id}`);
      push.resultCode = code;
      const stkCallback: Record<string, unknown> = {
        MerchantRequestID: push.merchantRequestId,
        CheckoutRequestID: id,
        ResultCode: code,
        ResultDesc: DESC[code] ?? 'The transaction failed',
      };
      if (code === 0) {
        stkCallback.CallbackMetadata = {
          Item: [
            { Name: 'Amount', Value: o.amount ?? Number(push.body.Amount) },
            { Name: 'MpesaReceiptNumber', Value: `NLJ7RT${String(++seq).padStart(4, '0')}` },
            { Name: 'Balance' },
            { Name: 'TransactionDate', Value: 20261123093000 },
            { Name: 'PhoneNumber', Value: Number(push.body.PhoneNumber) },
          ],
        };
      }
      push.lastCallback = JSON.stringify({ Body: { stkCallback } });
      return post(o.url ?? push.callbackUrl, push.lastCallback);
    },
    answerWithoutCallback(id: string, code: number) {
      const push = state.pushes.find((p) => p.checkoutRequestId === id);
      if (!push) throw new Error(`no push ${id}`);
      push.resultCode = code;
    },
    async replay(id: string) {
      const push = state.pushes.find((p) => p.checkoutRequestId === id);
      if (!push?.lastCallback) throw new Error(`no callback sent for ${id}`);
      return post(push.callbackUrl, push.lastCallback);
    },
  };
  const server: Server = createServer(async (req, res) => {
    const body = await read(req);
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    if (req.method === 'GET' && req.url === '/oauth/v1/generate?grant_type=client_credentials') {
      const expected = `Basic ${Buffer.from(`${opts.consumerKey}:${opts.consumerSecret}`).toString('base64')}`;
      if (req.headers.authorization !== expected) return json(400, { errorCode: '400.008.01', errorMessage: 'Invalid Authentication passed' });
      const token = `tok${++seq}${Math.random().toString(36).slice(2)}`;
      tokens.add(token);
      state.tokensIssued++;
      return json(200, { access_token: token, expires_in: '3599' });
    }
    if (req.method === 'POST' && req.url === '/mpesa/stkpush/v1/processrequest') {
      const bearer = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
      if (!tokens.has(bearer)) return json(401, { requestId: 'x', errorCode: '404.001.03', errorMessage: 'Invalid Access Token' });
      let b: Record<string, unknown>;
      try {
        b = JSON.parse(body) as Record<string, unknown>;
      } catch {
        return json(400, { errorCode: '400.002.02', errorMessage: 'Bad Request - Invalid JSON' });
      }
      const ts = String(b.Timestamp ?? '');
      const bad = (field: string) => json(400, { requestId: 'x', errorCode: '400.002.02', errorMessage: `Bad Request - Invalid ${field}` });
      if (b.BusinessShortCode !== opts.shortcode) return bad('BusinessShortCode');
      if (!/^\d{14}$/.test(ts)) return bad('Timestamp');
      if (b.Password !== Buffer.from(`${opts.shortcode}${opts.passkey}${ts}`).toString('base64')) return bad('Password');
      if (b.TransactionType !== 'CustomerPayBillOnline') return bad('TransactionType');
      if (!Number.isInteger(b.Amount) || (b.Amount as number) < 1) return bad('Amount');
      if (!/^2547\d{8}$|^2541\d{8}$/.test(String(b.PhoneNumber)) || b.PartyA !== b.PhoneNumber) return bad('PhoneNumber');
      if (!/^https?:\/\//.test(String(b.CallBackURL))) return bad('CallBackURL');
      if (!b.AccountReference) return bad('AccountReference');
      const push: DarajaPush = {
        checkoutRequestId: `ws_CO_${ts}${String(++seq).padStart(6, '0')}`,
        merchantRequestId: `29115-${seq}-1`,
        body: b,
        callbackUrl: String(b.CallBackURL),
      };
      state.pushes.push(push);
      json(200, {
        MerchantRequestID: push.merchantRequestId,
        CheckoutRequestID: push.checkoutRequestId,
        ResponseCode: '0',
        ResponseDescription: 'Success. Request accepted for processing',
        CustomerMessage: 'Success. Request accepted for processing',
      });
      if (state.autoResultCode !== null) {
        const code = state.autoResultCode;
        setTimeout(() => void state.complete(push.checkoutRequestId, code).catch(() => undefined), state.autoDelayMs);
      }
      return;
    }
    if (req.method === 'POST' && req.url === '/mpesa/stkpushquery/v1/query') {
      const bearer = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
      if (!tokens.has(bearer)) return json(401, { requestId: 'x', errorCode: '404.001.03', errorMessage: 'Invalid Access Token' });
      state.queries++;
      let b: Record<string, unknown>;
      try {
        b = JSON.parse(body) as Record<string, unknown>;
      } catch {
        return json(400, { errorCode: '400.002.02', errorMessage: 'Bad Request - Invalid JSON' });
      }
      const ts = String(b.Timestamp ?? '');
      if (b.BusinessShortCode !== opts.shortcode || b.Password !== Buffer.from(`${opts.shortcode}${opts.passkey}${ts}`).toString('base64')) {
        return json(400, { requestId: 'x', errorCode: '400.002.02', errorMessage: 'Bad Request - Invalid Password' });
      }
      const push = state.pushes.find((p) => p.checkoutRequestId === b.CheckoutRequestID);
      if (!push) return json(400, { requestId: 'x', errorCode: '400.002.02', errorMessage: 'Bad Request - Invalid CheckoutRequestID' });
      if (push.resultCode === undefined) return json(500, { requestId: 'x', errorCode: '500.001.1001', errorMessage: 'The transaction is being processed' });
      return json(200, {
        ResponseCode: '0',
        ResponseDescription: 'The service request has been accepted successsfully',
        MerchantRequestID: push.merchantRequestId,
        CheckoutRequestID: push.checkoutRequestId,
        ResultCode: String(push.resultCode),
        ResultDesc: DESC[push.resultCode] ?? 'The transaction failed',
      });
    }
    json(404, { errorMessage: 'Resource not found' });
  });
  const local = await listenLocal(server);
  return Object.assign(state, {
    base: local.base,
    close: local.close,
  });
}

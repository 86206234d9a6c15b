import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { deliver, listenLocal, readBody as read, sendJson as send } from './http-server';

/**
 * A local server speaking Chapa's API: POST /v1/transaction/initialize (Bearer secret key; tx_ref unique) → a hosted
 * checkout_url; GET /v1/transaction/verify/{tx_ref} → pending, then success or failed with Chapa's reference.
 * `complete()` settles a transaction and POSTs the webhook signed with x-chapa-signature (HMAC-SHA256 of the body).
 */
export interface ChapaTx {
  body: Record<string, unknown>;
  status: 'pending' | 'success' | 'failed';
  reference: string;
  paid?: { amount: string; currency: string };
}
export interface ChapaServer {
  base: string;
  txs: Map<string, ChapaTx>;
  complete(txRef: string, status: 'success' | 'failed', opts?: { amount?: string; secret?: string }): Promise<number>;
  close(): Promise<void>;
}

export async function startChapaServer(opts: { secretKey: string; webhookSecret: string; webhookUrl: () => string }): Promise<ChapaServer> {
  let seq = 0;
  const state = { txs: new Map<string, ChapaTx>() };
  const view = (ref: string, t: ChapaTx) => ({
    amount: t.paid?.amount ?? t.body.amount,
    currency: t.paid?.currency ?? t.body.currency,
    status: t.status,
    tx_ref: ref,
    reference: t.reference,
    method: 'telebirr',
  });
  const server: Server = createServer(async (req, res) => {
    const raw = await read(req);
    const url = new URL(req.url ?? '/', 'http://x');
    if (req.headers.authorization !== `Bearer ${opts.secretKey}`) return send(res, 401, { message: 'Invalid API Key', status: 'failed', data: null });
    if (req.method === 'POST' && url.pathname === '/v1/transaction/initialize') {
      const b = JSON.parse(raw) as Record<string, unknown>;
      const ref = String(b.tx_ref ?? '');
      if (!ref || !b.amount || !b.currency || !b.email) return send(res, 400, { message: { tx_ref: ['required'] }, status: 'failed', data: null });
      if (state.txs.has(ref)) return send(res, 400, { message: 'Transaction reference has been used before', status: 'failed', data: null });
      state.txs.set(ref, { body: b, status: 'pending', reference: `AP${(++seq).toString().padStart(8, '0')}` });
      return send(res, 200, { message: 'Hosted Link', status: 'success', data: { checkout_url: `https://checkout.chapa.test/checkout/payment/${ref}` } });
    }
    const m = /^\/v1\/transaction\/verify\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && m) {
      const ref = decodeURIComponent(m[1]);
      const t = state.txs.get(ref);
      if (!t) return send(res, 404, { message: 'Invalid transaction or Transaction not found', status: 'failed', data: null });
      return send(res, 200, { message: 'Payment details', status: 'success', data: view(ref, t) });
    }
    return send(res, 404, { message: 'Not found', status: 'failed' });
  });
  const local = await listenLocal(server);
  return Object.assign(state, {
    base: local.base,
    async complete(txRef: string, status: 'success' | 'failed', o: { amount?: string; secret?: string } = {}) {
      const t = state.txs.get(txRef);
      if (!t) throw new Error(`no tx ${txRef}`);
      t.status = status;
      if (o.amount) t.paid = { amount: o.amount, currency: String(t.body.currency) };
      const body = JSON.stringify({ event: `charge.${status}`, type: 'API', ...view(txRef, t) });
      const signature = createHmac('sha256', o.secret ?? opts.webhookSecret)
        .update(body)
        .digest('hex');
      return deliver(opts.webhookUrl(), { method: 'POST', headers: { 'content-type': 'application/json', 'x-chapa-signature': signature }, body });
    },
    close: local.close,
  }) as ChapaServer;
}

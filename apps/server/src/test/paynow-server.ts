import { createServer, type Server } from 'node:http';
import { paynowHash } from '../modules/payments';
import { deliver, listenLocal, readBody as read } from './http-server';

/**
 * A local server speaking Paynow's mobile express checkout: POST /interface/remotetransaction (url-encoded, hash
 * checked with the integration key) → status=Ok with a poll URL (also hashed); POST to the poll URL → the status
 * (Sent, then Paid or Cancelled). `complete()` settles one and POSTs the result URL call, hashed, as Paynow does.
 */
export interface PaynowTx {
  fields: Record<string, string>;
  status: 'Sent' | 'Paid' | 'Cancelled' | 'Failed';
  paynowReference: string;
  paidAmount?: string;
}
export interface PaynowServer {
  base: string;
  txs: Map<string, PaynowTx>;
  complete(reference: string, status: 'Paid' | 'Cancelled' | 'Failed', opts?: { amount?: string; key?: string }): Promise<number>;
  close(): Promise<void>;
}

export async function startPaynowServer(opts: { integrationId: string; integrationKey: string }): Promise<PaynowServer> {
  let seq = 100_000;
  const state = { txs: new Map<string, PaynowTx>() };
  let base = '';
  const signed = (fields: [string, string][], key = opts.integrationKey) => new URLSearchParams([...fields, ['hash', paynowHash(fields, key)]]).toString();
  const statusFields = (ref: string, t: PaynowTx): [string, string][] => [
    ['reference', ref],
    ['paynowreference', t.paynowReference],
    ['amount', t.paidAmount ?? t.fields.amount],
    ['status', t.status],
    ['pollurl', `${base}/interface/poll/${encodeURIComponent(ref)}`],
  ];
  const server: Server = createServer(async (req, res) => {
    const raw = await read(req);
    const url = new URL(req.url ?? '/', 'http://x');
    res.writeHead(200, { 'content-type': 'application/x-www-form-urlencoded' });
    if (req.method === 'POST' && url.pathname === '/interface/remotetransaction') {
      const pairs = [...new URLSearchParams(raw).entries()];
      const f = Object.fromEntries(pairs);
      if (f.id !== opts.integrationId) return res.end(new URLSearchParams({ status: 'Error', error: 'Invalid Id.' }).toString());
      if (f.hash !== paynowHash(pairs, opts.integrationKey)) return res.end(new URLSearchParams({ status: 'Error', error: 'Hash mismatch' }).toString());
      if (!/^07\d{8}$/.test(f.phone ?? '') || !['ecocash', 'onemoney'].includes(f.method ?? ''))
        return res.end(new URLSearchParams({ status: 'Error', error: 'Invalid phone or method' }).toString());
      const t: PaynowTx = { fields: f, status: 'Sent', paynowReference: String(++seq) };
      state.txs.set(f.reference, t);
      return res.end(
        signed([
          ['status', 'Ok'],
          ['instructions', 'Dial *151*2*4# and enter your EcoCash PIN'],
          ['paynowreference', t.paynowReference],
          ['pollurl', `${base}/interface/poll/${encodeURIComponent(f.reference)}`],
        ]),
      );
    }
    const m = /^\/interface\/poll\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'POST' && m) {
      const ref = decodeURIComponent(m[1]);
      const t = state.txs.get(ref);
      if (!t) return res.end(new URLSearchParams({ status: 'Error', error: 'Not found' }).toString());
      return res.end(signed(statusFields(ref, t)));
    }
    res.end(new URLSearchParams({ status: 'Error', error: 'Not found' }).toString());
  });
  const local = await listenLocal(server);
  base = local.base;
  return Object.assign(state, {
    base,
    async complete(reference: string, status: 'Paid' | 'Cancelled' | 'Failed', o: { amount?: string; key?: string } = {}) {
      const t = state.txs.get(reference);
      if (!t) throw new Error(`no tx ${reference}`);
      t.status = status;
      if (o.amount) t.paidAmount = o.amount;
      return deliver(t.fields.resulturl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: signed(statusFields(reference, t), o.key),
      });
    },
    close: local.close,
  }) as PaynowServer;
}

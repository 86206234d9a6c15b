import { createServer, type Server } from 'node:http';
import { deliver, listenLocal, readBody as read, sendJson as send } from './http-server';

/**
 * A local server speaking Flutterwave v3's mobile-money API: POST /v3/charges?type=mobile_money_* (Bearer secret
 * key; a tx_ref it already has is refused as a duplicate) answers "Charge initiated" with the transaction, or, for
 * Uganda, Rwanda and Ghana as Flutterwave does, only an authorisation page (meta.authorization.redirect);
 * GET /v3/transactions/{id}/verify and /v3/transactions/verify_by_reference?tx_ref= answer the transaction.
 * POST /v3/payments (Flutterwave Standard, the hosted checkout) answers a payment link; `complete()` settles one
 * (a charge or a hosted payment) and POSTs the charge.completed webhook with the verif-hash header, and
 * `returnUrl()` is where the hosted page sends the customer back (?status&tx_ref&transaction_id appended).
 * The payment link opens this server's own hosted page (GET /v3/hosted/pay/{id}, no key, as a browser opens it): "Pay"
 * settles the payment (webhook) and sends the browser back to redirect_url?status=successful&tx_ref&transaction_id;
 * "Cancel" sends it back with ?status=cancelled&tx_ref only, as Flutterwave does. POST /v3/charges?type=ach_payment (South
 * Africa's bank payment, ZAR or USD) answers "Charge initiated" with the pending transaction and the page where the customer
 * pays from their bank (meta.authorization.redirect, data.auth_url): the same hosted page. A Ghanaian, Ugandan or Rwandan
 * mobile-money charge's authorisation page (GET /v3/hosted/authorize/{id}): Approve / Decline, then back to redirect_url. `autoCompleteMs` (the e2e's product):
 * a mobile-money charge the customer "approves" by itself that long after it starts.
 */
export interface FlwCharge {
  id: number;
  type: string;
  body: Record<string, unknown>;
  status: 'pending' | 'successful' | 'failed';
  flw_ref: string;
  paid?: { amount: string; currency: string };
  processor_response?: string;
}

export interface FlutterwaveServer {
  base: string;
  charges: Map<string, FlwCharge>;
  failNext: number;
  verifies: number;
  /** Each verify call's path: by id (/v3/transactions/{id}/verify) or by reference. */
  verifyPaths: string[];
  /** Where Flutterwave's hosted page sends the customer back after paying (their redirect_url with the outcome). */
  returnUrl(txRef: string): string;
  complete(
    txRef: string,
    status: 'successful' | 'failed',
    opts?: { amount?: string; currency?: string; processor_response?: string; hash?: string; url?: string },
  ): Promise<number>;
  close(): Promise<void>;
}

const REDIRECTING = new Set(['mobile_money_uganda', 'mobile_money_rwanda', 'mobile_money_ghana']);

/**
 * The currency and the `network` values Flutterwave's v3 charge documents per mobile-money type where it asks for one
 * (Ghana: "MTN", "VODAFONE" (Telecel Cash) or "TIGO" (AirtelTigo Money); Zambia; Francophone): a charge with another
 * network, or without one, is refused as Flutterwave refuses it (issue 25).
 */
const NETWORKS: Record<string, { currency: string; networks: readonly string[] }> = {
  mobile_money_ghana: { currency: 'GHS', networks: ['MTN', 'VODAFONE', 'TIGO'] },
  mobile_money_zambia: { currency: 'ZMW', networks: ['MTN', 'AIRTEL', 'ZAMTEL'] },
  mobile_money_franco: { currency: 'XAF', networks: ['MTN', 'ORANGE'] },
};

export async function startFlutterwaveServer(opts: {
  secretKey: string;
  webhookHash: string;
  webhookUrl: () => string;
  autoCompleteMs?: number;
}): Promise<FlutterwaveServer> {
  let seq = 4_000_000;
  let base = '';
  const state = { charges: new Map<string, FlwCharge>(), failNext: 0, verifies: 0, verifyPaths: [] as string[] };
  const tx = (txRef: string, c: FlwCharge) => ({
    id: c.id,
    tx_ref: txRef,
    flw_ref: c.flw_ref,
    amount: Number(c.paid?.amount ?? c.body.amount),
    charged_amount: Number(c.paid?.amount ?? c.body.amount),
    currency: c.paid?.currency ?? c.body.currency,
    status: c.status,
    payment_type:
      c.type === 'standard' ? 'card' : c.type === 'ach_payment' ? 'account-ach-za' : c.type === 'mobile_money_ghana' ? 'mobilemoneygh' : 'mobilemoneyfranco',
    processor_response: c.processor_response ?? (c.status === 'pending' ? 'Transaction in progress' : 'Approved'),
    customer: { phone_number: c.body.phone_number, email: c.body.email },
  });
  const server: Server = createServer(async (req, res) => {
    const raw = await read(req);
    const url = new URL(req.url ?? '/', 'http://x');
    const hosted = /^\/v3\/hosted\/pay\/(\d+)(?:\/(pay|cancel))?$/.exec(url.pathname);
    if (hosted) return hostedPage(req.method ?? 'GET', Number(hosted[1]), hosted[2], res);
    const authorize = /^\/v3\/hosted\/authorize\/(\d+)(?:\/(approve|decline))?$/.exec(url.pathname);
    if (authorize) return authorizePage(req.method ?? 'GET', Number(authorize[1]), authorize[2], res);
    if (req.headers.authorization !== `Bearer ${opts.secretKey}`) return send(res, 401, { status: 'error', message: 'Invalid authorization key', data: null });
    if (state.failNext > 0) {
      state.failNext--;
      return send(res, 502, { status: 'error', message: 'Bad gateway' });
    }
    if (req.method === 'POST' && url.pathname === '/v3/payments') {
      const body = JSON.parse(raw) as Record<string, unknown>;
      const ref = String(body.tx_ref ?? '');
      const customer = (body.customer ?? {}) as { email?: unknown };
      if (!ref || !body.amount || !body.redirect_url || typeof customer.email !== 'string')
        return send(res, 400, { status: 'error', message: 'tx_ref, amount, redirect_url and customer.email are required', data: null });
      if (state.charges.has(ref)) return send(res, 400, { status: 'error', message: 'Duplicate transaction reference', data: null });
      const c: FlwCharge = {
        id: ++seq,
        type: 'standard',
        body: { ...body, currency: body.currency ?? 'NGN', email: customer.email },
        status: 'pending',
        flw_ref: `FLW-MOCK-${seq}`,
      };
      state.charges.set(ref, c);
      return send(res, 200, { status: 'success', message: 'Hosted Link', data: { link: `${base}/v3/hosted/pay/${c.id}` } });
    }
    if (req.method === 'POST' && url.pathname === '/v3/charges' && url.searchParams.get('type') === 'ach_payment') {
      const body = JSON.parse(raw) as Record<string, unknown>;
      const ref = String(body.tx_ref ?? '');
      if (!ref || !body.amount || !body.email || !body.redirect_url)
        return send(res, 400, { status: 'error', message: 'tx_ref, amount, email and redirect_url are required', data: null });
      if (body.currency !== 'ZAR' && body.currency !== 'USD')
        return send(res, 400, { status: 'error', message: 'Invalid currency for ACH payment', data: null });
      if (state.charges.has(ref)) return send(res, 400, { status: 'error', message: 'Duplicate transaction reference', data: null });
      const c: FlwCharge = { id: ++seq, type: 'ach_payment', body, status: 'pending', flw_ref: `FLW-ACH-${seq}` };
      state.charges.set(ref, c);
      const page = `${base}/v3/hosted/pay/${c.id}`;
      return send(res, 200, {
        status: 'success',
        message: 'Charge initiated',
        data: { ...tx(ref, c), status: 'pending', processor_response: 'Pending Validation', auth_model: 'AUTH', auth_url: page },
        meta: { authorization: { mode: 'redirect', redirect: page } },
      });
    }
    if (req.method === 'POST' && url.pathname === '/v3/charges') {
      const type = url.searchParams.get('type') ?? '';
      const body = JSON.parse(raw) as Record<string, unknown>;
      const ref = String(body.tx_ref ?? '');
      if (!type.startsWith('mobile_money_')) return send(res, 400, { status: 'error', message: 'Invalid charge type' });
      if (!ref || !body.amount || !body.currency || !body.phone_number || !body.email)
        return send(res, 400, { status: 'error', message: 'tx_ref, amount, currency, phone_number and email are required' });
      const plan = NETWORKS[type];
      if (plan && body.currency !== plan.currency) return send(res, 400, { status: 'error', message: `Invalid currency for ${type}` });
      if (plan && !plan.networks.includes(String(body.network ?? '')))
        return send(res, 400, { status: 'error', message: `Invalid network: use one of ${plan.networks.join(', ')}` });
      if (state.charges.has(ref)) return send(res, 400, { status: 'error', message: 'Duplicate transaction reference' });
      const c: FlwCharge = { id: ++seq, type, body, status: 'pending', flw_ref: `FLW-MOCK-${seq}` };
      state.charges.set(ref, c);
      if (opts.autoCompleteMs !== undefined && !REDIRECTING.has(type))
        setTimeout(() => void api.complete(ref, 'successful').catch(() => undefined), opts.autoCompleteMs);
      if (REDIRECTING.has(type))
        return send(res, 200, {
          status: 'success',
          message: 'Charge initiated',
          meta: { authorization: { redirect: `${base}/v3/hosted/authorize/${c.id}`, mode: 'redirect' } },
        });
      return send(res, 200, {
        status: 'success',
        message: 'Charge initiated',
        data: tx(ref, c),
        meta: { authorization: { mode: 'callback', redirect_url: null } },
      });
    }
    const byId = /^\/v3\/transactions\/(\d+)\/verify$/.exec(url.pathname);
    if (req.method === 'GET' && (byId || url.pathname === '/v3/transactions/verify_by_reference')) {
      state.verifies++;
      state.verifyPaths.push(url.pathname);
      const entry = byId
        ? [...state.charges.entries()].find(([, c]) => c.id === Number(byId[1]))
        : [...state.charges.entries()].find(([r]) => r === url.searchParams.get('tx_ref'));
      if (!entry) return send(res, 404, { status: 'error', message: 'No transaction was found for this id', data: null });
      return send(res, 200, { status: 'success', message: 'Transaction fetched successfully', data: tx(entry[0], entry[1]) });
    }
    return send(res, 404, { status: 'error', message: 'Not found' });
  });
  /** The hosted checkout page a customer's browser opens from the payment link, and its two buttons. */
  async function hostedPage(method: string, id: number, action: string | undefined, res: import('node:http').ServerResponse) {
    const entry = [...state.charges.entries()].find(([, c]) => c.id === id && (c.type === 'standard' || c.type === 'ach_payment'));
    if (!entry) return send(res, 404, { status: 'error', message: 'No transaction was found for this id' });
    const [txRef, c] = entry;
    if (method === 'GET' && !action) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Flutterwave checkout</title></head>` +
          `<body><h1>Flutterwave checkout</h1><p>Pay ${String(c.body.currency)} ${String(c.body.amount)}</p>` +
          `<form method="post" action="/v3/hosted/pay/${id}/pay"><button type="submit">Pay now</button></form>` +
          `<form method="post" action="/v3/hosted/pay/${id}/cancel"><button type="submit">Cancel payment</button></form></body></html>`,
      );
    }
    if (method !== 'POST') return send(res, 405, { status: 'error', message: 'Method not allowed' });
    let back: string;
    if (action === 'pay') {
      await api.complete(txRef, 'successful');
      back = api.returnUrl(txRef);
    } else {
      const u = new URL(String(c.body.redirect_url));
      u.searchParams.set('status', 'cancelled');
      u.searchParams.set('tx_ref', txRef);
      back = u.toString();
    }
    res.writeHead(303, { location: back });
    res.end();
  }

  /**
   * The authorisation page a Ghanaian, Ugandan or Rwandan mobile-money charge sends the customer to
   * (meta.authorization.redirect): "Approve" settles the charge (the charge.completed webhook) and sends the browser back
   * to redirect_url?status=successful&tx_ref&transaction_id; "Decline" fails it (declined by the customer, webhook too)
   * and sends it back with status=failed, as Flutterwave does.
   */
  async function authorizePage(method: string, id: number, action: string | undefined, res: import('node:http').ServerResponse) {
    const entry = [...state.charges.entries()].find(([, c]) => c.id === id && REDIRECTING.has(c.type));
    if (!entry) return send(res, 404, { status: 'error', message: 'No transaction was found for this id' });
    const [txRef, c] = entry;
    if (method === 'GET' && !action) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Flutterwave authorisation</title></head>` +
          `<body><h1>Authorise payment</h1><p>Pay ${String(c.body.currency)} ${String(c.body.amount)} from ${String(c.body.phone_number)}` +
          `${c.body.network ? ` (${String(c.body.network)})` : ''}</p>` +
          `<form method="post" action="/v3/hosted/authorize/${id}/approve"><button type="submit">Approve</button></form>` +
          `<form method="post" action="/v3/hosted/authorize/${id}/decline"><button type="submit">Decline</button></form></body></html>`,
      );
    }
    if (method !== 'POST') return send(res, 405, { status: 'error', message: 'Method not allowed' });
    if (c.status === 'pending') {
      if (action === 'approve') await api.complete(txRef, 'successful');
      else await api.complete(txRef, 'failed', { processor_response: 'Transaction declined by customer' });
    }
    res.writeHead(303, { location: api.returnUrl(txRef) });
    res.end();
  }

  const local = await listenLocal(server);
  base = local.base;
  const api = Object.assign(state, {
    base,
    async complete(
      txRef: string,
      status: 'successful' | 'failed',
      o: { amount?: string; currency?: string; processor_response?: string; hash?: string; url?: string } = {},
    ) {
      const c = state.charges.get(txRef);
      if (!c) throw new Error(`no charge ${txRef}`);
      c.status = status;
      if (o.amount || o.currency) c.paid = { amount: o.amount ?? String(c.body.amount), currency: o.currency ?? String(c.body.currency) };
      if (o.processor_response) c.processor_response = o.processor_response;
      return deliver(o.url ?? opts.webhookUrl(), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'verif-hash': o.hash ?? opts.webhookHash },
        body: JSON.stringify({ event: 'charge.completed', data: tx(txRef, c) }),
      });
    },
    returnUrl(txRef: string) {
      const c = state.charges.get(txRef);
      if (!c) throw new Error(`no payment ${txRef}`);
      const url = new URL(String(c.body.redirect_url));
      url.searchParams.set('status', c.status === 'pending' ? 'cancelled' : c.status);
      url.searchParams.set('tx_ref', txRef);
      url.searchParams.set('transaction_id', String(c.id));
      return url.toString();
    },
    close: local.close,
  }) as FlutterwaveServer;
  return api;
}

import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { deliver, listenLocal, readBody as read, sendJson as send } from './http-server';

/**
 * A local server speaking Ozow's API: POST /postpaymentrequest (ApiKey header; HashCheck, the SHA-512 of the fields in
 * Ozow's order and the private key, lower-cased, must match) answers the hosted page's url; GET
 * /GetTransactionByReference?siteCode&transactionReference answers the reference's transactions (a JSON array).
 * `complete()` settles one and POSTs the url-encoded notify call with its Hash, as Ozow does.
 */
export interface OzowPayment {
  body: Record<string, unknown>;
  transactionId: string;
  status: 'Pending' | 'Complete' | 'Cancelled' | 'Error' | 'Abandoned';
  paid?: { amount: string; currency: string };
}
export interface OzowServer {
  base: string;
  payments: Map<string, OzowPayment>;
  lookups: number;
  /** `url`: where the notify call goes instead of the request's NotifyUrl (its path on another server process). */
  complete(ref: string, status: OzowPayment['status'], opts?: { amount?: string; currency?: string; privateKey?: string; url?: string }): Promise<number>;
  close(): Promise<void>;
}

// The field orders and the hash are written out here from Ozow's documentation on purpose, not imported from the
// adapter (rails/ozow.ts): a stand-in that shared the adapter's list or hash could not catch a mistake in them.
const REQUEST_FIELDS = [
  'SiteCode',
  'CountryCode',
  'CurrencyCode',
  'Amount',
  'TransactionReference',
  'BankReference',
  'CancelUrl',
  'ErrorUrl',
  'SuccessUrl',
  'NotifyUrl',
  'IsTest',
];
const NOTIFY_FIELDS = [
  'SiteCode',
  'TransactionId',
  'TransactionReference',
  'Amount',
  'Status',
  'Optional1',
  'Optional2',
  'Optional3',
  'Optional4',
  'Optional5',
  'CurrencyCode',
  'IsTest',
  'StatusMessage',
];
const sha512 = (values: unknown[], key: string) =>
  createHash('sha512')
    .update(`${values.map((v) => (v === undefined || v === null ? '' : String(v))).join('')}${key}`.toLowerCase())
    .digest('hex');

export async function startOzowServer(opts: { siteCode: string; privateKey: string; apiKey: string }): Promise<OzowServer> {
  let seq = 70_000;
  const state = { payments: new Map<string, OzowPayment>(), lookups: 0 };
  const server: Server = createServer(async (req, res) => {
    const raw = await read(req);
    const url = new URL(req.url ?? '/', 'http://x');
    if (req.headers.apikey !== opts.apiKey) return send(res, 401, { errorMessage: 'Invalid ApiKey' });
    if (req.method === 'POST' && url.pathname.toLowerCase() === '/postpaymentrequest') {
      const body = JSON.parse(raw) as Record<string, unknown>;
      if (body.SiteCode !== opts.siteCode) return send(res, 200, { url: null, errorMessage: 'Invalid SiteCode' });
      if (
        body.HashCheck !==
        sha512(
          REQUEST_FIELDS.map((k) => body[k]),
          opts.privateKey,
        )
      )
        return send(res, 200, { url: null, errorMessage: 'Hash check failed' });
      if (body.CountryCode !== 'ZA' || body.CurrencyCode !== 'ZAR') return send(res, 200, { url: null, errorMessage: 'Only ZA / ZAR is supported' });
      if (typeof body.BankReference !== 'string' || body.BankReference.length > 20)
        return send(res, 200, { url: null, errorMessage: 'BankReference is too long' });
      const ref = String(body.TransactionReference ?? '');
      const id = `ozow-${++seq}`;
      state.payments.set(ref, { body, transactionId: `${seq}-a1b2`, status: 'Pending' });
      return send(res, 200, { paymentRequestId: id, url: `https://pay.ozow.test/${id}/Secure`, errorMessage: null });
    }
    if (req.method === 'GET' && url.pathname === '/GetTransactionByReference') {
      state.lookups++;
      const ref = url.searchParams.get('transactionReference') ?? '';
      const p = url.searchParams.get('siteCode') === opts.siteCode ? state.payments.get(ref) : undefined;
      if (!p) return send(res, 200, []);
      return send(res, 200, [
        {
          transactionId: p.transactionId,
          siteCode: opts.siteCode,
          transactionReference: ref,
          currencyCode: p.paid?.currency ?? 'ZAR',
          amount: Number(p.paid?.amount ?? p.body.Amount),
          status: p.status,
          statusMessage: p.status === 'Cancelled' ? 'Customer cancelled the payment' : '',
        },
      ]);
    }
    return send(res, 404, { errorMessage: 'Not found' });
  });
  const local = await listenLocal(server);
  return Object.assign(state, {
    base: local.base,
    async complete(ref: string, status: OzowPayment['status'], o: { amount?: string; currency?: string; privateKey?: string; url?: string } = {}) {
      const p = state.payments.get(ref);
      if (!p) throw new Error(`no payment ${ref}`);
      p.status = status;
      if (o.amount || o.currency) p.paid = { amount: o.amount ?? String(p.body.Amount), currency: o.currency ?? 'ZAR' };
      const fields: Record<string, string> = {
        SiteCode: opts.siteCode,
        TransactionId: p.transactionId,
        TransactionReference: ref,
        Amount: p.paid?.amount ?? String(p.body.Amount),
        Status: status,
        Optional1: '',
        Optional2: '',
        Optional3: '',
        Optional4: '',
        Optional5: '',
        CurrencyCode: p.paid?.currency ?? 'ZAR',
        IsTest: String(p.body.IsTest),
        StatusMessage: '',
      };
      const form = new URLSearchParams({
        ...fields,
        Hash: sha512(
          NOTIFY_FIELDS.map((k) => fields[k]),
          o.privateKey ?? opts.privateKey,
        ),
      });
      return deliver(o.url ?? String(p.body.NotifyUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
      });
    },
    close: local.close,
  }) as OzowServer;
}

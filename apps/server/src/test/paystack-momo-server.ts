import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { deliver, listenLocal, readBody, sendJson as send } from './http-server';

/**
 * A local server speaking Paystack's Charge API for Ghana's mobile money, for a whole product under test (the e2e's):
 * Bearer secret key (401 "Invalid key" otherwise); POST /charge with mobile_money { phone, provider } (mtn, vod, atl) in
 * pesewas answers `pay_offline` ("complete authorization on your mobile phone"), or `send_otp` for Telecel's voucher
 * (POST /charge/submit_otp with the voucher, then `pay_offline`); GET /transaction/verify/{reference} answers the
 * transaction ("ongoing" until the customer approves). `approve()` is the customer approving the prompt on their phone:
 * Paystack's record turns `success` and Paystack POSTs the charge.success event to the account's webhook URL, signed
 * x-paystack-signature (HMAC SHA512 of the raw body with the secret key). `autoApproveMs`: every prompt approved by
 * itself that long after it is sent (the e2e's product, as the local Daraja and Flutterwave do).
 */
export interface PaystackMomoTx {
  id: number;
  reference: string;
  amount: number;
  currency: string;
  status: 'send_otp' | 'pay_offline' | 'success' | 'failed';
  body: Record<string, unknown>;
  otp: string | null;
}

export interface PaystackMomoServer {
  base: string;
  txs: Map<string, PaystackMomoTx>;
  /** The customer approves (or declines) the prompt: the record changes, and Paystack sends the signed webhook. */
  approve(reference: string, status?: 'success' | 'failed'): Promise<number>;
  close(): Promise<void>;
}

/** The voucher Telecel's customer dials for (the same one for every charge here). */
export const PAYSTACK_LOCAL_VOUCHER = '483920';

export async function startPaystackMomoServer(opts: { secretKey: string; webhookUrl: () => string; autoApproveMs?: number }): Promise<PaystackMomoServer> {
  const txs = new Map<string, PaystackMomoTx>();
  let nextId = 5_100_000;
  const event = (tx: PaystackMomoTx) => ({
    event: tx.status === 'success' ? 'charge.success' : 'charge.failed',
    data: {
      id: tx.id,
      reference: tx.reference,
      amount: tx.amount,
      currency: tx.currency,
      channel: 'mobile_money',
      status: tx.status,
      gateway_response: tx.status === 'success' ? 'Approved' : 'Customer declined the prompt',
      metadata: tx.body.metadata,
    },
  });
  async function approve(reference: string, status: 'success' | 'failed' = 'success') {
    const tx = txs.get(reference);
    if (!tx) throw new Error(`no Paystack charge ${reference}`);
    tx.status = status;
    const body = JSON.stringify(event(tx));
    return deliver(opts.webhookUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-paystack-signature': createHmac('sha512', opts.secretKey).update(body).digest('hex') },
      body,
    });
  }
  /** The prompt is on the customer's phone: approved by itself after autoApproveMs, when set. */
  const prompted = (tx: PaystackMomoTx) => {
    if (opts.autoApproveMs !== undefined) setTimeout(() => void approve(tx.reference).catch(() => undefined), opts.autoApproveMs);
  };

  const server: Server = createServer(async (req, res) => {
    const raw = await readBody(req);
    if (req.headers.authorization !== `Bearer ${opts.secretKey}`) return send(res, 401, { status: false, message: 'Invalid key' });
    const body = (raw ? JSON.parse(raw) : {}) as Record<string, unknown>;
    const url = req.url ?? '/';
    if (req.method === 'POST' && url === '/charge') {
      const mm = body.mobile_money as { phone?: unknown; provider?: unknown } | undefined;
      const reference = String(body.reference ?? '');
      if (!body.email || !Number.isInteger(body.amount) || Number(body.amount) < 100)
        return send(res, 400, { status: false, message: 'Invalid amount or email' });
      if (body.currency !== 'GHS') return send(res, 400, { status: false, message: 'Currency not supported for mobile money' });
      if (!mm || !['mtn', 'vod', 'atl'].includes(String(mm.provider))) return send(res, 400, { status: false, message: 'Invalid mobile money provider' });
      if (!/^0[25]\d{8}$/.test(String(mm.phone))) return send(res, 400, { status: false, message: 'Invalid phone number' });
      if (!reference || txs.has(reference)) return send(res, 400, { status: false, message: 'Duplicate Transaction Reference' });
      // Telecel asks for a voucher the customer dials for; MTN and AirtelTigo prompt the phone.
      const otp = mm.provider === 'vod' ? PAYSTACK_LOCAL_VOUCHER : null;
      const tx: PaystackMomoTx = { id: nextId++, reference, amount: Number(body.amount), currency: 'GHS', status: otp ? 'send_otp' : 'pay_offline', body, otp };
      txs.set(reference, tx);
      if (!otp) prompted(tx);
      const data = otp
        ? { reference, status: 'send_otp', display_text: 'Please dial *110# to generate a voucher code, then input the voucher' }
        : { reference, status: 'pay_offline', display_text: 'Please complete authorization process on your mobile phone' };
      return send(res, 200, { status: true, message: 'Charge attempted', data });
    }
    if (req.method === 'POST' && url === '/charge/submit_otp') {
      const tx = txs.get(String(body.reference ?? ''));
      if (!tx) return send(res, 400, { status: false, message: 'Transaction reference not found' });
      if (tx.status !== 'send_otp' || body.otp !== tx.otp)
        return send(res, 400, { status: false, message: 'Invalid voucher code', data: { status: 'send_otp' } });
      tx.status = 'pay_offline';
      prompted(tx);
      return send(res, 200, {
        status: true,
        message: 'Charge attempted',
        data: { reference: tx.reference, status: 'pay_offline', display_text: 'Approve on your phone' },
      });
    }
    const verify = /^\/transaction\/verify\/([^/?]+)$/.exec(url);
    if (req.method === 'GET' && verify) {
      const tx = txs.get(decodeURIComponent(verify[1]));
      if (!tx) return send(res, 400, { status: false, message: 'Transaction reference not found' });
      const { data } = event(tx);
      // Before the customer approves, Paystack's transaction is still ongoing.
      const status = tx.status === 'send_otp' || tx.status === 'pay_offline' ? 'ongoing' : tx.status;
      return send(res, 200, {
        status: true,
        message: 'Verification successful',
        data: { ...data, status, gateway_response: status === 'ongoing' ? '' : data.gateway_response },
      });
    }
    return send(res, 404, { status: false, message: `Unknown route ${req.method} ${url}` });
  });
  const local = await listenLocal(server);
  return { base: local.base, txs, approve, close: local.close };
}

/**
 * Safaricom Daraja (M-Pesa Express / STK Push) adapter: an OAuth token (client credentials, cached until
 * it expires), POST /mpesa/stkpush/v1/processrequest, and the callback Daraja POSTs to CallBackURL.
 * Daraja does not sign callbacks, so each push gets its own unguessable token in the callback path.
 */
import { mpesaMinor } from '@duka/core';
import type { Config } from '../../config';
import type { Services } from '../../lib/context';
import { AppError } from '../../lib/errors';

export type MpesaSettings = NonNullable<Config['mpesa']>;

export interface StkPushRequest {
  /** 2547XXXXXXXX */
  phone: string;
  /** Whole shillings. */
  amount: number;
  accountReference: string;
  description: string;
  callbackUrl: string;
}

export interface StkPushStarted {
  merchantRequestId: string;
  checkoutRequestId: string;
}

/** Body.stkCallback as Daraja sends it. */
export interface StkCallback {
  MerchantRequestID: string;
  CheckoutRequestID: string;
  ResultCode: number;
  ResultDesc: string;
  CallbackMetadata?: { Item: Array<{ Name: string; Value?: string | number }> };
}

export type StkOutcome =
  { kind: 'paid'; amountMinor: number; receipt: string; phone: string | null } | { kind: 'cancelled' | 'timed_out' | 'failed'; message: string };

/** Daraja's Timestamp: YYYYMMDDHHmmss in Nairobi time (EAT, UTC+3 all year). */
export function darajaTimestamp(now = new Date()): string {
  const eat = new Date(now.getTime() + 3 * 3600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${eat.getUTCFullYear()}${p(eat.getUTCMonth() + 1)}${p(eat.getUTCDate())}${p(eat.getUTCHours())}${p(eat.getUTCMinutes())}${p(eat.getUTCSeconds())}`;
}

/** Password = base64(shortcode + passkey + timestamp). */
export function darajaPassword(s: MpesaSettings, timestamp: string): string {
  return Buffer.from(`${s.shortcode}${s.passkey}${timestamp}`).toString('base64');
}

/** What a callback means: 0 paid, 1032 cancelled by the customer, 1037 timed out / phone unreachable, else failed. */
export function stkOutcome(cb: StkCallback): StkOutcome {
  if (cb.ResultCode === 0) {
    const item = (name: string) => cb.CallbackMetadata?.Item.find((i) => i.Name === name)?.Value;
    const amount = Number(item('Amount'));
    return {
      kind: 'paid',
      amountMinor: mpesaMinor(amount),
      receipt: String(item('MpesaReceiptNumber') ?? ''),
      phone: item('PhoneNumber') == null ? null : String(item('PhoneNumber')),
    };
  }
  if (cb.ResultCode === 1032) return { kind: 'cancelled', message: cb.ResultDesc || 'Request cancelled by user' };
  if (cb.ResultCode === 1037) return { kind: 'timed_out', message: cb.ResultDesc || 'DS timeout user cannot be reached' };
  return { kind: 'failed', message: cb.ResultDesc || `M-Pesa answered ${cb.ResultCode}` };
}

const TIMEOUT_MS = 15_000;

/** What Daraja's STK Push query says: still with the customer, or the same outcome a callback carries (without its metadata). */
export type StkQueryResult = { kind: 'pending' } | { kind: 'paid' } | { kind: 'cancelled' | 'timed_out' | 'failed'; message: string };

export interface Daraja {
  stkPush(request: StkPushRequest, now?: Date): Promise<StkPushStarted>;
  /** POST /mpesa/stkpushquery/v1/query: asks what became of a prompt whose callback has not come. */
  stkQuery(checkoutRequestId: string, now?: Date): Promise<StkQueryResult>;
}

/** Daraja answers a query about a prompt still on the customer's phone with HTTP 500 and this code. */
const STILL_PROCESSING = '500.001.1001';

export function createDaraja(settings: MpesaSettings, apiBase: string): Daraja {
  let token: { value: string; expires: number } | null = null;

  async function call(path: string, init: RequestInit): Promise<{ status: number; body: Record<string, unknown> }> {
    let res: Response;
    try {
      res = await fetch(`${apiBase}${path}`, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch {
      throw new AppError('bad_gateway', 'M-Pesa could not be reached. Please try again in a moment.');
    }
    const text = await res.text();
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      body = { errorMessage: text.slice(0, 200) };
    }
    return { status: res.status, body };
  }

  async function accessToken(): Promise<string> {
    if (token && token.expires > Date.now()) return token.value;
    const basic = Buffer.from(`${settings.consumerKey}:${settings.consumerSecret}`).toString('base64');
    const { status, body } = await call('/oauth/v1/generate?grant_type=client_credentials', { method: 'GET', headers: { authorization: `Basic ${basic}` } });
    const value = typeof body.access_token === 'string' ? body.access_token : '';
    if (status !== 200 || !value) throw new AppError('bad_gateway', 'M-Pesa refused our credentials. The business needs to check its M-Pesa settings.');
    const seconds = Number(body.expires_in) || 3599;
    // A minute early, so a token never expires between the check and the request.
    token = { value, expires: Date.now() + Math.max(seconds - 60, 30) * 1000 };
    return value;
  }

  return {
    async stkPush(request, now = new Date()) {
      const timestamp = darajaTimestamp(now);
      const payload = {
        BusinessShortCode: settings.shortcode,
        Password: darajaPassword(settings, timestamp),
        Timestamp: timestamp,
        TransactionType: 'CustomerPayBillOnline',
        Amount: request.amount,
        PartyA: request.phone,
        PartyB: settings.shortcode,
        PhoneNumber: request.phone,
        CallBackURL: request.callbackUrl,
        AccountReference: request.accountReference.slice(0, 12),
        TransactionDesc: request.description.slice(0, 13),
      };
      const send = async () =>
        call('/mpesa/stkpush/v1/processrequest', {
          method: 'POST',
          headers: { authorization: `Bearer ${await accessToken()}`, 'content-type': 'application/json' },
          body: JSON.stringify(payload),
        });
      let res = await send();
      if (res.status === 401) {
        token = null; // revoked or expired early: one fresh token
        res = await send();
      }
      const b = res.body;
      if (res.status !== 200 || String(b.ResponseCode) !== '0' || typeof b.CheckoutRequestID !== 'string') {
        const why =
          typeof b.errorMessage === 'string' ? b.errorMessage : typeof b.ResponseDescription === 'string' ? b.ResponseDescription : `HTTP ${res.status}`;
        throw new AppError('bad_gateway', `M-Pesa could not send the payment prompt: ${why}`);
      }
      return { merchantRequestId: String(b.MerchantRequestID ?? ''), checkoutRequestId: b.CheckoutRequestID };
    },

    async stkQuery(checkoutRequestId, now = new Date()) {
      const timestamp = darajaTimestamp(now);
      const payload = {
        BusinessShortCode: settings.shortcode,
        Password: darajaPassword(settings, timestamp),
        Timestamp: timestamp,
        CheckoutRequestID: checkoutRequestId,
      };
      const send = async () =>
        call('/mpesa/stkpushquery/v1/query', {
          method: 'POST',
          headers: { authorization: `Bearer ${await accessToken()}`, 'content-type': 'application/json' },
          body: JSON.stringify(payload),
        });
      let res = await send();
      if (res.status === 401) {
        token = null;
        res = await send();
      }
      const b = res.body;
      if (b.errorCode === STILL_PROCESSING) return { kind: 'pending' };
      if (res.status !== 200 || String(b.ResponseCode) !== '0' || b.ResultCode === undefined) {
        const why = typeof b.errorMessage === 'string' ? b.errorMessage : `HTTP ${res.status}`;
        throw new AppError('bad_gateway', `M-Pesa could not say what happened to the payment: ${why}`);
      }
      const outcome = stkOutcome({
        MerchantRequestID: '',
        CheckoutRequestID: checkoutRequestId,
        ResultCode: Number(b.ResultCode),
        ResultDesc: String(b.ResultDesc ?? ''),
      });
      return outcome.kind === 'paid' ? { kind: 'paid' } : outcome;
    },
  };
}

/** One Daraja client per app (its token cache), or null when M-Pesa is not configured. */
export function getDaraja(ctx: { config: Config; services: Services }): Daraja | null {
  if (!ctx.config.mpesa) return null;
  const existing = ctx.services.mpesa;
  if (existing) return existing;
  const d = createDaraja(ctx.config.mpesa, ctx.config.mpesaApiBase);
  ctx.services.mpesa = d;
  return d;
}

declare module '../../lib/context' {
  interface Services {
    mpesa?: Daraja;
  }
}

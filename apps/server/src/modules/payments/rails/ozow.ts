/**
 * Ozow (South Africa instant EFT: the customer pays from their own bank), issue 25. POST /postpaymentrequest with
 * our TransactionReference and a HashCheck (SHA-512 of the fields in Ozow's order and the private key, lower-cased)
 * answers the hosted page's url; Ozow sends the customer back to the invoice and POSTs the notify URL (url-encoded
 * fields with their own Hash), a hint only: GET /GetTransactionByReference says what happened (status Complete,
 * amount and currency must match) before anything is recorded.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../../config';
import { AppError } from '../../../lib/errors';
import type { RailAdapter } from './types';
import { callJson, RAIL_TIMEOUT_MS, toMajor, toMinor } from './fetch-json';

export type OzowSettings = NonNullable<Config['ozow']>;
const LABEL = 'Ozow';

/** Ozow's hash: the values in order, then the private key, lower-cased, SHA-512 in hex. */
export function ozowHash(values: readonly (string | boolean | undefined)[], privateKey: string): string {
  const text = `${values.map((v) => (v === undefined ? '' : String(v))).join('')}${privateKey}`.toLowerCase();
  return createHash('sha512').update(text).digest('hex');
}

/** The notify call's fields in the order Ozow hashes them (Hash itself aside). */
export const OZOW_NOTIFY_FIELDS = [
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
] as const;

/** The notify call's fields when its Hash is Ozow's (made with our private key) and it is for our site; else null. */
export function readOzowNotify(settings: OzowSettings, text: string): Record<string, string> | null {
  const form = new URLSearchParams(text);
  const fields = Object.fromEntries(OZOW_NOTIFY_FIELDS.map((k) => [k, form.get(k) ?? '']));
  const given = Buffer.from((form.get('Hash') ?? '').toLowerCase());
  const expected = Buffer.from(ozowHash(Object.values(fields), settings.privateKey));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (fields.SiteCode !== settings.siteCode) return null;
  return fields;
}

export function createOzow(settings: OzowSettings, apiBase: string, { retryBackoffMs = 300, timeoutMs = RAIL_TIMEOUT_MS } = {}): RailAdapter {
  const headers = { ApiKey: settings.apiKey, accept: 'application/json', 'content-type': 'application/json' };
  return {
    provider: 'ozow',
    label: LABEL,
    testMode: settings.isTest,
    async start(req) {
      if (req.currency !== 'ZAR') throw new AppError('conflict', `Ozow does not take payments in ${req.currency}`);
      const back = req.returnUrl;
      const fields = {
        SiteCode: settings.siteCode,
        CountryCode: 'ZA',
        CurrencyCode: 'ZAR',
        Amount: toMajor(req.amount, req.currency),
        TransactionReference: req.reference,
        // What the customer's bank statement shows (Ozow allows 20 characters).
        BankReference: `Inv ${req.invoiceNumber}`.slice(0, 20),
        CancelUrl: back,
        ErrorUrl: back,
        SuccessUrl: back,
        NotifyUrl: req.callbackUrl,
        IsTest: settings.isTest,
      };
      const res = await callJson(
        LABEL,
        `${apiBase}/postpaymentrequest`,
        { method: 'POST', headers, body: JSON.stringify({ ...fields, HashCheck: ozowHash(Object.values(fields), settings.privateKey) }) },
        // Ozow has no idempotency key: a time-out is not sent again (the customer can press Pay again: a new reference).
        { retries: 0, backoffMs: retryBackoffMs, timeoutMs },
      );
      const b = res.body as { url?: unknown; errorMessage?: unknown; paymentRequestId?: unknown };
      if (res.status !== 200 || typeof b.url !== 'string' || !b.url) {
        const why = typeof b.errorMessage === 'string' && b.errorMessage ? b.errorMessage : `HTTP ${res.status}`;
        throw new AppError('bad_gateway', `Ozow could not open its payment page: ${why}`);
      }
      return { providerRef: typeof b.paymentRequestId === 'string' ? b.paymentRequestId : null, redirectUrl: b.url };
    },
    async check(intent) {
      const query = new URLSearchParams({ siteCode: settings.siteCode, transactionReference: intent.reference });
      const res = await callJson(
        LABEL,
        `${apiBase}/GetTransactionByReference?${query.toString()}`,
        { method: 'GET', headers },
        { retries: 1, backoffMs: retryBackoffMs, timeoutMs },
      );
      if (res.status === 404) return { kind: 'pending' };
      const list: unknown = res.body; // Ozow answers a JSON array of the reference's transactions
      if (res.status !== 200 || !Array.isArray(list)) throw new AppError('bad_gateway', `Could not reach ${LABEL}. Please try again in a moment.`);
      const txs = (list as Record<string, unknown>[]).filter((t) => t.transactionReference === intent.reference);
      const done = txs.find((t) => String(t.status).toLowerCase() === 'complete');
      if (done) {
        const currency = String(done.currencyCode ?? '');
        return { kind: 'paid', amount: toMinor(done.amount, currency), currency, operatorId: String(done.transactionId ?? ''), method: 'bank_transfer' };
      }
      const last = txs[txs.length - 1];
      const status = String(last?.status ?? '').toLowerCase();
      const why = typeof last?.statusMessage === 'string' && last.statusMessage ? last.statusMessage : '';
      if (status === 'cancelled' || status === 'abandoned') return { kind: 'cancelled', message: why || 'The payment was cancelled at the bank.' };
      if (status === 'error') return { kind: 'failed', message: why || 'Ozow could not take the payment.' };
      return { kind: 'pending' };
    },
  };
}

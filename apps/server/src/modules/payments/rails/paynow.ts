/**
 * Paynow (Zimbabwe: EcoCash, OneMoney), issue 25: mobile express checkout POST /interface/remotetransaction
 * (form fields + hash), which prompts the customer's phone and answers a poll URL; the poll URL answers the
 * status. Every message is hashed both ways: SHA-512 over the field values in order, then the integration key,
 * upper-case hex. Paynow's result URL call is only a hint to poll.
 */
import { createHash } from 'node:crypto';
import { nationalNumber } from '@duka/core';
import type { Config } from '../../../config';
import { AppError } from '../../../lib/errors';
import type { RailAdapter } from './types';
import { RAIL_TIMEOUT_MS, toMajor, toMinor } from './fetch-json';

export type PaynowSettings = NonNullable<Config['paynow']>;
const LABEL = 'Paynow';

/** Paynow's hash of a message: SHA-512 of every value but `hash`, in order, then the integration key. */
export function paynowHash(fields: [string, string][], key: string): string {
  const text =
    fields
      .filter(([k]) => k.toLowerCase() !== 'hash')
      .map(([, v]) => v)
      .join('') + key;
  return createHash('sha512').update(text, 'utf8').digest('hex').toUpperCase();
}

/** Reads a url-encoded answer and checks its hash; null when the hash is wrong or missing. */
export function readPaynow(text: string, key: string): Record<string, string> | null {
  const pairs = [...new URLSearchParams(text).entries()];
  const got = pairs.find(([k]) => k.toLowerCase() === 'hash')?.[1] ?? '';
  const fields = Object.fromEntries(pairs.map(([k, v]) => [k.toLowerCase(), v]));
  // An error answer may come without a hash.
  if (fields.status?.toLowerCase() === 'error' && !got) return fields;
  return got && got.toUpperCase() === paynowHash(pairs, key) ? fields : null;
}

async function postForm(url: string, fields: [string, string][], retries: number, backoffMs: number, timeoutMs: number): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await res.text();
      if (res.status < 500) return text;
    } catch {
      // time-out or refused: retried below
    }
    if (attempt >= retries) throw new AppError('bad_gateway', `Could not reach ${LABEL}. Please try again in a moment.`);
    await new Promise((r) => setTimeout(r, backoffMs * 3 ** attempt));
  }
}

const PAID = new Set(['paid', 'awaiting delivery', 'delivered']);

export function createPaynow(settings: PaynowSettings, apiBase: string, { retryBackoffMs = 300, timeoutMs = RAIL_TIMEOUT_MS } = {}): RailAdapter {
  return {
    provider: 'paynow',
    label: LABEL,
    testMode: false,
    async start(req) {
      if (!req.phone) throw new AppError('validation_failed', 'Enter your EcoCash or OneMoney number', { phone: 'Enter your EcoCash or OneMoney number' });
      const fields: [string, string][] = [
        ['id', settings.integrationId],
        ['reference', req.reference],
        ['amount', toMajor(req.amount, req.currency)],
        ['additionalinfo', `Invoice ${req.invoiceNumber}`],
        ['returnurl', req.returnUrl],
        ['resulturl', req.callbackUrl],
        ['authemail', req.email ?? ''],
        ['phone', `0${nationalNumber(req.phone, 'ZW')}`],
        ['method', req.network === 'onemoney' ? 'onemoney' : 'ecocash'],
        ['status', 'Message'],
      ];
      fields.push(['hash', paynowHash(fields, settings.integrationKey)]);
      // Paynow has no idempotency key: a lost answer is not resent (the customer can try again).
      const text = await postForm(`${apiBase}/interface/remotetransaction`, fields, 0, retryBackoffMs, timeoutMs);
      const answer = readPaynow(text, settings.integrationKey);
      if (!answer) throw new AppError('bad_gateway', 'Paynow answered with a wrong hash');
      if (answer.status?.toLowerCase() !== 'ok' || !answer.pollurl)
        throw new AppError('bad_gateway', `Paynow could not send the payment prompt: ${answer.error ?? 'no poll URL'}`);
      return { providerRef: answer.pollurl, redirectUrl: null };
    },
    async check(intent) {
      if (!intent.providerRef) return { kind: 'pending' };
      const text = await postForm(intent.providerRef, [], 1, retryBackoffMs, timeoutMs);
      const a = readPaynow(text, settings.integrationKey);
      if (!a || a.reference !== intent.reference) throw new AppError('bad_gateway', 'Paynow answered with a wrong hash');
      const status = (a.status ?? '').toLowerCase();
      if (PAID.has(status)) return { kind: 'paid', amount: toMinor(a.amount, intent.currency), currency: intent.currency, operatorId: a.paynowreference ?? '' };
      if (status === 'cancelled') return { kind: 'cancelled', message: 'The payment was cancelled on the phone.' };
      if (status === 'failed' || status === 'disputed' || status === 'refunded') return { kind: 'failed', message: `Paynow says the payment ${status}.` };
      return { kind: 'pending' };
    },
  };
}

/**
 * The rails' one HTTP helper: JSON over fetch with a time-out, and retries with back-off for what is safe to
 * retry (the request carries our own reference, so the provider takes it once: a time-out, a refused connection
 * or a 5xx is sent again with the same reference).
 */
import { minorDigits } from '@duka/core';
import { AppError } from '../../../lib/errors';

export interface JsonAnswer {
  status: number;
  body: Record<string, unknown>;
}

export const RAIL_TIMEOUT_MS = 15_000;

export async function callJson(
  label: string,
  url: string,
  init: RequestInit,
  { retries = 0, backoffMs = 300, timeoutMs = RAIL_TIMEOUT_MS }: { retries?: number; backoffMs?: number; timeoutMs?: number } = {},
): Promise<JsonAnswer> {
  for (let attempt = 0; ; attempt++) {
    let res: Response | null = null;
    try {
      res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch {
      res = null;
    }
    if (res && res.status < 500) {
      const text = await res.text();
      let body: Record<string, unknown> = {};
      try {
        body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      } catch {
        body = { message: text.slice(0, 200) };
      }
      return { status: res.status, body };
    }
    if (res) await res.body?.cancel().catch(() => undefined);
    if (attempt >= retries) throw new AppError('bad_gateway', `Could not reach ${label}. Please try again in a moment.`);
    await new Promise((r) => setTimeout(r, backoffMs * 3 ** attempt));
  }
}

/** Minor units → the decimal string providers take ("5000" shillings, "10.50" cedis). */
export function toMajor(minor: number, currency: string): string {
  const d = minorDigits(currency);
  if (d === 0) return String(minor);
  const s = String(Math.abs(minor)).padStart(d + 1, '0');
  return `${minor < 0 ? '-' : ''}${s.slice(0, -d)}.${s.slice(-d)}`;
}

/** A provider's amount ("5000", 5000, "10.5") → minor units; NaN when it is not a number. */
export function toMinor(amount: unknown, currency: string): number {
  const n = typeof amount === 'number' ? amount : typeof amount === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(amount) ? Number(amount) : NaN;
  return Math.round(n * 10 ** minorDigits(currency));
}

/** Invoice and quote numbers: a prefix plus a zero-padded counter (INV-0001), one series per kind. */
import type { InvoiceKind } from './status';

export const DEFAULT_NUMBER_PREFIX: Record<InvoiceKind, string> = { invoice: 'INV-', quote: 'QUO-', sale: 'SAL-', credit_note: 'CN-' };
export const NUMBER_PAD = 4;

export function formatInvoiceNumber(prefix: string, counter: number, pad = NUMBER_PAD): string {
  return `${prefix}${String(counter).padStart(pad, '0')}`;
}

/** The counter of a number in this series (INV-0042 → 42), or null when it belongs to another series. */
export function parseInvoiceNumber(prefix: string, number: string): number | null {
  if (!number.startsWith(prefix)) return null;
  const rest = number.slice(prefix.length);
  if (!/^\d{1,15}$/.test(rest)) return null;
  return Number(rest);
}

/** The next number of a series after the existing ones (numbers of other series are ignored). */
export function nextInvoiceNumber(prefix: string, existing: Iterable<string>, pad = NUMBER_PAD): string {
  let max = 0;
  for (const n of existing) {
    const c = parseInvoiceNumber(prefix, n);
    if (c !== null && c > max) max = c;
  }
  return formatInvoiceNumber(prefix, max + 1, pad);
}

/**
 * The first free number after `taken` in the same series as `number` (used when two devices took the
 * same number offline). Numbers outside any `prefix + digits` shape get a -2, -3… suffix.
 */
export function nextFreeNumber(number: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  const m = /^(.*?)(\d+)$/.exec(number);
  if (m) {
    const [, prefix, digits] = m;
    let max = 0;
    for (const n of used) {
      const c = parseInvoiceNumber(prefix, n);
      if (c !== null && c > max) max = c;
    }
    return formatInvoiceNumber(prefix, Math.max(max, Number(digits)) + 1, digits.length);
  }
  for (let i = 2; ; i++) if (!used.has(`${number}-${i}`)) return `${number}-${i}`;
}

/** The visible notice recorded on a renumbered invoice. */
export function renumberNotice(from: string, to: string): string {
  return `Renumbered from ${from} to ${to}: another device used that number`;
}

/** The two numbers of a renumber notice (renumberNotice's sentence), for screens that say it in the owner's language. */
export function parseRenumberNotice(notice: string | null | undefined): { from: string; to: string } | null {
  const m = notice ? /^Renumbered from (.+) to (.+): another device used that number$/.exec(notice) : null;
  return m ? { from: m[1], to: m[2] } : null;
}

/** Random bytes drawn from Web Crypto 4 KB at a time: one call per 256 links (a call costs ~20 µs in Node, issue 27). */
const POOL_SIZE = 4096;
let pool = new Uint8Array(0);
let poolAt = 0;

/** A public link id: 128 random bits, base64url (22 characters). Works in browsers and Node (Web Crypto). */
export function newPublicId(): string {
  if (poolAt + 16 > pool.length) {
    const { crypto } = globalThis as unknown as { crypto: { getRandomValues(a: Uint8Array): Uint8Array } };
    pool = new Uint8Array(POOL_SIZE);
    crypto.getRandomValues(pool);
    poolAt = 0;
  }
  const bytes = pool.subarray(poolAt, poolAt + 16);
  poolAt += 16;
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  // Each byte is handed out once.
  bytes.fill(0);
  return btoaSafe(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function btoaSafe(bin: string): string {
  const { btoa } = globalThis as unknown as { btoa: (s: string) => string };
  return btoa(bin);
}

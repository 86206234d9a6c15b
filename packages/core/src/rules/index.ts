import { z } from 'zod';
import { MAX_MONEY, MAX_PERCENT_BPS } from './limits';
import { currencyCodeProblem } from '../constants/currencies';
import { ruleParams } from './codes';

/**
 * One validation rule per field, used by the device (forms, before a change is queued) and by the server
 * (REST bodies and sync pushes): percentages, money amounts and the business's time zone.
 */

export { MAX_MONEY, MAX_PERCENT_BPS, NAME_MAX, PERCENT_INPUT, QUANTITY_DECIMALS, REFERENCE_MAX } from './limits';
export * from './codes';

export const PERCENT_MESSAGE = 'Enter a percentage from 0 to 100, e.g. 7.5';
export const MONEY_TOO_LARGE = 'This amount is more than an invoice can hold';

/** An exchange rate: units of the business's currency for one unit of the invoice's or expense's (t19 N5), up to 6 decimals. */
export const exchangeRateSchema = z
  .number({ error: 'Enter the exchange rate as a number, like 1530.25' })
  .positive({ error: 'The exchange rate must be more than 0' })
  .max(1_000_000_000, { error: 'The exchange rate is too large: enter how many of your currency one unit buys' })
  .refine((n) => Math.abs(Math.round(n * 1e6) - n * 1e6) < 1e-3, { error: 'Use at most 6 decimals in the exchange rate' });

/** Basis points of a fee, a tax or a percentage discount (750 = 7.5%). */
export const percentBpsSchema = z.number().int('Use whole basis points').min(0, 'Must not be negative').max(MAX_PERCENT_BPS, 'At most 100%');

/** An amount in minor units. */
export const moneySchema = z.number().int('Use whole minor units').min(0, 'Must not be negative').max(MAX_MONEY, MONEY_TOO_LARGE);

/** Whether a value is a valid percentage in basis points. */
export function isPercentBps(bps: number): boolean {
  return percentBpsSchema.safeParse(bps).success;
}

/** Whether a value is a valid amount in minor units. */
export function isMoney(minor: number): boolean {
  return moneySchema.safeParse(minor).success;
}

/**
 * A typed percentage ("7.5", "7,5 %", "100") → basis points, with integer maths (no float rounding);
 * null when it is not a number from 0 to 100 with at most 2 decimals.
 */
export function parsePercentBps(text: string): number | null {
  const clean = text.replace(/[%\s]/g, '').replace(',', '.');
  const m = /^(\d{1,3})(?:\.(\d{0,2}))?$/.exec(clean);
  if (!m) return null;
  const bps = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return isPercentBps(bps) ? bps : null;
}

/** Basis points → the percentage as typed ("7.5"), exactly. */
export function bpsToPercentText(bps: number): string {
  const whole = Math.trunc(bps / 100);
  const frac = String(Math.abs(bps % 100))
    .padStart(2, '0')
    .replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : String(whole);
}

/** Names already asked about (making an Intl.DateTimeFormat is the costly part: a sync push asks per invoice). */
const timeZonesSeen = new Map<string, boolean>();

/** Whether the runtime knows this IANA time zone name (e.g. Africa/Lagos). */
export function isTimeZone(tz: unknown): tz is string {
  if (typeof tz !== 'string' || !tz || tz.length > 64) return false;
  const seen = timeZonesSeen.get(tz);
  if (seen !== undefined) return seen;
  let known: boolean;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    known = true;
  } catch {
    known = false;
  }
  // Bounded: the runtime knows a few hundred zones; unknown names are not kept once the map is full.
  if (timeZonesSeen.size < 2_000) timeZonesSeen.set(tz, known);
  return known;
}

export const timeZoneSchema = z.string().refine(isTimeZone, 'Choose a time zone from the list, e.g. Africa/Lagos');

/**
 * A currency code of an invoice, an expense or a sync push: one of core's CURRENCY_CODES, spelt as stored
 * (t20 A5). The message names the codes to use; a screen shows the `currency_code` rule in its own language.
 */
export const currencyCodeSchema = z.string().superRefine((value, ctx) => {
  const problem = currencyCodeProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, ...ruleParams('currency_code') });
});

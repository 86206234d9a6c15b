/**
 * One rule for "today" on the device and the server: the calendar day in the business's time zone — the
 * one chosen in its settings (invoice_settings.time_zone), else its country's (Lagos, Nairobi…), else UTC.
 * Issue dates, due dates and what is overdue all use it.
 */
import { businessTimeZone } from '../constants/countries';
import { isTimeZone } from '../rules';

/** One formatter per known zone (making one costs far more than formatting with it). */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (yyyy-mm-dd) at `now` in time zone `tz` (UTC when tz is unknown). */
export function businessToday(now: Date, tz: string): string {
  const zone = isTimeZone(tz) ? tz : 'UTC';
  let format = dayFormats.get(zone);
  if (!format) dayFormats.set(zone, (format = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' })));
  const parts = format.formatToParts(now);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

function settingsObject(settings: unknown): Record<string, unknown> {
  if (settings && typeof settings === 'object') return settings as Record<string, unknown>;
  if (typeof settings !== 'string' || !settings) return {};
  try {
    const parsed: unknown = JSON.parse(settings);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The business's time zone: settings' time_zone when it is a valid IANA zone, else from its country. */
export function userTimeZone(user: { country?: string | null; invoice_settings?: unknown } | null | undefined): string {
  const s = settingsObject(user?.invoice_settings);
  if (isTimeZone(s.time_zone)) return s.time_zone;
  const country = user?.country || ((s.country as { name?: unknown } | undefined)?.name as string | undefined);
  return businessTimeZone(typeof country === 'string' ? country : null);
}

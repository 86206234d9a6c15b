import { getDisplayLanguage, type Language } from './languages';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** English month abbreviations, as the app writes them. */
export const EN_MONTHS: readonly string[] = MONTHS;

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * SPEC §9: day, short month, two-digit year — e.g. "5 Mar 26" (French "5 mars 26", Kiswahili "5 Mac 26"). Takes an
 * ISO date or Date; uses the date's UTC calendar day for plain dates. In the display language unless one is named.
 */
export function formatDate(value: string | Date, language: Language = getDisplayLanguage()): string {
  const d = typeof value === 'string' ? new Date(value.length === 10 ? `${value}T00:00:00Z` : value) : value;
  if (Number.isNaN(d.getTime())) return '';
  const plain = typeof value === 'string' && value.length === 10;
  if (language !== 'en') {
    const key = `${language}:${plain}`;
    let format = dateFormats.get(key);
    if (!format)
      dateFormats.set(
        key,
        (format = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', year: '2-digit', ...(plain ? { timeZone: 'UTC' } : {}) })),
      );
    return format.format(d);
  }
  const day = plain ? d.getUTCDate() : d.getDate();
  const month = plain ? d.getUTCMonth() : d.getMonth();
  const year = plain ? d.getUTCFullYear() : d.getFullYear();
  return `${day} ${MONTHS[month]} ${String(year % 100).padStart(2, '0')}`;
}

/** Today's date as ISO yyyy-mm-dd in local time; `now` is a parameter so tests can fix it. */
export function isoDate(now: Date = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/**
 * Calendar-day arithmetic on ISO yyyy-mm-dd, in one place for all of core (reminders, repeating invoices,
 * statements, reports): UTC midnight, so a daylight-saving change never makes a day 23 or 25 hours.
 */
export function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Whole days from a to b (b − a), both ISO yyyy-mm-dd. */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

// Dates with a time, and months (issue 23): apart from dates.ts so the public pay page, which only writes plain dates,
// does not carry them.
import { formatDate } from './dates';
import { getDisplayLanguage, type Language, localeOf } from './languages';

/**
 * The time of day an instant falls at on this device's clock, 24-hour in every language: "19:36". Only with a date
 * (formatDateTime) or where the day is plain from the context.
 */
export function formatTime(value: string | Date): string {
  const d = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return '';
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}

/** Between the date and the time: "26 Nov 26, 19:36", "26 nov. 26 à 19:36", "26 Nov 26, 19:36". */
const AT: Record<Language, string> = { en: ', ', fr: ' à ', sw: ', ' };

/**
 * SPEC §9's date with the time where a time is needed (a sale's receipt, a scheduled announcement, a kept draft):
 * "26 Nov 26, 19:36" in English, "26 nov. 26 à 19:36" in French, "26 Nov 26, 19:36" in Kiswahili. An instant (ISO
 * timestamp or Date) on this device's clock.
 */
export function formatDateTime(value: string | Date, language: Language = getDisplayLanguage()): string {
  const d = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return '';
  return `${formatDate(d, language)}${AT[language] ?? ', '}${formatTime(d)}`;
}

const monthFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A calendar month (yyyy-mm) as a heading or a chart label, in the display language unless one is named:
 * 'short' "Nov 2026" / "nov. 2026" / "Nov 2026", 'long' "November 2026" / "novembre 2026" / "Novemba 2026".
 * Anything else is returned as it came.
 */
export function formatMonth(month: string, style: 'short' | 'long' = 'short', language: Language = getDisplayLanguage()): string {
  const d = new Date(`${month}-01T00:00:00Z`);
  if (!/^\d{4}-\d{2}$/.test(month) || Number.isNaN(d.getTime())) return month;
  const key = `${language}:${style}`;
  let format = monthFormats.get(key);
  if (!format) monthFormats.set(key, (format = new Intl.DateTimeFormat(localeOf(language), { month: style, year: 'numeric', timeZone: 'UTC' })));
  return format.format(d);
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * formatDateTime on the business's clock (t17 K5): "27 Nov 26, 05:49" for a Nairobi shop whatever zone the device is
 * set to, so a receipt's time agrees with its fiscal block (printed in the control unit's zone). An unknown zone
 * falls back to the device's clock.
 */
export function formatDateTimeIn(value: string | Date, timeZone: string, language: Language = getDisplayLanguage()): string {
  const d = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return '';
  let format = zoneFormats.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-GB', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      });
    } catch {
      return formatDateTime(d, language);
    }
    zoneFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(d);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  // The calendar day there, as a plain date (formatDate reads it as it is), and the time of day there.
  return `${formatDate(`${get('year')}-${get('month')}-${get('day')}`, language)}${AT[language] ?? ', '}${get('hour')}:${get('minute')}`;
}

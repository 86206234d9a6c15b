// Reading a typed date (issue 23), apart from dates.ts so the pay page's first chunk does not carry it.
import { getDisplayLanguage, type Language } from './languages';
import { EN_MONTHS as MONTHS } from './dates';

const monthNames = new Map<Language, Map<string, number>>();
/** Month names a person may type in a language (short and long, without accents or dots), plus English's. */
function monthsOf(language: Language): Map<string, number> {
  let names = monthNames.get(language);
  if (names) return names;
  names = new Map<string, number>();
  const add = (name: string, m: number) => {
    const key = plainWord(name);
    if (key && !names!.has(key)) names!.set(key, m);
  };
  for (const lang of [language, 'en'] as Language[])
    for (const style of ['short', 'long'] as const) {
      let f: Intl.DateTimeFormat | null = null;
      try {
        f = new Intl.DateTimeFormat(lang, { month: style, timeZone: 'UTC' });
      } catch {
        f = null;
      }
      for (let m = 0; m < 12; m++) add(f ? f.format(new Date(Date.UTC(2026, m, 1))) : MONTHS[m]!, m);
    }
  MONTHS.forEach((name, m) => add(name, m));
  monthNames.set(language, names);
  return names;
}
const plainWord = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\./g, '')
    .trim()
    .toLowerCase();

/**
 * A date a person typed, read the way the app writes them (issue 23): "5 Mar 26", "5 mars 2026", "5 Mac 26" (the
 * month by its short or long name in the screen's language or English), or by numbers day first ("5/3/26",
 * "05-03-2026"), or ISO ("2026-03-05"). Two-digit years are 20xx. Returns the ISO date, or null when it is no real
 * date (31 Feb) or cannot be read.
 */
export function parseAppDate(text: string, language: Language = getDisplayLanguage()): string | null {
  const s = text.trim();
  if (!s) return null;
  let y: number, m: number, d: number;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(s);
  const numeric = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(s);
  const named = /^(\d{1,2})\s*(?:er\s+)?([^\d\s,]+)[\s,]+(\d{2}|\d{4})$/u.exec(s);
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]) - 1, Number(iso[3])];
  else if (numeric) [d, m, y] = [Number(numeric[1]), Number(numeric[2]) - 1, Number(numeric[3])];
  else if (named) {
    const month = monthsOf(language).get(plainWord(named[2]!));
    if (month === undefined) return null;
    [d, m, y] = [Number(named[1]), month, Number(named[3])];
  } else return null;
  if (y < 100) y += 2000;
  const date = new Date(Date.UTC(y, m, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

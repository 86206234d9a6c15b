import { findCountry } from '../constants/countries';
import type { Language } from '../constants/languages';
import { type PeriodPreset, presetPeriod, type ReportPeriod } from './period';

/**
 * Ethiopia's VAT accounting period (VAT Proclamation No. 1341/2024, art. 2): "each calendar month", in Ethiopia's own
 * calendar, "the months of August and Pagumen aggregated" — Nehasse and the 5 or 6 days of Pagume after it are one
 * period. Hedar 2019 runs from 10 November to 9 December 2026. The days come from Intl's ethiopic calendar (in Node
 * and every browser), so no calendar maths is written here.
 */
const ETHIOPIC = new Intl.DateTimeFormat('en-u-ca-ethiopic', { year: 'numeric', month: 'numeric', day: 'numeric', timeZone: 'UTC' });
const NEHASSE = 12;
const PAGUME = 13;

const dayOf = (iso: string) => new Date(`${iso}T12:00:00Z`);
const isoOf = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (iso: string, n: number) => isoOf(new Date(dayOf(iso).getTime() + n * 86_400_000));

/** An ISO day in Ethiopia's calendar: year (Amete Mihret), month 1–13 (13: Pagume) and day. */
export function ethiopicDate(iso: string): { year: number; month: number; day: number } {
  const parts = Object.fromEntries(ETHIOPIC.formatToParts(dayOf(iso)).map((p) => [p.type, p.value]));
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day) };
}

/** The VAT accounting month holding an ISO day: its first and last Gregorian days (Nehasse runs on to Pagume's end). */
export function ethiopianVatMonth(iso: string): ReportPeriod {
  const { month, day } = ethiopicDate(iso);
  let from = addDays(iso, 1 - day);
  if (month === PAGUME) from = addDays(from, -30);
  let to = addDays(from, 29);
  if (month === NEHASSE || month === PAGUME) while (ethiopicDate(addDays(to, 1)).month === PAGUME) to = addDays(to, 1);
  return { from, to };
}

/** Whether a business in `country` (a name as stored, or its code) files VAT by Ethiopian months. */
export function filesByEthiopianMonths(country: string | null | undefined): boolean {
  const q = (country ?? '').trim();
  return q.toUpperCase() === 'ET' || findCountry(q)?.code === 'ET';
}

/**
 * The period a preset means for a business's VAT return: for an Ethiopian business, this and last month are Ethiopian
 * accounting months; every other preset and country, the calendar ones of `presetPeriod`.
 */
export function vatPresetPeriod(preset: PeriodPreset, today: string, country: string | null | undefined): ReportPeriod {
  if (!filesByEthiopianMonths(country) || (preset !== 'this_month' && preset !== 'last_month')) return presetPeriod(preset, today);
  const current = ethiopianVatMonth(today);
  return preset === 'this_month' ? current : ethiopianVatMonth(addDays(current.from, -1));
}

/** "Hedar 2019": the Ethiopian month a VAT accounting period starts in, in `language`'s spelling. */
export function ethiopianMonthName(period: ReportPeriod, language: Language): string {
  const parts = new Intl.DateTimeFormat(`${language}-u-ca-ethiopic`, { year: 'numeric', month: 'long', timeZone: 'UTC' }).formatToParts(dayOf(period.from));
  const month = parts.find((p) => p.type === 'month')?.value ?? '';
  const year = parts.find((p) => p.type === 'year')?.value ?? '';
  return `${month.charAt(0).toUpperCase()}${month.slice(1)} ${year}`;
}

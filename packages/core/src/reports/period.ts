import { addDays, daysBetween } from '../constants/dates';

/** Report periods: calendar days as ISO yyyy-mm-dd, both ends included. */
export interface ReportPeriod {
  from: string;
  to: string;
}

export const PERIOD_PRESETS = ['this_month', 'last_month', 'this_quarter', 'this_year', 'custom'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

const ISO = /^\d{4}-\d{2}-\d{2}$/;

export function isIsoDay(s: string): boolean {
  if (!ISO.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

function ymd(y: number, m: number, d: number): string {
  return new Date(Date.UTC(y, m, d)).toISOString().slice(0, 10);
}

/** The period a preset means on a given day (custom falls back to this month). */
export function presetPeriod(preset: PeriodPreset, today: string): ReportPeriod {
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(5, 7)) - 1;
  switch (preset) {
    case 'last_month':
      return { from: ymd(y, m - 1, 1), to: ymd(y, m, 0) };
    case 'this_quarter': {
      const q = Math.floor(m / 3) * 3;
      return { from: ymd(y, q, 1), to: ymd(y, q + 3, 0) };
    }
    case 'this_year':
      return { from: ymd(y, 0, 1), to: ymd(y, 11, 31) };
    default:
      return { from: ymd(y, m, 1), to: ymd(y, m + 1, 0) };
  }
}

/**
 * The period just before, to compare with: the previous calendar month(s) when the period is whole
 * months (so March compares with February), otherwise the same number of days ending the day before.
 */
export function previousPeriod(p: ReportPeriod): ReportPeriod {
  const fy = Number(p.from.slice(0, 4));
  const fm = Number(p.from.slice(5, 7)) - 1;
  const ty = Number(p.to.slice(0, 4));
  const tm = Number(p.to.slice(5, 7)) - 1;
  const wholeMonths = p.from.endsWith('-01') && addDays(p.to, 1).endsWith('-01');
  if (wholeMonths) {
    const months = (ty - fy) * 12 + (tm - fm) + 1;
    return { from: ymd(fy, fm - months, 1), to: addDays(p.from, -1) };
  }
  const len = daysBetween(p.from, p.to) + 1;
  return { from: addDays(p.from, -len), to: addDays(p.from, -1) };
}

/** Months (yyyy-mm) a period touches, in order. */
export function monthsOf(p: ReportPeriod): string[] {
  const out: string[] = [];
  let y = Number(p.from.slice(0, 4));
  let m = Number(p.from.slice(5, 7));
  const end = p.to.slice(0, 7);
  for (let i = 0; i < 600; i++) {
    const key = `${y}-${String(m).padStart(2, '0')}`;
    out.push(key);
    if (key >= end) break;
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return out;
}

/** Longest period a report covers (10 years), so one request cannot ask for centuries of months. */
export const REPORT_MAX_DAYS = 3660;

/** A person-readable problem with a period, or null when it is fine. */
export function periodError(p: ReportPeriod): string | null {
  if (!isIsoDay(p.from) || !isIsoDay(p.to)) return 'Use dates like 2026-11-22';
  if (p.from > p.to) return 'The start date must be on or before the end date';
  if (daysBetween(p.from, p.to) >= REPORT_MAX_DAYS) return 'Choose a period of at most 10 years';
  return null;
}

import { type PeriodPreset, periodError, presetPeriod, type ReportPeriod, reportFromRecords, type ReportInvoice, type ReportSummary } from '@duka/core';
import { useState } from 'react';
import { db } from '../../../data/db';
import { useLocal } from '../../../data/sync/hooks';
import { todayForBusiness } from '../../../data/today';

/** The device's report: read the local invoices, expenses and clients, and compute (core maths). Live. */
export function useDeviceReport(period: ReportPeriod | null): ReportSummary | undefined {
  return useLocal(async () => {
    if (!period) return undefined;
    const started = performance.now();
    const [invoices, expenses, contacts] = await Promise.all([db.invoices.toArray(), db.expenses.toArray(), db.contacts.toArray()]);
    const read = performance.now();
    const report = reportFromRecords({ invoices: invoices as ReportInvoice[], expenses, contacts }, period, todayForBusiness());
    // Timings for bench/reports-web.bench.mjs (reading the device database, and the maths).
    performance.measure('duka:report-read', { start: started, end: read });
    performance.measure('duka:report-compute', { start: read, end: performance.now() });
    return report;
  }, [period?.from, period?.to]);
}

export interface PeriodState {
  preset: PeriodPreset;
  custom: ReportPeriod;
  /** The period to show, or null while a custom period is not valid. */
  period: ReportPeriod | null;
  error: string | null;
  setPreset: (p: PeriodPreset) => void;
  setCustom: (p: ReportPeriod) => void;
}

/** `periodOf`: what a preset means on a day (the VAT return of an Ethiopian business: core vatPresetPeriod). */
export function usePeriod(initial: PeriodPreset = 'this_month', periodOf: (p: PeriodPreset, today: string) => ReportPeriod = presetPeriod): PeriodState {
  const today = todayForBusiness();
  const [preset, setPreset] = useState<PeriodPreset>(initial);
  const [custom, setCustom] = useState<ReportPeriod>(() => periodOf('this_month', today));
  const error = preset === 'custom' ? periodError(custom) : null;
  const period = preset === 'custom' ? (error ? null : custom) : periodOf(preset, today);
  return { preset, custom, period, error, setPreset, setCustom };
}

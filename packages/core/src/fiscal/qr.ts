import type { FiscalDocumentKind } from './types';

/** "ABCDEFGHIJ" → "ABCD-EFGH-IJ": internal data and signatures are printed in groups of four. */
export function groupsOfFour(s: string, sep = '-'): string {
  return (s.replace(/[\s-]/g, '').match(/.{1,4}/g) ?? []).join(sep);
}

/** eTIMS receipt type: N(ormal) or T(raining, TEST MODE), then S(ale) or C(redit note). */
export function receiptType(kind: FiscalDocumentKind, test: boolean): string {
  return `${test ? 'T' : 'N'}${kind === 'credit_note' ? 'C' : 'S'}`;
}

/** "101/500 NS": the receipt's number for its type / the unit's receipts in all, then the type. */
export function receiptLabel(receiptNumber: number, totalReceipts: number, type: string): string {
  return `${receiptNumber}/${totalReceipts} ${type}`;
}

/**
 * The text of the fiscal QR code: `ddmmyyyy#hhmmss#cu#receipt#internaldata#signature`, with the control
 * unit's date and time (`at` in the unit's time zone, `utcOffsetMinutes` east of UTC: 180 for Kenya), the control unit id, the receipt label, and the internal data
 * and signature as the unit gave them (not grouped).
 */
export function fiscalQrText(at: Date, controlUnitId: string, receipt: string, internalData: string, signature: string, utcOffsetMinutes = 0): string {
  at = new Date(at.getTime() + utcOffsetMinutes * 60_000);
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  const date = `${p(at.getUTCDate())}${p(at.getUTCMonth() + 1)}${p(at.getUTCFullYear(), 4)}`;
  const time = `${p(at.getUTCHours())}${p(at.getUTCMinutes())}${p(at.getUTCSeconds())}`;
  for (const [name, v] of [
    ['control unit id', controlUnitId],
    ['receipt', receipt],
    ['internal data', internalData],
    ['signature', signature],
  ])
    if (v.includes('#')) throw new Error(`The ${name} may not contain #`);
  return [date, time, controlUnitId, receipt, internalData, signature].join('#');
}

/** Reads a QR text back (tests, a verifier page); null when it is not of that form. */
export function parseFiscalQrText(text: string): { at: Date; control_unit_id: string; receipt: string; internal_data: string; signature: string } | null {
  const m = /^(\d{2})(\d{2})(\d{4})#(\d{2})(\d{2})(\d{2})#([^#]+)#([^#]+)#([^#]*)#([^#]*)$/.exec(text);
  if (!m) return null;
  const [, dd, mm, yyyy, hh, mi, ss, cu, receipt, internal_data, signature] = m;
  const at = new Date(Date.UTC(+yyyy, +mm - 1, +dd, +hh, +mi, +ss));
  if (at.getUTCDate() !== +dd || at.getUTCMonth() !== +mm - 1) return null;
  return { at, control_unit_id: cu, receipt, internal_data, signature };
}

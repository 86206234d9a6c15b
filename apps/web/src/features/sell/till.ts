import { type CashUp, type TillBody, tillBodySchema } from '@duka/core';
import { api } from '../../data/api';
import { db as defaultDb, type DukaDb } from '../../data/db';

/**
 * The day's till (h155): the opening float and the cash counted at the close, per business day and currency. Kept on
 * the device first (the meta table, key `till:<day>:<currency>`), so it survives a reload and is there offline, then
 * sent with PUT /api/reports/cash-up/till; the owner's other devices take the server's copy when they open the
 * day's cash-up (GET /api/reports/cash-up carries it). The last write wins, as for a settings page.
 */
export interface LocalTill extends TillBody {
  /** Still to send to the server. */
  pending: boolean;
}

const PREFIX = 'till:';
const keyOf = (day: string, currency: string) => `${PREFIX}${day}:${currency}`;

function parse(value: unknown): LocalTill | null {
  try {
    const v = JSON.parse(String(value)) as LocalTill;
    return tillBodySchema.safeParse(v).success ? { ...v, pending: v.pending === true } : null;
  } catch {
    return null;
  }
}

/** The day's tills kept on this device. */
export async function tillsOf(day: string, d: DukaDb = defaultDb): Promise<LocalTill[]> {
  const rows = await d.meta.where('key').startsWith(keyOf(day, '')).toArray();
  return rows.map((r) => parse(r.value)).filter((t): t is LocalTill => !!t);
}

/** Sends every till not yet on the server; one the network could not take stays to send next time. */
export async function sendTills(d: DukaDb = defaultDb, put = (body: TillBody) => api('PUT /reports/cash-up/till', { body })): Promise<void> {
  const rows = await d.meta.where('key').startsWith(PREFIX).toArray();
  for (const row of rows) {
    const till = parse(row.value);
    if (!till?.pending) continue;
    const { pending: _p, ...body } = till;
    try {
      await put(body);
    } catch {
      continue;
    }
    // Only if nothing newer was kept meanwhile.
    await d.transaction('rw', d.meta, async () => {
      const now = await d.meta.get(row.key);
      if (now?.value === row.value) await d.meta.put({ key: row.key, value: JSON.stringify({ ...body, pending: false }) });
    });
  }
}

/** Keeps the day's float and count on the device (checked as the server checks them), then sends it. */
export async function keepTill(body: TillBody, d: DukaDb = defaultDb): Promise<void> {
  const checked = tillBodySchema.parse(body);
  await d.meta.put({ key: keyOf(checked.date, checked.currency), value: JSON.stringify({ ...checked, pending: true }) });
  void sendTills(d);
}

/** Takes the server's tills of the day (another device's), unless this device has one still to send. */
export async function takeServerTills(cashUp: CashUp, d: DukaDb = defaultDb): Promise<void> {
  const mine = await tillsOf(cashUp.date, d);
  for (const c of cashUp.currencies) {
    if (mine.some((t) => t.currency === c.currency && t.pending)) continue;
    if (!c.opening_float && c.counted === null && !mine.some((t) => t.currency === c.currency)) continue;
    const till: LocalTill = { date: cashUp.date, currency: c.currency, opening_float: c.opening_float, counted: c.counted, pending: false };
    await d.meta.put({ key: keyOf(cashUp.date, c.currency), value: JSON.stringify(till) });
  }
}

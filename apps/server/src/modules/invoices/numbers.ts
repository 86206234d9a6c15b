import { formatInvoiceNumber, parseInvoiceNumber } from '@duka/core';
import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { invoices } from '../../db/schema';
import type { Tx } from '../../lib/registry';
import { allDone, fixed, selectJson } from '../sync';

/**
 * A number's series (what precedes its trailing digits) and counter (those digits, up to 15), as SQL: the
 * expressions of the index invoices_user_series_idx, so the highest counter of a series is one index probe
 * whatever the number of invoices (issue 27). Same meaning as core's parseInvoiceNumber.
 */
export const seriesOf = (number: SQL | AnyPgColumn) => sql`regexp_replace(${number}, '[0-9]+$', '')`;
export const counterOf = (number: SQL | AnyPgColumn) =>
  sql`(case when length(substring(${number} from '[0-9]+$')) <= 15 then substring(${number} from '[0-9]+$')::bigint end)`;

/**
 * seriesMax's statement for a prefix not ending in a digit: the last entry of invoices_user_series_idx at or before
 * (user, kind, series, any counter), read as ONE seek (a row comparison in the index's order, LIMIT 1), and kept only
 * when it is of this user, kind and series. Issue 27: written as `… = prefix order by counter desc limit 1`, a generic
 * plan made after an ANALYZE of a small invoices table read every invoice and sorted them (13 ms a push at 7,500
 * invoices, growing); a seek's sequential scan must sort the whole table, which no statistics make cheaper. With
 * max() the planner read every invoice of the series and evaluated its regexes (3.5 ms at 133 invoices).
 */
export function seriesMaxSql(userId: string, kind: string, prefix: string): SQL {
  const series = seriesOf(invoices.number);
  const counter = counterOf(invoices.number);
  const [u, k] = [fixed(invoices.userId), fixed(invoices.kind)];
  return sql`select s.max from (select ${u} as user_id, ${k} as kind, ${series} as series, ${counter} as max from ${fixed(invoices)}
    where ${fixed(invoices.deletedAt)} is null and (${u}, ${k}, ${series}, ${counter}) <= (${userId}::uuid, ${kind}::text, ${prefix}::text, 999999999999999999::bigint)
    order by ${u} desc, ${k} desc, ${series} desc, ${counter} desc limit 1) s
    where s.user_id = ${userId}::uuid and s.kind = ${kind} and s.series = ${prefix}`;
}

/** The highest counter of a series among the user's live invoices of this kind. */
async function seriesMax(tx: Tx, userId: string, kind: string, prefix: string): Promise<number> {
  const live = and(eq(invoices.userId, userId), eq(invoices.kind, kind), isNull(invoices.deletedAt));
  if (!/[0-9]$/.test(prefix)) {
    // selectJson: read with the batch's other preloads in one statement (readingTogether).
    const [row] = await selectJson(tx, seriesMaxSql(userId, kind, prefix));
    return row?.max == null ? 0 : Number(row.max);
  }
  // A prefix ending in a digit (rare) has no series of its own in the index: scan its numbers.
  const [row] = await tx
    .select({ number: invoices.number })
    .from(invoices)
    .where(and(live, sql`${invoices.number} ~ ${`^${escapeRegex(prefix)}[0-9]{1,15}$`}`))
    .orderBy(desc(sql`length(${invoices.number})`), desc(invoices.number))
    .limit(1);
  return row ? (parseInvoiceNumber(prefix, row.number) ?? 0) : 0;
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * One probe of the unique index (user_id, kind, number) per number asked (issue 27). Written as `number = any(…)`
 * the planner took the trigram index instead, whose trigrams common to every number ("inv", "nv-") match
 * every invoice: 3–12 ms per push at 50,000 invoices, against 0.1 ms this way. As a LATERAL with a LIMIT (never
 * turned into a join): written as a join, the generic plan of the named statement hashed every invoice of the user.
 * A seek in number order (see eachSeek): with `number = w.number`, a generic plan made while invoices was small
 * and never analysed took (user_id, kind, series, …) and filtered every invoice of the kind per number.
 */
export const numberHolders = (userId: string, pairs: string) =>
  sql`select i.id as id, i.kind as kind, i.number as number
      from jsonb_to_recordset(${pairs}::jsonb) as w(kind text, number text)
      cross join lateral (select id, kind, number from ${fixed(invoices)}
        where user_id = ${userId}::uuid and kind = w.kind and deleted_at is null and number >= w.number order by number limit 1) i
      where i.number = w.number`;

/**
 * Who holds which number, for one sync batch: a few index probes whatever the number of invoices,
 * plus what earlier mutations of the batch took or released.
 */
export class NumberBook {
  private holders = new Map<string, string | null>();
  private maxes = new Map<string, number>();
  private taken: Array<{ kind: string; number: string }> = [];

  constructor(
    private readonly tx: Tx,
    private readonly userId: string,
  ) {}

  /**
   * Loads the holders of these numbers in one query and, at the same time, the highest counter of each of their series
   * (one index probe each): devices of one shop numbering offline clash often, and renumbering a clash needs it
   * (nextFree), so it no longer costs a round trip of its own afterwards.
   */
  async preload(items: Array<{ kind: string; number: string }>, withSeries = false): Promise<void> {
    const want = items.filter((i) => i.number && !this.holders.has(`${i.kind}:${i.number}`));
    const series = withSeries
      ? [
          ...new Map(
            want
              .map((i) => [i.kind, /^(.*?)(\d+)$/.exec(i.number)?.[1]] as const)
              .filter(([, p]) => p !== undefined)
              .map(([k, p]) => [`${k}:${p}`, [k, p as string]]),
          ).values(),
        ]
      : [];
    if (!want.length) return;
    for (const i of want) this.holders.set(`${i.kind}:${i.number}`, null);
    const holders = async () => {
      const pairs = JSON.stringify([...new Map(want.map((i) => [`${i.kind}:${i.number}`, { kind: i.kind, number: i.number }])).values()]);
      const rows = await selectJson(this.tx, numberHolders(this.userId, pairs));
      for (const r of rows) this.holders.set(`${String(r.kind)}:${String(r.number)}`, String(r.id));
    };
    await allDone([holders(), ...series.map(([kind, prefix]) => this.max(kind, prefix))]);
  }

  async holder(kind: string, number: string): Promise<string | null> {
    await this.preload([{ kind, number }]);
    return this.holders.get(`${kind}:${number}`) ?? null;
  }

  /** The highest counter of a series (prefix + digits), stored or taken in this batch. */
  async max(kind: string, prefix: string): Promise<number> {
    const key = `${kind}:${prefix}`;
    let max = this.maxes.get(key);
    if (max === undefined) {
      max = await seriesMax(this.tx, this.userId, kind, prefix);
      for (const t of this.taken) if (t.kind === kind) max = Math.max(max, parseInvoiceNumber(prefix, t.number) ?? 0);
      this.maxes.set(key, max);
    }
    return max;
  }

  /** The next number of a series. */
  async next(kind: string, prefix: string): Promise<string> {
    // Above the series' highest counter no stored number can be taken: only this batch's own are checked.
    let n = (await this.max(kind, prefix)) + 1;
    while (this.holders.get(`${kind}:${formatInvoiceNumber(prefix, n)}`)) n += 1;
    return formatInvoiceNumber(prefix, n);
  }

  /** The first free number after the series' highest, keeping the clashing number's prefix and width. */
  async nextFree(kind: string, number: string): Promise<string> {
    const m = /^(.*?)(\d+)$/.exec(number);
    if (!m) {
      for (let i = 2; ; i++) if (!(await this.holder(kind, `${number}-${i}`))) return `${number}-${i}`;
    }
    const [, prefix, digits] = m;
    let n = Math.max(await this.max(kind, prefix), Number(digits)) + 1;
    for (;;) {
      const candidate = formatInvoiceNumber(prefix, n, digits.length);
      // A counter above 15 digits is outside every series (parseInvoiceNumber): ask the database.
      const free = n <= Number.MAX_SAFE_INTEGER && String(n).length <= 15 ? !this.holders.get(`${kind}:${candidate}`) : !(await this.holder(kind, candidate));
      if (free) return candidate;
      n += 1;
    }
  }

  take(kind: string, number: string, id: string): void {
    this.holders.set(`${kind}:${number}`, id);
    this.taken.push({ kind, number });
    for (const [key, max] of this.maxes) {
      const [k, prefix] = [key.slice(0, key.indexOf(':')), key.slice(key.indexOf(':') + 1)];
      const c = k === kind ? parseInvoiceNumber(prefix, number) : null;
      if (c !== null && c > max) this.maxes.set(key, c);
    }
  }

  release(kind: string, number: string, id: string): void {
    if (this.holders.get(`${kind}:${number}`) === id) this.holders.set(`${kind}:${number}`, null);
  }
}

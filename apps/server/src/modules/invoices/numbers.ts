import { formatInvoiceNumber, parseInvoiceNumber } from '@duka/core';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { invoices } from '../../db/schema';
import type { Tx } from '../../lib/registry';

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Who holds which number, for one sync batch: a few indexed queries whatever the number of invoices,
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

  /** Loads the holders of these numbers in one query. */
  async preload(items: Array<{ kind: string; number: string }>): Promise<void> {
    const want = items.filter((i) => i.number && !this.holders.has(`${i.kind}:${i.number}`));
    if (!want.length) return;
    for (const i of want) this.holders.set(`${i.kind}:${i.number}`, null);
    const rows = await this.tx
      .select({ id: invoices.id, kind: invoices.kind, number: invoices.number })
      .from(invoices)
      .where(and(eq(invoices.userId, this.userId), isNull(invoices.deletedAt), inArray(invoices.number, [...new Set(want.map((i) => i.number))])));
    for (const r of rows) this.holders.set(`${r.kind}:${r.number}`, r.id);
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
      const [row] = await this.tx
        .select({ number: invoices.number })
        .from(invoices)
        .where(
          and(
            eq(invoices.userId, this.userId),
            eq(invoices.kind, kind),
            isNull(invoices.deletedAt),
            sql`${invoices.number} ~ ${`^${escapeRegex(prefix)}[0-9]+$`}`,
          ),
        )
        .orderBy(desc(sql`length(${invoices.number})`), desc(invoices.number))
        .limit(1);
      max = row ? (parseInvoiceNumber(prefix, row.number) ?? 0) : 0;
      for (const t of this.taken) if (t.kind === kind) max = Math.max(max, parseInvoiceNumber(prefix, t.number) ?? 0);
      this.maxes.set(key, max);
    }
    return max;
  }

  /** The next number of a series. */
  async next(kind: string, prefix: string): Promise<string> {
    let n = (await this.max(kind, prefix)) + 1;
    for (;;) {
      const candidate = formatInvoiceNumber(prefix, n);
      if (!(await this.holder(kind, candidate))) return candidate;
      n += 1;
    }
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
      if (!(await this.holder(kind, candidate))) return candidate;
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

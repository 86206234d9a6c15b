import {
  catalogFiscalItem,
  DEFAULT_PACKAGING_UNIT,
  etimsItemCode,
  type FiscalDocument,
  type FiscalFailure,
  type FiscalItem,
  type FiscalItemsView,
  type FiscalItemView,
  type FiscalUnit,
  findCountry,
  genericItemKey,
  genericItemName,
  genericItemOf,
  itemCodeChanged,
  itemRegistrationChanged,
} from '@duka/core';
import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { catalogs, fiscalItems } from '../../db/schema';
import { clockOf } from '../../lib/clock';
import type { AppContext } from '../../lib/context';
import type { Tx } from '../../lib/registry';

/**
 * eTIMS item registration (issue 26, OSCU saveItem). When the job claims a sale, each catalog item it names gets
 * its item code (core's etimsItemCode; the sequence is the taxpayer branch's, taken under the row lock like fiscal
 * numbers, so a code is never given twice) and the sale carries that code. Before the sale is sent, every item it
 * names that is not registered yet (or changed since) is registered with the same unit; a failure is the sale's:
 * retried with back-off while the authority is down, fiscal_error with the authority's message when it refuses.
 */

export interface CatalogRow {
  id: string;
  name: string;
  unitPrice: number;
  unit: string;
  itemClass: string;
  unitCode: string;
  itemType: string;
  packagingUnit: string;
}

/** The catalog columns CatalogRow reads (the sale's claim and the catalog registration select these). */
export const catalogRowColumns = {
  id: catalogs.id,
  name: catalogs.name,
  unitPrice: catalogs.unitPrice,
  unit: catalogs.unit,
  itemClass: catalogs.itemClass,
  unitCode: catalogs.unitCode,
  itemType: catalogs.itemType,
  packagingUnit: catalogs.packagingUnit,
};

/** What KRA gets for a catalog item (core catalogFiscalItem: the owner's class, type and units, or the defaults). */
export const wantedItem = (c: CatalogRow, origin: string, band: FiscalItem['tax_band']) =>
  catalogFiscalItem(
    {
      name: c.name,
      unit_price: c.unitPrice,
      unit: c.unit,
      item_class: c.itemClass,
      unit_code: c.unitCode,
      item_type: c.itemType,
      packaging_unit: c.packagingUnit,
    },
    origin,
    band,
  );

/** Item codes of the sale's catalog items, assigned (or updated) in the claim's transaction; lines carry them. */
export async function assignItemCodes(
  tx: Tx,
  opts: { userId: string; scope: string; branchId: string; country: string | null | undefined; test: boolean; payload: FiscalDocument; catalog: CatalogRow[] },
): Promise<void> {
  const { payload } = opts;
  const byId = new Map(opts.catalog.map((c) => [c.id, c]));
  const ids = [...new Set(payload.lines.map((l) => l.catalog_id).filter((c): c is string => !!c && byId.has(c)))];
  if (!ids.length) return;
  const existing = new Map(
    (
      await tx
        .select()
        .from(fiscalItems)
        .where(and(eq(fiscalItems.userId, opts.userId), inArray(fiscalItems.catalogId, ids)))
    ).map((r) => [r.catalogId, r]),
  );
  const origin = originOf(opts.country);
  const codes = new Map<string, FiscalItem>();
  for (const id of ids) {
    const c = byId.get(id)!;
    const line = payload.lines.find((l) => l.catalog_id === id)!;
    const wanted = wantedItem(c, origin, line.band);
    const row = existing.get(id);
    const kept = row?.item as FiscalItem | undefined;
    const sameScope = row && row.sequenceScope === opts.scope && row.branchId === opts.branchId;
    // The code holds the origin, type and units: another type or unit, or another taxpayer branch, takes a new code.
    const keepCode = sameScope && kept && !itemCodeChanged(kept, wanted);
    let item: FiscalItem;
    if (keepCode && kept) {
      item = { ...wanted, item_code: kept.item_code };
      if (itemRegistrationChanged(kept, item) || row.test !== opts.test) await pendingAgain(tx, opts, id, { item });
    } else {
      item = await withNewCode(tx, opts, wanted);
      const values = {
        ...pendingRow(opts, item),
        attempts: 0,
        errorCode: null,
        lastError: null,
        registeredAt: null,
        updatedAt: new Date(),
      };
      await tx
        .insert(fiscalItems)
        .values({ userId: opts.userId, catalogId: id, ...values })
        .onConflictDoUpdate({ target: [fiscalItems.userId, fiscalItems.catalogId], set: values });
    }
    codes.set(id, item);
  }
  for (const l of payload.lines) {
    const item = l.catalog_id ? codes.get(l.catalog_id) : undefined;
    if (item) carry(l, item);
  }
}

/** Where a sale's items are coded: the business, the taxpayer branch's sequence scope, and TEST MODE or not. */
interface CodeScope {
  userId: string;
  scope: string;
  branchId: string;
  test: boolean;
}

/** The branch's next item sequence, under the sequence row's lock (committed with the claim, or not taken at all). */
async function nextItemSequence(tx: Tx, scope: string, branchId: string): Promise<number> {
  const res = (await tx.execute(sql`insert into fiscal_sequences (scope, branch_id, last) values (${`${scope}#items`}, ${branchId}, 1)
    on conflict (scope, branch_id) do update set last = fiscal_sequences.last + 1 returning last`)) as unknown as {
    rows: Array<{ last: number | string }>;
  };
  return Number(res.rows[0].last);
}

/** The item with a new code from the branch's item sequence (the code holds its origin, type and units). */
async function withNewCode(tx: Tx, opts: CodeScope, wanted: Omit<FiscalItem, 'item_code'>): Promise<FiscalItem> {
  const sequence = await nextItemSequence(tx, opts.scope, opts.branchId);
  return { ...wanted, item_code: etimsItemCode({ ...wanted, type: wanted.item_type, sequence }) };
}

/** A new item row, to be registered before the first sale that names it. */
function pendingRow(opts: CodeScope, item: FiscalItem) {
  return { sequenceScope: opts.scope, branchId: opts.branchId, itemCode: item.item_code, item, state: 'pending', test: opts.test };
}

/** A kept item to register again (changed, or now in or out of TEST MODE). */
async function pendingAgain(tx: Tx, opts: CodeScope, catalogId: string, set: { item?: FiscalItem }): Promise<void> {
  await tx
    .update(fiscalItems)
    .set({ ...set, state: 'pending', test: opts.test, updatedAt: new Date() })
    .where(and(eq(fiscalItems.userId, opts.userId), eq(fiscalItems.catalogId, catalogId)));
}

/** The items' origin: the business's country (Kenya when unknown). */
const originOf = (country: string | null | undefined) => findCountry(country ?? '')?.code ?? 'KE';

function carry(l: FiscalDocument['lines'][number], item: FiscalItem) {
  l.item_code = item.item_code;
  l.item_class = item.item_class;
  l.unit_code = item.quantity_unit;
  l.packaging_unit = item.packaging_unit;
}

/** The row id of a generic item: derived from its key and taxpayer branch (the table is keyed by catalog id). */
function genericRowId(scope: string, branchId: string, key: string): string {
  const h = createHash('sha256').update(`generic|${scope}|${branchId}|${key}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * Lines with no catalog item's code (typed on the invoice, invoice-level fees, an item since deleted) are sold as the
 * branch's generic item of their type, class, unit and band (core's genericItemOf): assigned once per branch in the
 * claim's transaction like catalog items, registered before the first sale that names it (registerItems).
 */
export async function assignGenericCodes(
  tx: Tx,
  opts: { userId: string; scope: string; branchId: string; country: string | null | undefined; test: boolean; payload: FiscalDocument },
): Promise<void> {
  const lines = opts.payload.lines.filter((l) => !l.item_code);
  if (!lines.length) return;
  const origin = originOf(opts.country);
  const codes = new Map<string, FiscalItem>();
  for (const l of lines) {
    const k = genericItemOf(l);
    const key = genericItemKey(k);
    let item = codes.get(key);
    if (!item) {
      const id = genericRowId(opts.scope, opts.branchId, key);
      const [row] = await tx
        .select()
        .from(fiscalItems)
        .where(and(eq(fiscalItems.userId, opts.userId), eq(fiscalItems.catalogId, id)));
      if (row) {
        item = row.item as FiscalItem;
        if (row.test !== opts.test) await pendingAgain(tx, opts, id, {});
      } else {
        const wanted = {
          item_class: k.item_class,
          item_type: k.item_type,
          name: genericItemName(k),
          origin,
          packaging_unit: DEFAULT_PACKAGING_UNIT,
          quantity_unit: k.quantity_unit,
          tax_band: k.tax_band,
          unit_price: l.unit_price,
        };
        item = await withNewCode(tx, opts, wanted);
        await tx.insert(fiscalItems).values({ userId: opts.userId, catalogId: id, ...pendingRow(opts, item), generic: true });
      }
      codes.set(key, item);
    }
    carry(l, item);
  }
}

/**
 * Registers the items a sale names that the unit does not have yet (or in an older form), one saveItem each.
 * Null when all are registered; else the failure the sale takes (retried, or the owner's to fix on the item).
 */
export async function registerItems(ctx: AppContext, unit: FiscalUnit, userId: string, payload: FiscalDocument, scope?: string): Promise<FiscalFailure | null> {
  return registerCodes(ctx, unit, userId, [...new Set(payload.lines.map((l) => l.item_code).filter((c): c is string => !!c))], scope);
}

/**
 * Registers (or, for an item no longer in use, deactivates) the business's items of these codes that are not registered
 * yet. `scope`: only the items numbered in this device's sequence (after a change of device, the same code can name an
 * item of each device; registering one with this unit says nothing of the other).
 */
export async function registerCodes(ctx: AppContext, unit: FiscalUnit, userId: string, codes: string[], scope?: string): Promise<FiscalFailure | null> {
  if (!codes.length) return null;
  const due = await ctx.db
    .select()
    .from(fiscalItems)
    .where(
      and(
        eq(fiscalItems.userId, userId),
        inArray(fiscalItems.itemCode, codes),
        ne(fiscalItems.state, 'registered'),
        scope ? eq(fiscalItems.sequenceScope, scope) : undefined,
      ),
    );
  // In the order the sale names them: a refusal names the first item KRA would not take.
  due.sort((a, b) => codes.indexOf(a.itemCode) - codes.indexOf(b.itemCode));
  for (const row of due) {
    const item = row.item as FiscalItem;
    let outcome: Awaited<ReturnType<FiscalUnit['registerItem']>>;
    try {
      outcome = await unit.registerItem(item);
    } catch (err) {
      outcome = { ok: false, failure: { retry: true, code: null, message: err instanceof Error ? err.message : 'The control unit failed' } };
    }
    const now = clockOf(ctx).now();
    const where = and(eq(fiscalItems.userId, userId), eq(fiscalItems.catalogId, row.catalogId), eq(fiscalItems.itemCode, item.item_code));
    if (outcome.ok) {
      await ctx.db
        .update(fiscalItems)
        .set({ state: 'registered', attempts: row.attempts + 1, errorCode: null, lastError: null, registeredAt: now, updatedAt: now })
        .where(where);
      continue;
    }
    const f = outcome.failure;
    await ctx.db
      .update(fiscalItems)
      .set({ state: f.retry ? 'pending' : 'error', attempts: row.attempts + 1, errorCode: f.code, lastError: f.message, updatedAt: now })
      .where(where);
    const words = unit.test ? 'registered in TEST MODE' : 'registered with KRA';
    // A generic item (typed lines, fees) is fixed on the invoice, a catalog item on the catalog: core fiscalFixKind.
    return {
      retry: f.retry,
      code: f.retry ? f.code : `${row.generic ? 'generic' : 'item'}:${f.code ?? ''}`,
      message: row.generic
        ? `The item Duka sends for lines typed on the invoice and for fees, "${item.name}" (${item.item_code}), could not be ${words}: ${f.message}`
        : `The item "${item.name}" (${item.item_code}) could not be ${words}: ${f.message}`,
    };
  }
  return null;
}

/** How one item stands with the authority (GET /fiscal/items, POST /fiscal/items/:id/register). */
export function itemView(r: typeof fiscalItems.$inferSelect): FiscalItemView {
  const item = r.item as FiscalItem;
  return {
    catalog_id: r.catalogId,
    item_code: r.itemCode,
    item_class: item.item_class,
    quantity_unit: item.quantity_unit,
    packaging_unit: item.packaging_unit,
    tax_band: item.tax_band,
    state: r.state as FiscalItemView['state'],
    test: r.test,
    error: r.state === 'registered' || !r.lastError ? null : { code: r.errorCode, message: r.lastError },
    registered_at: r.registeredAt ? r.registeredAt.toISOString() : null,
    attempts: r.attempts,
  };
}

/** GET /fiscal/items: where each of the business's catalog items stands with the authority. */
export async function itemsView(ctx: AppContext, userId: string): Promise<FiscalItemsView> {
  const rows = await ctx.db
    .select()
    .from(fiscalItems)
    .where(and(eq(fiscalItems.userId, userId), eq(fiscalItems.generic, false)))
    .orderBy(asc(fiscalItems.itemCode));
  return { items: rows.map(itemView) };
}

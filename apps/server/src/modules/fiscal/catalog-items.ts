import {
  EtimsItemCodeError,
  type FiscalDocument,
  fiscalRetryDelaySeconds,
  type FiscalItem,
  type FiscalItemView,
  findCountry,
  itemCodeChanged,
  itemRegistrationChanged,
  taxBandOf,
  type TaxBand,
} from '@duka/core';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import { catalogs, fees, fiscalItems, users } from '../../db/schema';
import { clockOf } from '../../lib/clock';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { assignItemCodes, catalogRowColumns, itemView, registerCodes, wantedItem } from './items';
import { fiscalises, unitFor } from './units';

/**
 * eTIMS registration of catalog items as they are saved and deleted (issue 26), run by the fiscal items job after a
 * write of the catalog (and by "Register with KRA now"): every live catalog item of the business gets its item code
 * and is registered (with the band of the business's default tax until a sale says otherwise); one changed since is
 * registered again under its code; a deleted one that KRA knows is deactivated (saveItem useYn "N"; in TEST MODE the
 * change stays on Duka). Reconciles from the tables, so a job lost with its process is made good by the next one.
 */
export async function registerCatalogItems(ctx: AppContext, userId: string, only?: string): Promise<void> {
  if (!(await fiscalises(ctx.db, userId))) return;
  const resolved = await unitFor(ctx, userId);
  const codes = await ctx.db.transaction(async (tx) => {
    // The owner's row first, as the sale's claim does: item sequences are taken under it.
    const [owner] = await tx.select({ country: users.country }).from(users).where(eq(users.id, userId)).for('update');
    const rows = await tx
      .select({ ...catalogRowColumns, deletedAt: catalogs.deletedAt, fi: fiscalItems })
      .from(catalogs)
      .leftJoin(fiscalItems, and(eq(fiscalItems.userId, catalogs.userId), eq(fiscalItems.catalogId, catalogs.id)))
      .where(and(eq(catalogs.userId, userId), only ? eq(catalogs.id, only) : undefined));
    const due: string[] = [];
    // Deleted: KRA is told the item is no longer in use; one it never had is simply forgotten.
    for (const r of rows.filter((x) => x.deletedAt && x.fi)) {
      const fi = r.fi!;
      const item = fi.item as FiscalItem;
      if (item.in_use === false) continue;
      const where = and(eq(fiscalItems.userId, userId), eq(fiscalItems.catalogId, r.id));
      if (!fi.registeredAt) await tx.delete(fiscalItems).where(where);
      else {
        await tx
          .update(fiscalItems)
          .set({ item: { ...item, in_use: false }, state: 'pending', errorCode: null, lastError: null, updatedAt: new Date() })
          .where(where);
        due.push(fi.itemCode);
      }
    }
    const live = rows.filter((x) => !x.deletedAt);
    const origin = findCountry(owner?.country ?? '')?.code ?? 'KE';
    const changed = live.filter((r) => {
      if (!r.fi) return true;
      const item = r.fi.item as FiscalItem;
      // Against what it was registered with (its band kept): name, class, type or units changed by the owner.
      const wanted = wantedItem(r, origin, item.tax_band);
      return r.fi.state !== 'registered' || item.in_use === false || itemRegistrationChanged(item, wanted) || itemCodeChanged(item, wanted);
    });
    if (changed.length) {
      const band = await defaultBand(tx as unknown as AppContext['db'], userId);
      const lines = changed.map((r, i) => ({
        seq: i + 1,
        name: r.name,
        quantity: 1,
        unit_price: r.unitPrice,
        item_class: '',
        unit_code: '',
        catalog_id: r.id,
        // The band it was registered (or sold) with; a new item takes the business's default tax.
        band: ((r.fi?.item as FiscalItem | undefined)?.tax_band ?? band) as TaxBand,
        taxable: r.unitPrice,
        tax: 0,
        discount: 0,
      }));
      for (const line of lines) {
        const payload = { lines: [line] } as unknown as FiscalDocument;
        try {
          await assignItemCodes(tx, {
            userId,
            scope: resolved.scope,
            branchId: resolved.branchId,
            country: owner?.country,
            test: resolved.mode === 'test',
            payload,
            catalog: changed,
          });
        } catch (err) {
          // A unit KRA has no code for: the item gets its code when it is fixed (or is refused at its first sale, saying so).
          if (err instanceof EtimsItemCodeError) continue;
          throw err;
        }
        if (payload.lines[0].item_code) due.push(payload.lines[0].item_code);
      }
    }
    return due;
  });
  // One at a time, stopping at the first the authority refuses or cannot take now (the rest wait for the next run).
  await registerCodes(ctx, resolved.unit, userId, codes, resolved.scope);
}

/** The band of the business's default taxes (those put on new lines), 'D' (non-VAT) without one or when none fits. */
async function defaultBand(db: AppContext['db'], userId: string): Promise<TaxBand> {
  const taxes = await db
    .select({ name: fees.name, calculation: fees.calculation, percentage_bps: fees.percentageBps })
    .from(fees)
    .where(and(eq(fees.userId, userId), eq(fees.kind, 'tax'), eq(fees.defaultOn, true), isNull(fees.deletedAt)));
  const found = taxBandOf(taxes as Parameters<typeof taxBandOf>[0]);
  return found.band ?? 'D';
}

/** POST /fiscal/items/:id/register: registers one catalog item now (or again, after a refusal) and says how it stands. */
export async function registerCatalogItemNow(ctx: AppContext, userId: string, catalogId: string): Promise<FiscalItemView> {
  const [own] = await ctx.db
    .select({ id: catalogs.id })
    .from(catalogs)
    .where(and(eq(catalogs.userId, userId), eq(catalogs.id, catalogId), isNull(catalogs.deletedAt)));
  if (!own) throw new AppError('not_found', 'Catalog item not found.');
  if (!(await fiscalises(ctx.db, userId)))
    throw new AppError('conflict', 'This business does not send its invoices to KRA eTIMS: set its country to Kenya or add its eTIMS settings first.');
  await registerCatalogItems(ctx, userId, catalogId);
  const [row] = await ctx.db
    .select()
    .from(fiscalItems)
    .where(and(eq(fiscalItems.userId, userId), inArray(fiscalItems.catalogId, [catalogId])));
  if (!row) throw new AppError('conflict', 'This item could not be given an eTIMS item code: check its KRA unit code.');
  return itemView(row);
}

/**
 * The minute's sweep: catalog items left waiting because the authority was down or slow when they were saved are
 * registered again once their back-off has passed (30 s doubling to an hour, as sales), a few businesses per tick.
 */
export async function retryWaitingItems(ctx: AppContext, opts: { limit?: number; userId?: string } = {}): Promise<number> {
  const now = clockOf(ctx).now();
  const rows = await ctx.db
    .select({ userId: fiscalItems.userId, attempts: fiscalItems.attempts, updatedAt: fiscalItems.updatedAt })
    .from(fiscalItems)
    .where(
      and(
        eq(fiscalItems.state, 'pending'),
        eq(fiscalItems.generic, false),
        gt(fiscalItems.attempts, 0),
        opts.userId ? eq(fiscalItems.userId, opts.userId) : undefined,
      ),
    )
    .limit(500);
  const due = [...new Set(rows.filter((r) => r.updatedAt.getTime() + fiscalRetryDelaySeconds(r.attempts) * 1000 <= now.getTime()).map((r) => r.userId))].slice(
    0,
    opts.limit ?? 20,
  );
  for (const userId of due) await registerCatalogItems(ctx, userId);
  return due.length;
}

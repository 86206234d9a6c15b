import { stockLevelsCsv } from '@duka/core';
import type { Module } from '../../lib/context';
import { routesOf } from '../../lib/route';
import { afterWriteQuiet, getAdapter, quietAfterWrite, registerSyncCollection } from '../sync';
import { stockMovementsAdapter } from './adapter';
import { syncInvoiceMovements } from './invoice-movements';
import { addAdjustment, importOpeningStock, itemMovements, lowStock, stockLevels, stockValueReport } from './service';

/**
 * Stock (issue 28): the 'stock_movements' sync collection, the movements of invoices and sales kept in step
 * with every invoice write, and REST: levels, the low-stock list, the value report, levels as CSV, one item's
 * movements, a movement typed by hand, and opening stock from CSV. Registered after the invoices module.
 */
const hasCatalogLine = (lines: unknown) => !Array.isArray(lines) || lines.some((l) => !!(l as { catalog_id?: unknown } | null)?.catalog_id);

export const stockRoutes: Module = (app, ctx) => {
  registerSyncCollection(ctx, 'stock_movements', stockMovementsAdapter);
  const invoices = getAdapter(ctx, 'invoices');
  const inner = { ...invoices };
  const before = invoices.afterWrite?.bind(invoices);
  // An invoice or sale with no catalogue item on its lines, now or before this batch, has no movements, stored or
  // due: nothing to read for it (two statements fewer under the user's lock for most pushes, a payment recorded
  // included, issue 27). A credit note may change its invoice's movements: always looked at.
  const withMovements = (written: Parameters<typeof afterWriteQuiet>[1]) =>
    written
      .filter((w) => w.data.kind === 'credit_note' || hasCatalogLine(w.data.lines) || (!w.created && (!w.before || hasCatalogLine(w.before.lines))))
      .map((w) => w.id);
  invoices.afterWrite = quietAfterWrite(
    async (tx, userId, written) => {
      await before?.(tx, userId, written);
      await syncInvoiceMovements(tx, userId, withMovements(written));
    },
    (written) => afterWriteQuiet(inner, written) && withMovements(written).length === 0,
  );

  const route = routesOf(app, ctx, 'stock');

  route('GET /stock/levels', (req) => stockLevels(ctx.db, req.userId), { summary: 'Stock levels of the items that track stock' });
  route('GET /stock/low', (req) => lowStock(ctx.db, req.userId), { summary: 'Items at or under their low-stock level, or negative' });
  route('GET /stock/value', (req) => stockValueReport(ctx.db, req.userId), { summary: 'Stock value at cost (quantity × cost price)' });
  route(
    'GET /stock/levels.csv',
    async (req, reply) => {
      const { items, currency } = await stockLevels(ctx.db, req.userId);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="stock-levels.csv"')
        .header('cache-control', 'no-store')
        .send(stockLevelsCsv(items, currency));
    },
    { summary: 'Stock levels as CSV' },
  );
  route('GET /stock/items/:id/movements', (req) => itemMovements(ctx.db, req.userId, req.params.id, req.query.limit), {
    summary: "One item's stock movements, newest first",
  });
  route('POST /stock/adjustments', async (req, reply) => reply.status(201).send(await addAdjustment(ctx, req.userId, req.body)), {
    status: [201],
    summary: 'Stock received, opening stock or an adjustment with its reason',
  });
  route('POST /stock/opening', (req) => importOpeningStock(ctx, req.userId, req.body.csv), {
    summary: 'Opening stock from CSV (name or sku, quantity, cost_price)',
  });
};

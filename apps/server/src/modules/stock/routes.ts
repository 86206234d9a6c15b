import { API_ROUTES, stockLevelsCsv } from '@duka/core';
import type { Module } from '../../lib/context';
import { getAdapter, registerSyncCollection } from '../sync';
import { stockMovementsAdapter } from './adapter';
import { syncInvoiceMovements } from './invoice-movements';
import { addAdjustment, importOpeningStock, itemMovements, lowStock, stockLevels, stockValueReport } from './service';

/**
 * Stock (issue 28): the 'stock_movements' sync collection, the movements of invoices and sales kept in step
 * with every invoice write, and REST: levels, the low-stock list, the value report, levels as CSV, one item's
 * movements, a movement typed by hand, and opening stock from CSV. Registered after the invoices module.
 */
export const stockRoutes: Module = (app, ctx) => {
  registerSyncCollection(ctx, 'stock_movements', stockMovementsAdapter);
  const invoices = getAdapter(ctx, 'invoices');
  const before = invoices.afterWrite?.bind(invoices);
  invoices.afterWrite = async (tx, userId, written) => {
    await before?.(tx, userId, written);
    await syncInvoiceMovements(
      tx,
      userId,
      written.map((w) => w.id),
    );
  };

  const tags = ['stock'];
  const security = [{ bearer: [] }];
  const auth = { preHandler: ctx.auth };
  const R = API_ROUTES;

  app.get(
    '/stock/levels',
    { ...auth, schema: { tags, security, summary: 'Stock levels of the items that track stock', response: { 200: R['GET /stock/levels'].response } } },
    (req) => stockLevels(ctx.db, req.userId),
  );
  app.get(
    '/stock/low',
    { ...auth, schema: { tags, security, summary: 'Items at or under their low-stock level, or negative', response: { 200: R['GET /stock/low'].response } } },
    (req) => lowStock(ctx.db, req.userId),
  );
  app.get(
    '/stock/value',
    { ...auth, schema: { tags, security, summary: 'Stock value at cost (quantity × cost price)', response: { 200: R['GET /stock/value'].response } } },
    (req) => stockValueReport(ctx.db, req.userId),
  );
  app.get('/stock/levels.csv', { ...auth, schema: { tags, security, summary: 'Stock levels as CSV' } }, async (req, reply) => {
    const { items, currency } = await stockLevels(ctx.db, req.userId);
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="stock-levels.csv"')
      .header('cache-control', 'no-store');
    return stockLevelsCsv(items, currency);
  });
  app.get(
    '/stock/items/:id/movements',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: "One item's stock movements, newest first",
        params: R['GET /stock/items/:id/movements'].params,
        querystring: R['GET /stock/items/:id/movements'].query,
        response: { 200: R['GET /stock/items/:id/movements'].response },
      },
    },
    (req) => itemMovements(ctx.db, req.userId, req.params.id, req.query.limit),
  );
  app.post(
    '/stock/adjustments',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Stock received, opening stock or an adjustment with its reason',
        body: R['POST /stock/adjustments'].body,
        response: { 201: R['POST /stock/adjustments'].response },
      },
    },
    async (req, reply) => reply.status(201).send(await addAdjustment(ctx, req.userId, req.body)),
  );
  app.post(
    '/stock/opening',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Opening stock from CSV (name or sku, quantity, cost_price)',
        body: R['POST /stock/opening'].body,
        response: { 200: R['POST /stock/opening'].response },
      },
    },
    (req) => importOpeningStock(ctx, req.userId, req.body.csv),
  );
};

import { CATALOG_DEFAULTS, catalogFields, catalogPatch } from '@duka/core';
import { eq } from 'drizzle-orm';
import { catalogs } from '../../db/schema';
import type { Module } from '../../lib/context';
import { refuseOthersIdsOnCreate } from '../../lib/taken-id';
import { fieldMapper } from '../sync';
import type { SyncAdapter } from '../sync';
import { recordRoutes } from '../sync';

export const catalogsAdapter: SyncAdapter = {
  table: catalogs,
  fields: catalogFields,
  patch: catalogPatch,
  defaults: CATALOG_DEFAULTS,
  order: 10,
  label: 'Catalog item',
  ...fieldMapper(Object.keys(catalogFields.shape)),
  search: [catalogs.name, catalogs.description, catalogs.sku],
  sort: { column: catalogs.name, direction: 'asc', toCursor: (row) => String(row.name) },
};

/** /catalogs REST resource (by name; filter active) and the 'catalogs' sync collection. */
export const catalogRoutes: Module = (app, ctx) => {
  refuseOthersIdsOnCreate(app, ctx, '/catalogs', catalogs, 'item');
  recordRoutes(app, ctx, {
    collection: 'catalogs',
    adapter: catalogsAdapter,
    tag: 'catalog',
    filters: (q) => (q.active ? [eq(catalogs.active, q.active === 'true')] : []),
  });
};

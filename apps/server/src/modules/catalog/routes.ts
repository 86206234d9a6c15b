import { CATALOG_DEFAULTS, catalogFields, catalogPatch, catalogRecord } from '@duka/core';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { catalogs } from '../../db/schema';
import type { Module } from '../../lib/context';
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
  recordRoutes(app, ctx, {
    collection: 'catalogs',
    adapter: catalogsAdapter,
    patch: catalogPatch,
    record: catalogRecord,
    tag: 'catalog',
    listQuery: z.object({ active: z.enum(['true', 'false']).optional() }),
    filters: (q) => (q.active ? [eq(catalogs.active, q.active === 'true')] : []),
  });
};

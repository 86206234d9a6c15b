import { FEE_DEFAULTS, feeFields, feePatch } from '@duka/core';
import { fees } from '../../db/schema';
import type { Module } from '../../lib/context';
import { refuseOthersIdsOnCreate } from '../../lib/taken-id';
import { fieldMapper } from '../sync';
import type { SyncAdapter } from '../sync';
import { recordRoutes } from '../sync';
import { renameOldDefaultFees } from './default-names';
import { seedDefaultFees } from './service';

export const feesAdapter: SyncAdapter = {
  table: fees,
  fields: feeFields,
  patch: feePatch,
  defaults: FEE_DEFAULTS,
  order: 10,
  label: 'Fee',
  ...fieldMapper(Object.keys(feeFields.shape)),
  search: [fees.name],
  sort: { column: fees.name, direction: 'asc', toCursor: (row) => String(row.name) },
};

/** /fees REST resource (taxes and fees) and the 'fees' sync collection; seeds the country's VAT on sign-up. */
export const feesRoutes: Module = (app, ctx) => {
  refuseOthersIdsOnCreate(app, ctx, '/fees', fees, 'fee');
  recordRoutes(app, ctx, { collection: 'fees', adapter: feesAdapter, tag: 'fees' });
  ctx.registry.onUserCreated.push(seedDefaultFees);
  // Old accounts' untouched default VAT gets the name new accounts get in the owner's language (issue 23), once.
  app.addHook('onReady', async () => {
    const n = await renameOldDefaultFees(ctx);
    if (n) app.log.info(`Default VAT of ${n} accounts renamed as in the owner's language`);
  });
};

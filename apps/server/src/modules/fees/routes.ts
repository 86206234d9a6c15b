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
  // An owner who signed up in English and switches to French gets 'TVA 19,25 %' at once, as a French sign-up does
  // (the same rule as the start-up rewrite below: only the untouched default VAT, never a name the owner chose).
  ctx.registry.onLanguageChanged.push(async (userId) => {
    await renameOldDefaultFees(ctx, 200, userId);
  });
  // Old accounts' untouched default VAT gets the name new accounts get in the owner's language (issue 23), once.
  app.addHook('onReady', async () => {
    const n = await renameOldDefaultFees(ctx);
    if (n) app.log.info(`Default VAT of ${n} accounts renamed as in the owner's language`);
  });
};

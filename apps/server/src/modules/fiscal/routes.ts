import type { FiscalSettings } from '@duka/core';
import type { Module } from '../../lib/context';
import { routesOf } from '../../lib/route';
import { AppError } from '../../lib/errors';
import { userLimit } from '../../lib/user-limits';
import { jobsOf } from '../jobs';
import { afterWriteQuiet, extendSyncCollection, quietAfterWrite } from '../sync';
import { registerCatalogItemNow, registerCatalogItems, retryWaitingItems } from './catalog-items';
import { EtimsError } from './etims';
import { itemsView } from './items';
import { connectDevice, disconnectDevice } from './connect';
import { fiscalInvoicesAdapter } from './adapter';
import { processDue } from './service';
import { fiscalView, retryFiscal } from './views';
import { businessSettings, fiscalises, unitFor } from './units';

export const FISCAL_SUBMIT_JOB = 'fiscal-submit';
export const FISCAL_SWEEP_JOB = 'fiscal-sweep';
export const FISCAL_ITEMS_JOB = 'fiscal-items';

/**
 * Fiscalisation (issue 26): finished and sent invoices of a Kenyan business are queued (outbox in the write's
 * transaction), sent to the control unit by the job queue right after the write, and retried with back-off
 * by the minute's sweep while the authority is down.
 */
export const fiscalRoutes: Module = (app, ctx) => {
  // Users whose writes queued documents since their last push ended: only those pushes send the submit job.
  const queued = new Set<string>();
  extendSyncCollection(ctx, 'invoices', (inner) =>
    fiscalInvoicesAdapter(
      inner,
      (userId) => queued.add(userId),
      async (userId) => (await unitFor(ctx, userId)).mode === 'test',
    ),
  );
  const jobs = jobsOf(ctx);
  jobs.define(FISCAL_SUBMIT_JOB, async (data) => {
    await processDue(ctx, { userId: typeof data.userId === 'string' ? data.userId : undefined, limit: 200 });
  });
  jobs.define(
    FISCAL_SWEEP_JOB,
    async () => {
      await processDue(ctx, { limit: 1000 });
      await retryWaitingItems(ctx);
    },
    { cron: '* * * * *' },
  );
  // Catalog items are registered with eTIMS as they are saved, and deactivated when deleted (the items job).
  const catalogWrites = new Set<string>();
  extendSyncCollection(ctx, 'catalogs', (inner) => ({
    ...inner,
    // Remembers the account for the items job (memory only): as quiet as the collection's own afterWrite.
    afterWrite: quietAfterWrite(
      async (tx, userId, written) => {
        if (inner.afterWrite) await inner.afterWrite(tx, userId, written);
        if (written.length) catalogWrites.add(userId);
      },
      (written) => afterWriteQuiet(inner, written),
    ),
  }));
  jobs.define(FISCAL_ITEMS_JOB, async (data) => {
    if (typeof data.userId === 'string') await registerCatalogItems(ctx, data.userId);
  });
  ctx.registry.afterMutations.push((userId, collections) => {
    if (!collections.includes('catalogs') || !catalogWrites.delete(userId) || !jobs.running) return;
    jobs.send(FISCAL_ITEMS_JOB, { userId }).catch((err: unknown) => app.log.error(err, 'could not queue eTIMS item registration'));
  });
  ctx.registry.afterMutations.push((userId, collections) => {
    if (!collections.includes('invoices') || !queued.delete(userId) || !jobs.running) return;
    jobs.send(FISCAL_SUBMIT_JOB, { userId }).catch((err: unknown) => app.log.error(err, 'could not queue fiscalisation'));
  });

  const route = routesOf(app, ctx, 'fiscal');

  async function settingsView(userId: string): Promise<FiscalSettings> {
    const on = await fiscalises(ctx.db, userId);
    const resolved = await unitFor(ctx, userId);
    const own = resolved.source === 'business' ? await businessSettings(ctx, userId) : null;
    const s = resolved.settings;
    return {
      mode: !on ? 'off' : resolved.mode,
      source: resolved.source,
      api_base: s?.apiBase ?? null,
      tin: s?.tin ?? null,
      branch_id: s ? s.branchId : null,
      device_serial: s?.deviceSerial ?? null,
      control_unit_id: own?.controlUnitId ?? (resolved.mode === 'test' ? (await resolved.unit.initialise()).control_unit_id : null),
      initialised: resolved.mode === 'test' || !!own?.initialised,
    };
  }

  route('GET /fiscal/settings', async (request) => settingsView(request.userId), { summary: "The business's fiscal unit" });
  route(
    'PUT /fiscal/settings',
    async (request) => {
      await connectDevice(ctx, request.userId, request.body);
      return settingsView(request.userId);
    },
    {
      preHandler: userLimit(ctx, 'fiscalCalls'),
      summary:
        "Sets this business's KRA eTIMS OSCU settings (kept encrypted) and initialises the device: a Kenyan business only (400), a public eTIMS address only (400), one Duka account per KRA device (409)",
    },
  );
  route(
    'DELETE /fiscal/settings',
    async (request) => {
      await disconnectDevice(ctx, request.userId);
      return settingsView(request.userId);
    },
    { summary: "Removes this business's own eTIMS settings (its KRA device is free for another account)" },
  );
  route(
    'GET /fiscal/codes',
    async (request) => {
      const { unit } = await unitFor(ctx, request.userId);
      try {
        return await unit.codeLists();
      } catch (err) {
        if (err instanceof EtimsError) throw new AppError('bad_gateway', err.failure.message);
        throw err;
      }
    },
    { preHandler: userLimit(ctx, 'fiscalCalls'), summary: "The authority's code lists (tax types, units, item classifications)" },
  );
  route('GET /fiscal/items', async (request) => itemsView(ctx, request.userId), {
    summary: "The business's catalog items registered with KRA eTIMS (item codes, and what the authority answered)",
  });
  route('POST /fiscal/items/:id/register', async (request) => registerCatalogItemNow(ctx, request.userId, request.params.id), {
    preHandler: userLimit(ctx, 'fiscalCalls'),
    summary: 'Registers a catalog item with KRA eTIMS now, or again after KRA refused it (TEST MODE: kept on Duka)',
  });
  route('GET /invoices/:id/fiscal', async (request) => fiscalView(ctx, request.userId, request.params.id), { summary: 'Where an invoice stands with KRA' });
  route(
    'POST /invoices/:id/fiscal/retry',
    async (request) => {
      const view = await retryFiscal(ctx, request.userId, request.params.id);
      if (jobs.running) await jobs.send(FISCAL_SUBMIT_JOB, { userId: request.userId });
      return view;
    },
    { summary: 'Sends an invoice KRA refused again, after the fix' },
  );
};

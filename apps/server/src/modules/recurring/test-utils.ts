import type { AppContext } from '../../lib/context';
import { sendRecurringInvoice } from './send';
import { runDueRecurring } from './job';

/** One run of the recurring job at `now` (what pg-boss runs every minute), for tests outside the module. */
export const runRecurringJob = (ctx: AppContext, now: Date) => runDueRecurring(ctx, now, sendRecurringInvoice);

/** The day the recurring tests' fixed dates were written for: their files set the app's clock to it. */
export const WRITTEN_ON = '2026-11-25T10:00:00Z';

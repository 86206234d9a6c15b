import type { Module } from '../lib/context';
import { accountsRoutes } from './accounts/routes';
import { aiWriterRoutes } from './ai-writer/routes';
import { billingRoutes } from './billing/routes';
import { catalogRoutes } from './catalog/routes';
import { contactsRoutes } from './contacts/routes';
import { devRoutes } from './dev/routes';
import { expensesRoutes } from './expenses/routes';
import { feesRoutes } from './fees/routes';
import { filesRoutes } from './files/routes';
import { healthRoutes } from './health/routes';
import { invoicesRoutes } from './invoices/routes';
import { jobsRoutes } from './jobs/routes';
import { mailRoutes } from './mail/routes';
import { notesRoutes } from './notes/routes';
import { paymentsRoutes } from './payments/routes';
import { receiptsRoutes } from './receipts/routes';
import { recurringRoutes } from './recurring/routes';
import { remindersRoutes } from './reminders/routes';
import { reportsRoutes } from './reports/routes';
import { announcementsRoutes } from './announcements/routes';
import { affiliatesRoutes } from './affiliates/routes';
import { stateRoutes } from './state/routes';
import { syncRoutes } from './sync/routes';

/** Every API module, in registration order. Add a module's routes here. */
export const modules: Module[] = [healthRoutes, mailRoutes, filesRoutes, accountsRoutes, stateRoutes, devRoutes, contactsRoutes, notesRoutes, expensesRoutes, catalogRoutes, feesRoutes, syncRoutes, aiWriterRoutes, invoicesRoutes, paymentsRoutes, billingRoutes, jobsRoutes, recurringRoutes, receiptsRoutes, remindersRoutes, reportsRoutes, announcementsRoutes, affiliatesRoutes];

import type { Module } from '../lib/context';
import { accountsRoutes } from './accounts';
import { aiWriterRoutes } from './ai-writer';
import { billingRoutes } from './billing';
import { catalogRoutes } from './catalog';
import { contactsRoutes } from './contacts';
import { devRoutes } from './dev';
import { expensesRoutes } from './expenses';
import { feesRoutes } from './fees';
import { filesRoutes } from './files';
import { fiscalRoutes } from './fiscal';
import { healthRoutes } from './health';
import { invoicesRoutes } from './invoices';
import { jobsRoutes } from './jobs';
import { metricsRoutes } from './metrics';
import { mailRoutes } from './mail';
import { notesRoutes } from './notes';
import { ocrRoutes } from './ocr';
import { ordersRoutes } from './orders';
import { paymentsRoutes } from './payments';
import { receiptsRoutes } from './receipts';
import { recurringRoutes } from './recurring';
import { remindersRoutes } from './reminders';
import { reportsRoutes } from './reports';
import { announcementsRoutes } from './announcements';
import { affiliatesRoutes } from './affiliates';
import { stateRoutes } from './state';
import { stockRoutes } from './stock';
import { syncRoutes } from './sync';

/** Every API module, in registration order. Add a module's routes here. */
export const modules: Module[] = [
  healthRoutes,
  mailRoutes,
  filesRoutes,
  accountsRoutes,
  stateRoutes,
  devRoutes,
  contactsRoutes,
  notesRoutes,
  expensesRoutes,
  catalogRoutes,
  feesRoutes,
  syncRoutes,
  aiWriterRoutes,
  ordersRoutes,
  ocrRoutes,
  invoicesRoutes,
  // After invoices: keeps the stock movements of invoices and sales in step with them (issue 28).
  stockRoutes,
  // Before the modules that define background jobs (payments, recurring, reminders).
  jobsRoutes,
  // After invoices and jobs: it extends the invoices collection and defines jobs.
  fiscalRoutes,
  paymentsRoutes,
  billingRoutes,
  recurringRoutes,
  receiptsRoutes,
  remindersRoutes,
  reportsRoutes,
  announcementsRoutes,
  affiliatesRoutes,
  metricsRoutes,
];

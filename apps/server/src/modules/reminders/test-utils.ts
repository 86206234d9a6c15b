// For tests outside the module: one run of the automatic reminders job at a given moment.
export { runDueReminders } from './service';

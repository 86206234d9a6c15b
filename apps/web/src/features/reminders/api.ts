import type { ReminderChannel, ReminderRule, ReminderView, RouteBody } from '@duka/core';
import { api } from '../../data/api';

export type { ReminderView };

export const reminderKey = (invoiceId: string) => ['reminders', invoiceId] as const;
export const getReminders = (invoiceId: string) => api('GET /invoices/:id/reminders', { params: { id: invoiceId } });
export const setInvoiceReminders = (invoiceId: string, body: RouteBody<'PUT /invoices/:id/reminders'>) =>
  api('PUT /invoices/:id/reminders', { params: { id: invoiceId }, body });
export const sendNow = (invoiceId: string, channel: ReminderChannel) =>
  api('POST /invoices/:id/reminders/send', { params: { id: invoiceId }, body: { channel } });
export const getSettings = () => api('GET /reminders/settings');
export const putSettings = (rule: ReminderRule) => api('PUT /reminders/settings', { body: rule });

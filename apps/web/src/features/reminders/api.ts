import type { ReminderChannel, ReminderRule } from '@duka/core';
import { api } from '../../data/api';

export interface ReminderView {
  rule: ReminderRule;
  own_rule: boolean;
  stopped: { at: string; by: 'owner' | 'customer' } | null;
  automatic: boolean;
  open: boolean;
  upcoming: Array<{ kind: string; date: string; channels: string[] }>;
  log: Array<{ kind: string; channel: string; state: string; to: string; error: string | null; scheduled_for: string; at: string }>;
  whatsapp_text: string;
  phone: string | null;
}

export const reminderKey = (invoiceId: string) => ['reminders', invoiceId] as const;
export const getReminders = (invoiceId: string) => api<ReminderView>(`/invoices/${invoiceId}/reminders`);
export const setInvoiceReminders = (invoiceId: string, body: { rule?: ReminderRule | null; stopped?: boolean }) => api<ReminderView>(`/invoices/${invoiceId}/reminders`, { method: 'PUT', body });
export const sendNow = (invoiceId: string, channel: ReminderChannel) => api<ReminderView>(`/invoices/${invoiceId}/reminders/send`, { method: 'POST', body: { channel } });
export const getSettings = () => api<ReminderRule>('/reminders/settings');
export const putSettings = (rule: ReminderRule) => api<ReminderRule>('/reminders/settings', { method: 'PUT', body: rule });

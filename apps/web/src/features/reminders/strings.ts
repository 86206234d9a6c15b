import { registerStrings } from '../../i18n';

/** English strings of reminders (namespace 'reminders'). */
export const REMINDER_STRINGS = {
  title: 'Reminders',
  loading: 'Loading reminders',
  offline: 'Connect to the internet to see or send reminders.',
  needsPlan: 'Automatic reminders need a paid plan. You can still send one now.',
  upgrade: 'See plans',
  stoppedByCustomer: 'The client stopped reminders for this invoice.',
  stoppedByOwner: 'Reminders are stopped for this invoice.',
  closed: 'No reminders: nothing is owed or the invoice was not sent.',
  upcoming: 'Due',
  sent: 'Sent',
  none: 'No reminder sent yet.',
  kinds: { before: 'Before the due date', due: 'On the due date', overdue: 'Overdue', manual: 'Sent by you' },
  channels: { email: 'E-mail', sms: 'SMS' },
  states: { sent: 'sent', failed: 'failed', skipped: 'skipped', sending: 'sending' },
  whatsapp: 'WhatsApp',
  sendEmail: 'E-mail now',
  sendSms: 'SMS now',
  sentNow: 'Reminder sent',
  stop: 'Stop reminders',
  resume: 'Resume reminders',
  settings: 'Reminder settings',
  settingsTitle: 'Reminder settings',
  enabled: 'Send reminders automatically',
  beforeDays: 'Days before the due date (empty: none)',
  onDue: 'On the due date',
  everyDays: 'Every how many days when overdue (empty: none)',
  limit: 'At most this many overdue reminders',
  channelsLabel: 'Send by',
  save: 'Save',
  cancel: 'Cancel',
  saved: 'Reminder settings saved',
  wholeNumber: 'Enter a whole number',
} as const;

registerStrings('reminders', REMINDER_STRINGS);

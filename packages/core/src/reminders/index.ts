/**
 * Payment reminders (issue 18): when an unpaid invoice's reminders fall, from the owner's defaults or the
 * invoice's own rule: some days before the due date, on the due date, then every N days overdue up to a limit.
 */
import { z } from 'zod';
import { addDays } from '../constants/dates';
import { type CustomerLanguage, documentText } from '../language';

export const REMINDER_CHANNELS = ['email', 'sms'] as const;
export type ReminderChannel = (typeof REMINDER_CHANNELS)[number];
export const REMINDER_KINDS = ['before', 'due', 'overdue', 'manual'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

export const reminderRuleSchema = z.object({
  enabled: z.boolean(),
  /** Days before the due date (null: none). */
  before_days: z.number().int('Use a whole number').min(1, 'At least 1').max(60, 'At most 60').nullable(),
  on_due: z.boolean(),
  /** Every N days once overdue (null: none). */
  overdue_every_days: z.number().int('Use a whole number').min(1, 'At least 1').max(90, 'At most 90').nullable(),
  overdue_limit: z.number().int('Use a whole number').min(1, 'At least 1').max(20, 'At most 20'),
  channels: z.array(z.enum(REMINDER_CHANNELS)).max(2),
});
export type ReminderRule = z.infer<typeof reminderRuleSchema>;

export const DEFAULT_REMINDER_RULE: ReminderRule = {
  enabled: false,
  before_days: 3,
  on_due: true,
  overdue_every_days: 7,
  overdue_limit: 3,
  channels: ['email'],
};

export interface ReminderSlot {
  kind: Exclude<ReminderKind, 'manual'>;
  seq: number;
  date: string;
}

/** Every reminder date of an invoice due on `dueDate`, in order. */
export function reminderSlots(rule: ReminderRule, dueDate: string): ReminderSlot[] {
  const out: ReminderSlot[] = [];
  if (rule.before_days) out.push({ kind: 'before', seq: 0, date: addDays(dueDate, -rule.before_days) });
  if (rule.on_due) out.push({ kind: 'due', seq: 0, date: dueDate });
  if (rule.overdue_every_days)
    for (let k = 1; k <= rule.overdue_limit; k++) out.push({ kind: 'overdue', seq: k, date: addDays(dueDate, k * rule.overdue_every_days) });
  return out;
}

/**
 * The reminder to send today, if any: the latest slot whose date has come. Older slots that were missed (the
 * server was off, the rule changed) are not sent all at once: a client gets one reminder, the latest.
 */
export function slotDue(rule: ReminderRule, dueDate: string, today: string): ReminderSlot | null {
  if (!rule.enabled) return null;
  const past = reminderSlots(rule, dueDate).filter((s) => s.date <= today);
  return past.length ? past[past.length - 1] : null;
}

/**
 * The next reminder date after `today` (null: none left), from the same schedule: what the server stores per
 * invoice so its minute job reads only the invoices whose reminder has come (issue 27).
 */
export function nextReminderSlot(rule: ReminderRule, dueDate: string, today: string): ReminderSlot | null {
  if (!rule.enabled) return null;
  return reminderSlots(rule, dueDate).find((s) => s.date > today) ?? null;
}

/**
 * The reminder message (SMS, e-mail body, WhatsApp): who, how much, which invoice, the pay link, how to stop, in
 * the client's language (issue 19; English when left out). `amount` and `dueDate` come formatted for that language.
 */
export function reminderMessage(o: {
  client: string;
  company: string;
  number: string;
  amount: string;
  dueDate: string | null;
  overdue: boolean;
  link: string;
  stopLink?: string | null;
  language?: CustomerLanguage;
}): string {
  const language = o.language ?? 'en';
  const values = { client: o.client, company: o.company, number: o.number, amount: o.amount, link: o.link, date: o.dueDate ?? '' };
  const text = documentText(language, o.overdue ? 'reminderOverdue' : o.dueDate ? 'reminderDueOn' : 'reminderDue', values);
  return [text, o.stopLink ? documentText(language, 'reminderStop', { link: o.stopLink }) : ''].filter(Boolean).join(' ');
}

import { z } from 'zod';
import { isTimeZone } from '../rules';
import { RECURRING_LIMITS } from './limits';
import { isIsoDate, RECURRING_FREQUENCIES } from './schedule';

const isoDate = z.string().refine(isIsoDate, 'Use a date like 2026-01-31');

export const RECURRING_STATUSES = ['active', 'paused', 'finished'] as const;
export type RecurringStatus = (typeof RECURRING_STATUSES)[number];
export const RECURRING_SEND_MODES = ['send', 'draft'] as const;
/** The most invoices one schedule makes (a count): five years of weekly invoices. */
export const RECURRING_MAX_COUNT = RECURRING_LIMITS.maxCount;
const MAX_INTERVAL = RECURRING_LIMITS.maxInterval;
export type RecurringSendMode = (typeof RECURRING_SEND_MODES)[number];

/** What the owner chooses (create and edit). */
export const recurringInputShape = {
  frequency: z.enum(RECURRING_FREQUENCIES, 'Choose weekly, monthly, every N months or yearly'),
  interval: z.number().int('Use a whole number').min(1, 'At least 1').max(MAX_INTERVAL, `At most ${MAX_INTERVAL}`).default(1),
  start_date: isoDate,
  end_date: isoDate.nullable().default(null),
  count: z.number().int('Use a whole number').min(1, 'At least 1').max(RECURRING_MAX_COUNT, `At most ${RECURRING_MAX_COUNT}`).nullable().default(null),
  send_mode: z.enum(RECURRING_SEND_MODES, 'Choose send or keep as draft').default('draft'),
  /** Left out: the business's own zone (its settings', else its country's), as the app sends it (t17 N3). */
  time_zone: z.string().max(64).refine(isTimeZone, 'Unknown time zone').optional(),
  /**
   * The caller confirms the invoices for dates already passed that saving makes at once (kept as drafts), as the
   * app's "Make 2 invoices today?" does (t17 N3); without it such a schedule is refused with a sentence.
   */
  make_past: z.boolean().optional(),
};

function checkRange(v: { start_date?: string; end_date?: string | null }, ctx: z.RefinementCtx) {
  if (v.start_date && v.end_date && v.end_date < v.start_date)
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'The end date is before the start date' });
}

export const recurringCreateSchema = z.object({ invoice_id: z.uuid('Choose an invoice'), ...recurringInputShape }).superRefine(checkRange);
export type RecurringCreateInput = z.input<typeof recurringCreateSchema>;

export const recurringUpdateSchema = z
  .object({
    frequency: recurringInputShape.frequency.optional(),
    interval: z.number().int().min(1).max(MAX_INTERVAL).optional(),
    start_date: isoDate.optional(),
    end_date: isoDate.nullable().optional(),
    count: z.number().int().min(1).max(RECURRING_MAX_COUNT, `At most ${RECURRING_MAX_COUNT}`).nullable().optional(),
    send_mode: z.enum(RECURRING_SEND_MODES).optional(),
    time_zone: z.string().max(64).refine(isTimeZone, 'Unknown time zone').optional(),
    status: z.enum(['active', 'paused'], 'Choose active or paused').optional(),
    make_past: recurringInputShape.make_past,
    /** Copy the lines, client and notes again from the invoice the schedule came from. */
    refresh_template: z.boolean().optional(),
  })
  .superRefine(checkRange);
export type RecurringUpdateInput = z.input<typeof recurringUpdateSchema>;

export const recurringRecordSchema = z.object({
  id: z.uuid(),
  invoice_id: z.uuid(),
  contact_id: z.uuid(),
  currency: z.string(),
  total_due: z.number().int(),
  frequency: z.enum(RECURRING_FREQUENCIES),
  interval: z.number().int(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  count: z.number().int().nullable(),
  send_mode: z.enum(RECURRING_SEND_MODES),
  time_zone: z.string(),
  status: z.enum(RECURRING_STATUSES),
  generated: z.number().int(),
  next_date: z.string().nullable(),
  last_invoice_id: z.uuid().nullable(),
  /** Why the schedule paused itself (e.g. its client was deleted). */
  last_error: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type RecurringRecord = z.infer<typeof recurringRecordSchema>;

export const RECURRING_OCCURRENCE_STATES = ['claimed', 'created', 'sent', 'failed'] as const;
export const recurringOccurrenceSchema = z.object({
  index: z.number().int(),
  date: z.string(),
  invoice_id: z.uuid(),
  state: z.enum(RECURRING_OCCURRENCE_STATES),
  error: z.string().nullable(),
});
export type RecurringOccurrence = z.infer<typeof recurringOccurrenceSchema>;

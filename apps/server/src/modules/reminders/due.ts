import type { AppContext } from '../../lib/context';

/**
 * Issue 27: the reminders job reads only the invoices whose next reminder has come. Each invoice stores when the
 * job must look at it next (invoices.next_reminder_at): the start, in the business's time zone, of its next
 * reminder day from core's schedule (nextReminderSlot), written by the job after each reminder it logs, or null
 * when no reminder is left (paid, void, stopped, off, past the last one). A write that can change that (sent, due
 * date, balance, payments, void, deletion) marks the invoice due at once, by a trigger on the table
 * (trigger duka_invoice_next_reminder in drizzle/0000_init.sql, called since 0001 only for rows it can change),
 * and so does a change of the owner's or the invoice's rule
 * (markInvoices): the job then computes the new date. The selection starts from owners on a paid plan (core's
 * hasPaidPlan, written in SQL: active or cancelled without an end, or a period end still ahead) and reaches
 * their invoices through the partial index invoices_next_reminder_idx, so nothing else is read.
 */
export interface DueInvoice {
  id: string;
  /** next_reminder_at as read (text, exact to the microsecond): the job's write only applies if it is unchanged. */
  seen: string;
  /**
   * Whether its rule (its own, else the owner's, else the default, which is off) sends reminders at all. When it does
   * not, the job only clears the mark, without loading the invoice (issue 27: the first pass of an owner with 50,000
   * marked invoices and reminders off loaded and worked out every one).
   */
  on: boolean;
}

export async function dueReminderInvoices(ctx: AppContext, now: Date, limit: number): Promise<DueInvoice[]> {
  const { rows } = await ctx.database.execute(
    // Per paid owner (lateral), so each owner's due invoices are one range of the index, whatever the planner
    // thinks of the rest of the table (an owner without a plan may have thousands marked, never read).
    `select i.id, i.seen, coalesce(coalesce((select r.rule from invoice_reminders r where r.invoice_id = i.id), o.rule) ->> 'enabled' = 'true', false) as on
     from subscriptions s
     left join reminder_settings o on o.user_id = s.user_id
     cross join lateral (
       select i.id, i.next_reminder_at::text as seen from invoices i
       where i.user_id = s.user_id and i.next_reminder_at <= $1::timestamptz
       order by i.next_reminder_at
       limit $2
     ) i
     where s.status <> 'none'
       and ((s.current_period_end is null and s.status in ('active', 'cancelled')) or s.current_period_end > $1::timestamptz)
     limit $2`,
    [now.toISOString(), limit],
  );
  return rows.map((r) => ({ id: String(r.id), seen: String(r.seen), on: r.on === true }));
}

/**
 * Stores what the job computed: each invoice's next reminder instant (ISO) or null. Compare-and-set on the value
 * read, so an invoice written (and marked again) while the job was computing keeps its mark for the next run.
 */
export async function saveNextReminders(ctx: AppContext, rows: Array<Pick<DueInvoice, 'id' | 'seen'> & { at: string | null }>): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) {
    await ctx.database.execute(
      `update invoices i set next_reminder_at = v.at
       from jsonb_to_recordset($1::jsonb) as v(id uuid, seen timestamptz, at timestamptz)
       where i.id = v.id and i.next_reminder_at = v.seen`,
      [JSON.stringify(rows.slice(i, i + 1000))],
    );
  }
}

/** The invoices that can owe a reminder, as the trigger judges them (the job decides exactly with core's rules). */
const MAY_OWE = `kind = 'invoice' and deleted_at is null and voided_at is null and sent_at is not null and due_date is not null
  and (balance >= 1 or payments @> '[{"test": true}]'::jsonb)`;

/** A rule changed (the owner's, or one invoice's, or a stop): the job recomputes those invoices' dates on its next run. */
export async function markInvoices(ctx: AppContext, userId: string, invoiceId?: string): Promise<void> {
  await ctx.database.execute(
    `update invoices set next_reminder_at = now() - interval '100 years'
     where user_id = $1::uuid and ($2::uuid is null or id = $2::uuid) and ${MAY_OWE}`,
    [userId, invoiceId ?? null],
  );
}

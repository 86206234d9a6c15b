import { addDays } from '@duka/core';
import type { AppContext } from '../../lib/context';

/**
 * Issue 27: the invoices whose automatic reminder may be due, chosen in SQL, one page at a time (keyset on
 * the invoice id), so the minute job's work follows what is due, not what exists:
 * - owners on a paid plan only (core's hasPaidPlan, written in SQL: active or cancelled without an end, or
 *   a period end still ahead), starting from subscriptions and reaching invoices through the partial
 *   index invoices_owed_due_idx (user_id, due_date of sent, owed, live invoices), and invoices paid only on paper
 *   by a test card (issue 22: no money, still owed; rare, through invoices_user_test_paid_idx), whose real balance
 *   runDueReminders checks;
 * - reminders enabled by the effective rule (the invoice's own, else the owner's; the default is off) and not
 *   stopped;
 * - the latest reminder date that has come (core's slotDue, in SQL) not yet in reminder_log for every channel
 *   of the rule. "Come" is judged on the UTC date + 1 (the earliest time zone's today): a superset of each
 *   business's own day, which runDueReminders then checks exactly with slotDue.
 */
export async function dueReminderInvoiceIds(ctx: AppContext, now: Date, after: string | null, limit: number): Promise<string[]> {
  const utcToday = now.toISOString().slice(0, 10);
  const horizon = addDays(utcToday, 1);
  const { rows } = await ctx.database.execute(
    `select c.id from (
       select i.id, coalesce(ir.rule, rs.rule) as rule, ($1::date - i.due_date) as d
       from subscriptions s
       join invoices i on i.user_id = s.user_id
       left join reminder_settings rs on rs.user_id = i.user_id
       left join invoice_reminders ir on ir.invoice_id = i.id
       where s.status <> 'none'
         and ((s.current_period_end is null and s.status in ('active', 'cancelled')) or s.current_period_end > $2::timestamptz)
         and i.kind = 'invoice'
         and (i.status in ('sent', 'partially_paid') and i.balance >= 1 or i.status = 'paid' and i.payments @> '[{"test": true}]'::jsonb)
         and i.voided_at is null and i.deleted_at is null and i.sent_at is not null
         and i.due_date between $3::date and $4::date
         and ir.stopped_at is null
         and coalesce(ir.rule, rs.rule)->>'enabled' = 'true'
         and ($5::uuid is null or i.id > $5::uuid)
     ) c
     cross join lateral (
       select case
         when (c.rule->>'overdue_every_days') is not null and c.d >= (c.rule->>'overdue_every_days')::int
           then 'overdue:' || least((c.rule->>'overdue_limit')::int, c.d / (c.rule->>'overdue_every_days')::int)
         when (c.rule->>'on_due')::boolean and c.d >= 0 then 'due:0'
         when (c.rule->>'before_days') is not null and c.d >= -((c.rule->>'before_days')::int) then 'before:0'
       end as slot
     ) s
     where s.slot is not null
       and (select count(*) from reminder_log l where l.invoice_id = c.id and l.kind || ':' || l.seq = s.slot)
         < jsonb_array_length(coalesce(c.rule->'channels', '[]'::jsonb))
     order by c.id
     limit $6`,
    [horizon, now.toISOString(), addDays(utcToday, -1800), addDays(utcToday, 61), after, limit],
  );
  return rows.map((r) => String(r.id));
}

// One account with a long history, written straight into its database with generate_series (seconds, not the
// minutes 100 pushes of 500 would take): 200 clients and N invoices over 700 days from 2025-01-01, 60% part-paid
// (one payment 0–59 days after the issue date), 80% with a due date, 10% in USD, numbered INV-0001… like the
// server numbers them. Totals follow core's maths for one line without fees (total_due = the line), and each row
// stores its VAT part as the server writes it with every save (core vatBreakdown: none without taxes), so the
// history is the steady state of an account, not one waiting for the one-off start-up backfill.
// `exec(text)` runs one SQL statement; `userId` is an account made through the API.
export async function seedHistory(exec, userId, n) {
  const u = `'${userId}'::uuid`;
  await exec(`insert into contacts (id, user_id, version, name, permalink)
    select gen_random_uuid(), ${u}, 0, 'Client ' || g, 'client-' || g from generate_series(1, 200) g`);
  await exec(`with c as (select array_agg(id order by name) ids from contacts where user_id = ${u}),
    s as (
      select g, date '2025-01-01' + ((g * 7919) % 700)::int as issue,
        1000 + (g * 104729) % 500000 as total,
        case when g % 10 < 6 then 1 + ((1000 + (g * 104729) % 500000) * ((g * 31) % 97)) / 100 else 0 end as paid,
        case when g % 10 = 9 then 'USD' else 'NGN' end as currency
      from generate_series(1::bigint, ${n}) g)
    insert into invoices (id, user_id, version, kind, number, contact_id, issue_date, due_date, currency, lines, payments,
      subtotal, total_due, amount_paid, balance, status, public_id, sent_at, finished_at, first_paid_on, last_paid_on, vat_lines)
    select gen_random_uuid(), ${u}, 0, 'invoice', 'INV-' || case when g < 10000 then lpad(g::text, 4, '0') else g::text end, c.ids[(1 + g % 200)::int], issue,
      case when g % 5 = 0 then null else issue + 14 end, currency,
      jsonb_build_array(jsonb_build_object('id', gen_random_uuid(), 'description', 'Goods ' || g, 'quantity', 1, 'unit_price', total, 'fee_ids', '[]'::jsonb)),
      case when paid > 0 then jsonb_build_array(jsonb_build_object('id', gen_random_uuid(), 'amount', paid, 'method', 'cash', 'date', (issue + (g % 60)::int)::text, 'reference', '')) else '[]'::jsonb end,
      total, total, paid, total - paid, case when paid > 0 then 'partially_paid' else 'sent' end,
      md5(g::text || ${u}::text), issue::text || 'T09:00:00.000Z', issue::text || 'T09:00:00.000Z',
      case when paid > 0 then (issue + (g % 60)::int)::text end, case when paid > 0 then (issue + (g % 60)::int)::text end,
      '[]'::jsonb
    from s, c`);
  // Versions in order after what the account already had.
  await exec(`with v as (select sync_version from users where id = ${u}),
    r as (select id, row_number() over (order by number) as rn from invoices where user_id = ${u} and version = 0)
    update invoices i set version = (select sync_version from v) + r.rn from r where i.id = r.id`);
  await exec(`update contacts set version = (select sync_version from users where id = ${u}) + ${n} + 1 where user_id = ${u} and version = 0`);
  await exec(`update users set sync_version = sync_version + ${n} + 1 where id = ${u}`);

  // The version update above left a dead copy of every row: PostgreSQL's autovacuum clears them (and marks the pages
  // all-visible, which index-only scans need) within a minute or two of such a write, and an account written over
  // months is in that state. Done here so the figures measure it, not the minute after a bulk write.
  await exec('vacuum analyze');
}

/** Puts the account on a paid plan (reminders run only for those): then the reminders job looks at its owed invoices. */
export async function givePaidPlan(exec, userId) {
  await exec(`insert into subscriptions (user_id, plan, status, provider, current_period_end, amount, currency, months, last_event_at)
    values ('${userId}'::uuid, 'ng-yearly', 'active', 'test', now() + interval '1 year', 1400000, 'NGN', 12, now())`);
}

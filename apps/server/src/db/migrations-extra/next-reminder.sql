-- Issue 27: the reminders job reads only invoices whose next reminder has come (invoices.next_reminder_at,
-- index invoices_next_reminder_idx). Any write that can change an invoice's reminders (sent, due date, balance,
-- payments, void, deletion) — whatever path makes it: sync push, REST, payments, webhooks, SQL — marks the
-- invoice for the job, which computes the real date with core's schedule (modules/reminders/due.ts), or clears
-- it when no reminder can be owed. The mark is an instant long past (so it is due whatever the clock) and
-- distinct per transaction, so the job's compare-and-set notices a write made while it was computing.
-- Appended to the generated migration by scripts/generate-migrations.mjs.
CREATE OR REPLACE FUNCTION duka_invoice_next_reminder() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
    AND (NEW.kind, NEW.deleted_at, NEW.voided_at, NEW.sent_at, NEW.due_date, NEW.balance, NEW.status, NEW.payments)
      IS NOT DISTINCT FROM (OLD.kind, OLD.deleted_at, OLD.voided_at, OLD.sent_at, OLD.due_date, OLD.balance, OLD.status, OLD.payments)
  THEN
    RETURN NEW;
  END IF;
  NEW.next_reminder_at := CASE
    WHEN NEW.kind = 'invoice' AND NEW.deleted_at IS NULL AND NEW.voided_at IS NULL AND NEW.sent_at IS NOT NULL
      AND NEW.due_date IS NOT NULL AND (NEW.balance >= 1 OR NEW.payments @> '[{"test": true}]'::jsonb)
    THEN now() - interval '100 years'
  END;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER invoices_next_reminder BEFORE INSERT OR UPDATE ON invoices
  FOR EACH ROW EXECUTE FUNCTION duka_invoice_next_reminder();
--> statement-breakpoint
-- Invoices written before this migration: marked, so the job's first run computes their dates.
UPDATE invoices SET next_reminder_at = now() - interval '100 years'
  WHERE kind = 'invoice' AND deleted_at IS NULL AND voided_at IS NULL AND sent_at IS NOT NULL
    AND due_date IS NOT NULL AND (balance >= 1 OR payments @> '[{"test": true}]'::jsonb);

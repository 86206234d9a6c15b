-- Issue 27 (push throughput): the reminders trigger (0000_init.sql, duka_invoice_next_reminder) ran its plpgsql
-- function for every invoice row written, although most writes cannot change a reminder (a draft, a quote, an edit
-- of the lines of an unsent invoice). The same function now runs only when it can change next_reminder_at; the
-- WHEN conditions are evaluated by PostgreSQL without calling plpgsql, and give the same column as before:
-- * INSERT: the function sets the mark only on a sent invoice with a due date (kind = 'invoice', sent_at and
--   due_date set; it checks the rest itself), and otherwise sets null: it runs for those rows and for a row
--   inserted with a value, which it clears when it is not due. Any other row keeps its null.
-- * UPDATE: the function returned at once when none of these columns changed; that test is now the WHEN.
DROP TRIGGER IF EXISTS invoices_next_reminder ON invoices;
--> statement-breakpoint
CREATE TRIGGER invoices_next_reminder_insert BEFORE INSERT ON invoices FOR EACH ROW
  WHEN (NEW.next_reminder_at IS NOT NULL OR (NEW.kind = 'invoice' AND NEW.sent_at IS NOT NULL AND NEW.due_date IS NOT NULL))
  EXECUTE FUNCTION duka_invoice_next_reminder();
--> statement-breakpoint
CREATE TRIGGER invoices_next_reminder_update BEFORE UPDATE ON invoices FOR EACH ROW
  WHEN ((NEW.kind, NEW.deleted_at, NEW.voided_at, NEW.sent_at, NEW.due_date, NEW.balance, NEW.status, NEW.payments)
    IS DISTINCT FROM (OLD.kind, OLD.deleted_at, OLD.voided_at, OLD.sent_at, OLD.due_date, OLD.balance, OLD.status, OLD.payments))
  EXECUTE FUNCTION duka_invoice_next_reminder();

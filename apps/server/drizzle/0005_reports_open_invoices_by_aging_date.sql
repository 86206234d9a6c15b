-- Issue 27 (reports summary at 50,000 invoices, reports/service.ts openOn): what the plain open invoices owe (no
-- credit note, no test payment) is summed from invoices_user_open_aged_idx alone, and each aging bucket's largest
-- balances are one range of it; the invoices paid after a day they were issued by are found inside
-- invoices_user_paid_span_idx (now with issue dates and ids), those a credit note took something off through
-- invoices_user_credited_total_idx. A one-off build at the first start after the upgrade.
DROP INDEX "invoices_user_paid_span_idx";--> statement-breakpoint
CREATE INDEX "invoices_user_open_aged_idx" ON "invoices" USING btree ("user_id","currency",coalesce("due_date", "issue_date"),"issue_date","due_date","total_due","amount_paid","last_paid_on","id") WHERE "invoices"."deleted_at" is null and "invoices"."kind" in ('invoice', 'sale') and "invoices"."status" not in ('draft', 'void') and "invoices"."balance" > 0 and "invoices"."credited_total" = 0 and not ("invoices"."payments" @> '[{"test": true}]'::jsonb);--> statement-breakpoint
CREATE INDEX "invoices_user_credited_total_idx" ON "invoices" USING btree ("user_id") WHERE "invoices"."credited_total" <> 0;--> statement-breakpoint
CREATE INDEX "invoices_user_paid_span_idx" ON "invoices" USING btree ("user_id","last_paid_on","first_paid_on","issue_date","id") WHERE "invoices"."deleted_at" is null and "invoices"."kind" in ('invoice', 'sale');
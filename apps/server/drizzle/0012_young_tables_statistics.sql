-- Statistics of a table of a few pages make a sequential scan the cheapest way to find one row, and a named statement's
-- generic plan made just after such an ANALYZE (or VACUUM) is kept while the table grows (issue 27: in a new database's
-- first minute an autovacuum of the synced tables at ~250 rows made a push's read scan 50,000 rows per key; 68 ms a
-- read on average, up to 1 s). Autovacuum first looks at these tables once 10,000 rows changed; until then the
-- planner sizes them by their pages, as it does a table never analysed. A large table is unaffected (the scale factors).
ALTER TABLE "contacts" SET (autovacuum_analyze_threshold = 10000, autovacuum_vacuum_threshold = 10000, autovacuum_vacuum_insert_threshold = 10000);--> statement-breakpoint
ALTER TABLE "notes" SET (autovacuum_analyze_threshold = 10000, autovacuum_vacuum_threshold = 10000, autovacuum_vacuum_insert_threshold = 10000);--> statement-breakpoint
ALTER TABLE "expenses" SET (autovacuum_analyze_threshold = 10000, autovacuum_vacuum_threshold = 10000, autovacuum_vacuum_insert_threshold = 10000);--> statement-breakpoint
ALTER TABLE "catalogs" SET (autovacuum_analyze_threshold = 10000, autovacuum_vacuum_threshold = 10000, autovacuum_vacuum_insert_threshold = 10000);--> statement-breakpoint
ALTER TABLE "fees" SET (autovacuum_analyze_threshold = 10000, autovacuum_vacuum_threshold = 10000, autovacuum_vacuum_insert_threshold = 10000);--> statement-breakpoint
ALTER TABLE "invoices" SET (autovacuum_analyze_threshold = 10000, autovacuum_vacuum_threshold = 10000, autovacuum_vacuum_insert_threshold = 10000);--> statement-breakpoint
ALTER TABLE "stock_movements" SET (autovacuum_analyze_threshold = 10000, autovacuum_vacuum_threshold = 10000, autovacuum_vacuum_insert_threshold = 10000);--> statement-breakpoint
ALTER TABLE "sync_mutations" SET (autovacuum_analyze_threshold = 10000, autovacuum_vacuum_threshold = 10000, autovacuum_vacuum_insert_threshold = 10000);--> statement-breakpoint
ALTER TABLE "record_history" SET (autovacuum_analyze_threshold = 10000, autovacuum_vacuum_threshold = 10000, autovacuum_vacuum_insert_threshold = 10000);

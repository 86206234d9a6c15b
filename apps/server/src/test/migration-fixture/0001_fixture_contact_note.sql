-- Test-only migration (src/db/migrations.test.ts): what a later numbered migration does to a database the baseline
-- made. A column with a default, a data step over existing rows, and an index.
ALTER TABLE "contacts" ADD COLUMN "fixture_note" text DEFAULT '' NOT NULL;
--> statement-breakpoint
UPDATE "contacts" SET "fixture_note" = 'migrated: ' || "name";
--> statement-breakpoint
CREATE INDEX "contacts_fixture_note_idx" ON "contacts" USING btree ("fixture_note");

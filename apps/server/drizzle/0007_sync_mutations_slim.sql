ALTER TABLE "sync_mutations" DROP CONSTRAINT "sync_mutations_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "sync_mutations" DROP COLUMN "collection";--> statement-breakpoint
ALTER TABLE "sync_mutations" DROP COLUMN "record_id";
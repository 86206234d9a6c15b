CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"company_name" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"logo" text,
	"logo_location" text,
	"invoice_settings" text DEFAULT '{}' NOT NULL,
	"credit" integer DEFAULT 0 NOT NULL,
	"plan" text DEFAULT 'free' NOT NULL,
	"ref_code" text,
	"token_version" integer DEFAULT 0 NOT NULL,
	"sync_version" bigint DEFAULT 0 NOT NULL,
	"extra" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_username_unique" UNIQUE("username"),
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "catalogs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"version" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"device" text,
	"history_count" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"unit_price" bigint DEFAULT 0 NOT NULL,
	"unit" text DEFAULT 'piece' NOT NULL,
	"sku" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"barcode" text DEFAULT '' NOT NULL,
	"track_stock" boolean DEFAULT false NOT NULL,
	"low_stock_level" double precision,
	"cost_price" bigint DEFAULT 0 NOT NULL,
	"item_class" text DEFAULT '' NOT NULL,
	"unit_code" text DEFAULT '' NOT NULL,
	"item_type" text DEFAULT '' NOT NULL,
	"packaging_unit" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"version" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"device" text,
	"history_count" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"tax_id" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"language" text,
	"permalink" text NOT NULL,
	"archived" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "expenses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"version" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"device" text,
	"history_count" integer DEFAULT 0 NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"date" date NOT NULL,
	"category" text NOT NULL,
	"vendor" text DEFAULT '' NOT NULL,
	"contact_id" uuid,
	"payment_method" text DEFAULT 'cash' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"receipt" text,
	"input_tax_rate_bps" integer,
	"input_tax_amount" bigint,
	"input_tax_inclusive" boolean DEFAULT true NOT NULL,
	"input_tax" bigint DEFAULT 0 NOT NULL,
	"amount_pending" text
);
--> statement-breakpoint
CREATE TABLE "fees" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"version" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"device" text,
	"history_count" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT 'tax' NOT NULL,
	"calculation" text DEFAULT 'percentage' NOT NULL,
	"percentage_bps" integer DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"inclusive" boolean DEFAULT false NOT NULL,
	"default_on" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"version" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"device" text,
	"history_count" integer DEFAULT 0 NOT NULL,
	"contact_id" uuid,
	"body" text NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"version" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"device" text,
	"history_count" integer DEFAULT 0 NOT NULL,
	"catalog_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"quantity" double precision NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"invoice_id" uuid,
	"occurred_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "record_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"collection" text NOT NULL,
	"record_id" uuid NOT NULL,
	"version" bigint NOT NULL,
	"replaced_by_version" bigint NOT NULL,
	"data" jsonb NOT NULL,
	"device" text,
	"replaced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sync_mutations" (
	"user_id" uuid NOT NULL,
	"mutation_id" uuid NOT NULL,
	"collection" text NOT NULL,
	"record_id" uuid NOT NULL,
	"version" bigint NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sync_mutations_user_id_mutation_id_pk" PRIMARY KEY("user_id","mutation_id")
);
--> statement-breakpoint
CREATE TABLE "ai_contents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"page_title" text NOT NULL,
	"content" text NOT NULL,
	"favorite" boolean DEFAULT false NOT NULL,
	"cost" integer NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"input" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"provider" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"version" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"device" text,
	"history_count" integer DEFAULT 0 NOT NULL,
	"kind" text DEFAULT 'invoice' NOT NULL,
	"number" text NOT NULL,
	"contact_id" uuid NOT NULL,
	"issue_date" date NOT NULL,
	"due_date" date,
	"currency" text NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fees" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fee_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"discount" jsonb,
	"notes" text DEFAULT '' NOT NULL,
	"terms" text DEFAULT '' NOT NULL,
	"payment_instructions" text DEFAULT '' NOT NULL,
	"part_payments" boolean,
	"payments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"subtotal" bigint DEFAULT 0 NOT NULL,
	"discount_total" bigint DEFAULT 0 NOT NULL,
	"tax_total" bigint DEFAULT 0 NOT NULL,
	"fee_total" bigint DEFAULT 0 NOT NULL,
	"total_due" bigint DEFAULT 0 NOT NULL,
	"amount_paid" bigint DEFAULT 0 NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"credited_total" bigint DEFAULT 0 NOT NULL,
	"credited_invoice_id" uuid,
	"credit_reason" text,
	"credit_reason_code" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"public_id" text NOT NULL,
	"sent_at" text,
	"finished_at" text,
	"voided_at" text,
	"quote_id" uuid,
	"converted_invoice_id" uuid,
	"declined_at" text,
	"decline_reason" text,
	"notice" text,
	"first_paid_on" text,
	"last_paid_on" text,
	"next_reminder_at" timestamp with time zone,
	"vat_lines" jsonb
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"user_id" uuid,
	"invoice_id" uuid,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "payment_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"client_secret" text NOT NULL,
	"user_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"fee" bigint DEFAULT 0 NOT NULL,
	"checkout_url" text,
	"currency" text NOT NULL,
	"status" text DEFAULT 'requires_payment_method' NOT NULL,
	"last_error" text,
	"received" jsonb,
	"provider_ref" text,
	"phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_rail_prompts" (
	"reference" text PRIMARY KEY NOT NULL,
	"rail" text NOT NULL,
	"phone" text NOT NULL,
	"network" text,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"operator_id" text,
	"callback_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recurring_invoices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"template" jsonb NOT NULL,
	"frequency" text NOT NULL,
	"interval" integer DEFAULT 1 NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"count" integer,
	"send_mode" text DEFAULT 'draft' NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"generated" integer DEFAULT 0 NOT NULL,
	"next_date" date,
	"last_invoice_id" uuid,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recurring_occurrences" (
	"recurring_id" uuid NOT NULL,
	"index" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"date" date NOT NULL,
	"invoice_id" uuid NOT NULL,
	"mutation_id" uuid NOT NULL,
	"state" text DEFAULT 'claimed' NOT NULL,
	"error" text,
	"invoice_version" bigint,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	"extra" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "recurring_occurrences_recurring_id_index_pk" PRIMARY KEY("recurring_id","index")
);
--> statement-breakpoint
CREATE TABLE "receipt_emails" (
	"payment_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"to" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_reminders" (
	"invoice_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"rule" jsonb,
	"stopped_at" timestamp with time zone,
	"stopped_by" text
);
--> statement-breakpoint
CREATE TABLE "reminder_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"seq" integer NOT NULL,
	"channel" text NOT NULL,
	"scheduled_for" date NOT NULL,
	"state" text DEFAULT 'sending' NOT NULL,
	"to" text DEFAULT '' NOT NULL,
	"error" text,
	"provider_ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reminder_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"rule" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"to" text NOT NULL,
	"text" text NOT NULL,
	"extra" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "announcement_reads" (
	"user_id" uuid NOT NULL,
	"announcement_id" uuid NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "announcement_reads_user_id_announcement_id_pk" PRIMARY KEY("user_id","announcement_id")
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link" text,
	"image_url" text,
	"countries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"published_at" timestamp (3) with time zone,
	"created_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliate_clicks" (
	"affiliate_id" uuid NOT NULL,
	"visitor_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliate_commissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"affiliate_id" uuid NOT NULL,
	"referred_id" uuid,
	"event_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"payout_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliate_payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"affiliate_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "affiliate_referrals" (
	"referred_id" uuid PRIMARY KEY NOT NULL,
	"affiliate_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliates" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"payout_method" text NOT NULL,
	"payout_details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_checkouts" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"item" text NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"success_url" text NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "billing_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"kind" text NOT NULL,
	"item" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"credits" integer DEFAULT 0 NOT NULL,
	"test" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"plan" text NOT NULL,
	"status" text NOT NULL,
	"provider" text NOT NULL,
	"provider_subscription_id" text,
	"provider_customer_id" text,
	"provider_token" text,
	"current_period_end" timestamp with time zone,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"months" integer NOT NULL,
	"last_event_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "admin_audit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor" text NOT NULL,
	"actor_user_id" uuid,
	"action" text NOT NULL,
	"target" text DEFAULT '' NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admins" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"granted_by" text NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fiscal_documents" (
	"invoice_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text DEFAULT 'sale' NOT NULL,
	"state" text DEFAULT 'provisional' NOT NULL,
	"branch_id" text,
	"sequence_scope" text,
	"fiscal_sequence" bigint,
	"original_invoice_id" uuid,
	"reason_code" text,
	"payload" jsonb,
	"source_hash" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"error_code" text,
	"last_error" text,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"fiscalised_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "fiscal_items" (
	"user_id" uuid NOT NULL,
	"catalog_id" uuid NOT NULL,
	"sequence_scope" text NOT NULL,
	"branch_id" text NOT NULL,
	"item_code" text NOT NULL,
	"item" jsonb NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"test" boolean DEFAULT false NOT NULL,
	"generic" boolean DEFAULT false NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error_code" text,
	"last_error" text,
	"registered_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fiscal_items_user_id_catalog_id_pk" PRIMARY KEY("user_id","catalog_id")
);
--> statement-breakpoint
CREATE TABLE "fiscal_sequences" (
	"scope" text NOT NULL,
	"branch_id" text NOT NULL,
	"last" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "fiscal_sequences_scope_branch_id_pk" PRIMARY KEY("scope","branch_id")
);
--> statement-breakpoint
CREATE TABLE "fiscal_server_keys" (
	"key" text PRIMARY KEY NOT NULL,
	"cmc_key_enc" text NOT NULL,
	"control_unit_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fiscal_units" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"branch_id" text DEFAULT '00' NOT NULL,
	"device_key" text NOT NULL,
	"settings_enc" text NOT NULL,
	"cmc_key_enc" text,
	"control_unit_id" text,
	"code_lists" jsonb,
	"initialised_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogs" ADD CONSTRAINT "catalogs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fees" ADD CONSTRAINT "fees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_history" ADD CONSTRAINT "record_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_mutations" ADD CONSTRAINT "sync_mutations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_contents" ADD CONSTRAINT "ai_contents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_invoices" ADD CONSTRAINT "recurring_invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_occurrences" ADD CONSTRAINT "recurring_occurrences_recurring_id_recurring_invoices_id_fk" FOREIGN KEY ("recurring_id") REFERENCES "public"."recurring_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_occurrences" ADD CONSTRAINT "recurring_occurrences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_emails" ADD CONSTRAINT "receipt_emails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_log" ADD CONSTRAINT "reminder_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_settings" ADD CONSTRAINT "reminder_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD CONSTRAINT "sms_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_reads" ADD CONSTRAINT "announcement_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_reads" ADD CONSTRAINT "announcement_reads_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_clicks" ADD CONSTRAINT "affiliate_clicks_affiliate_id_affiliates_user_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_commissions" ADD CONSTRAINT "affiliate_commissions_affiliate_id_affiliates_user_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_commissions" ADD CONSTRAINT "affiliate_commissions_referred_id_users_id_fk" FOREIGN KEY ("referred_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_commissions" ADD CONSTRAINT "affiliate_commissions_payout_id_affiliate_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."affiliate_payouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_payouts" ADD CONSTRAINT "affiliate_payouts_affiliate_id_affiliates_user_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_referrals" ADD CONSTRAINT "affiliate_referrals_referred_id_users_id_fk" FOREIGN KEY ("referred_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_referrals" ADD CONSTRAINT "affiliate_referrals_affiliate_id_affiliates_user_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliates" ADD CONSTRAINT "affiliates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_checkouts" ADD CONSTRAINT "billing_checkouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_payments" ADD CONSTRAINT "billing_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admins" ADD CONSTRAINT "admins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_documents" ADD CONSTRAINT "fiscal_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_items" ADD CONSTRAINT "fiscal_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_units" ADD CONSTRAINT "fiscal_units_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail_outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "password_resets_user_idx" ON "password_resets" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "users_lower_email_idx" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "catalogs_user_version_idx" ON "catalogs" USING btree ("user_id","version");--> statement-breakpoint
CREATE INDEX "catalogs_user_name_idx" ON "catalogs" USING btree ("user_id","name");--> statement-breakpoint
CREATE INDEX "contacts_user_version_idx" ON "contacts" USING btree ("user_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_user_permalink_idx" ON "contacts" USING btree ("user_id","permalink");--> statement-breakpoint
CREATE INDEX "contacts_user_name_idx" ON "contacts" USING btree ("user_id","name");--> statement-breakpoint
CREATE INDEX "expenses_user_version_idx" ON "expenses" USING btree ("user_id","version");--> statement-breakpoint
CREATE INDEX "expenses_user_date_idx" ON "expenses" USING btree ("user_id","date");--> statement-breakpoint
CREATE INDEX "expenses_user_currency_idx" ON "expenses" USING btree ("user_id","currency");--> statement-breakpoint
CREATE INDEX "fees_user_version_idx" ON "fees" USING btree ("user_id","version");--> statement-breakpoint
CREATE INDEX "notes_user_version_idx" ON "notes" USING btree ("user_id","version");--> statement-breakpoint
CREATE INDEX "notes_user_contact_idx" ON "notes" USING btree ("user_id","contact_id");--> statement-breakpoint
CREATE INDEX "stock_movements_user_version_idx" ON "stock_movements" USING btree ("user_id","version");--> statement-breakpoint
CREATE INDEX "stock_movements_user_catalog_idx" ON "stock_movements" USING btree ("user_id","catalog_id","occurred_at");--> statement-breakpoint
CREATE INDEX "stock_movements_user_invoice_idx" ON "stock_movements" USING btree ("user_id","invoice_id");--> statement-breakpoint
CREATE INDEX "record_history_record_idx" ON "record_history" USING btree ("user_id","collection","record_id");--> statement-breakpoint
CREATE INDEX "ai_contents_user_created_idx" ON "ai_contents" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ai_contents_user_favorite_idx" ON "ai_contents" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "ai_contents"."favorite";--> statement-breakpoint
CREATE INDEX "invoices_user_version_idx" ON "invoices" USING btree ("user_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_user_kind_number_idx" ON "invoices" USING btree ("user_id","kind","number") WHERE "invoices"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_public_id_idx" ON "invoices" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "invoices_user_contact_idx" ON "invoices" USING btree ("user_id","contact_id");--> statement-breakpoint
CREATE INDEX "invoices_user_credited_idx" ON "invoices" USING btree ("user_id","credited_invoice_id") WHERE "invoices"."credited_invoice_id" is not null;--> statement-breakpoint
CREATE INDEX "invoices_user_issue_idx" ON "invoices" USING btree ("user_id","issue_date");--> statement-breakpoint
CREATE INDEX "invoices_next_reminder_idx" ON "invoices" USING btree ("user_id","next_reminder_at") WHERE "invoices"."next_reminder_at" is not null;--> statement-breakpoint
CREATE INDEX "invoices_user_series_idx" ON "invoices" USING btree ("user_id","kind",regexp_replace("number", '[0-9]+$', ''),(case when length(substring("number" from '[0-9]+$')) <= 15 then substring("number" from '[0-9]+$')::bigint end)) WHERE "invoices"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "invoices_user_paid_idx" ON "invoices" USING btree ("user_id","last_paid_on") WHERE "invoices"."deleted_at" is null and "invoices"."kind" in ('invoice', 'sale');--> statement-breakpoint
CREATE INDEX "invoices_user_owed_idx" ON "invoices" USING btree ("user_id","issue_date") WHERE "invoices"."deleted_at" is null and "invoices"."kind" in ('invoice', 'sale') and "invoices"."balance" > 0;--> statement-breakpoint
CREATE INDEX "invoices_user_test_paid_idx" ON "invoices" USING btree ("user_id","issue_date") WHERE "invoices"."deleted_at" is null and "invoices"."kind" in ('invoice', 'sale') and "invoices"."payments" @> '[{"test": true}]'::jsonb;--> statement-breakpoint
CREATE INDEX "invoices_vat_missing_idx" ON "invoices" USING btree ("id") WHERE "invoices"."vat_lines" is null;--> statement-breakpoint
CREATE INDEX "invoices_user_currency_idx" ON "invoices" USING btree ("user_id","currency") WHERE "invoices"."deleted_at" is null and "invoices"."kind" in ('invoice', 'sale') and "invoices"."status" not in ('draft', 'void');--> statement-breakpoint
CREATE UNIQUE INDEX "payment_intents_client_secret_idx" ON "payment_intents" USING btree ("client_secret");--> statement-breakpoint
CREATE INDEX "payment_intents_invoice_idx" ON "payment_intents" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "recurring_invoices_user_idx" ON "recurring_invoices" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "recurring_invoices_due_idx" ON "recurring_invoices" USING btree ("status","next_date");--> statement-breakpoint
CREATE INDEX "recurring_occurrences_claimed_idx" ON "recurring_occurrences" USING btree ("recurring_id") WHERE "recurring_occurrences"."state" = 'claimed';--> statement-breakpoint
CREATE INDEX "recurring_occurrences_created_idx" ON "recurring_occurrences" USING btree ("date") WHERE "recurring_occurrences"."state" = 'created';--> statement-breakpoint
CREATE UNIQUE INDEX "reminder_log_once_idx" ON "reminder_log" USING btree ("invoice_id","kind","seq","channel");--> statement-breakpoint
CREATE INDEX "reminder_log_user_invoice_idx" ON "reminder_log" USING btree ("user_id","invoice_id");--> statement-breakpoint
CREATE INDEX "sms_outbox_created_idx" ON "sms_outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "announcements_published_idx" ON "announcements" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_clicks_visitor_idx" ON "affiliate_clicks" USING btree ("affiliate_id","visitor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_commissions_event_idx" ON "affiliate_commissions" USING btree ("event_id","kind");--> statement-breakpoint
CREATE INDEX "affiliate_commissions_affiliate_idx" ON "affiliate_commissions" USING btree ("affiliate_id");--> statement-breakpoint
CREATE INDEX "affiliate_payouts_affiliate_idx" ON "affiliate_payouts" USING btree ("affiliate_id");--> statement-breakpoint
CREATE INDEX "affiliate_referrals_affiliate_idx" ON "affiliate_referrals" USING btree ("affiliate_id");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliates_code_idx" ON "affiliates" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "billing_checkouts_user_idx" ON "billing_checkouts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "billing_payments_user_idx" ON "billing_payments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "rate_limits_reset_at_idx" ON "rate_limits" USING btree ("reset_at");--> statement-breakpoint
CREATE INDEX "admin_audit_at_idx" ON "admin_audit" USING btree ("at");--> statement-breakpoint
CREATE INDEX "fiscal_documents_due_idx" ON "fiscal_documents" USING btree ("next_attempt_at") WHERE "fiscal_documents"."state" in ('provisional', 'submitting');--> statement-breakpoint
CREATE INDEX "fiscal_documents_user_idx" ON "fiscal_documents" USING btree ("user_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_documents_sequence_idx" ON "fiscal_documents" USING btree ("sequence_scope","branch_id","fiscal_sequence") WHERE "fiscal_documents"."fiscal_sequence" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_items_code_idx" ON "fiscal_items" USING btree ("sequence_scope","branch_id","item_code");--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_units_device_idx" ON "fiscal_units" USING btree ("provider","device_key");--> statement-breakpoint
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

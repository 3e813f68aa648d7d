CREATE TYPE "public"."accelerator_target" AS ENUM('product', 'brand', 'category', 'store');--> statement-breakpoint
CREATE TYPE "public"."grant_status" AS ENUM('granted', 'removed');--> statement-breakpoint
CREATE TYPE "public"."invoice_status" AS ENUM('pending', 'approved', 'rejected', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."recipient_kind" AS ENUM('admin', 'professional', 'shopkeeper');--> statement-breakpoint
CREATE TYPE "public"."subscription_status" AS ENUM('subscribed', 'cancelled');--> statement-breakpoint
CREATE TABLE "accelerators" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"multiplier" integer NOT NULL,
	"target_type" "accelerator_target" NOT NULL,
	"target_value" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accelerators_multiplier" CHECK ("accelerators"."multiplier" > 100 and "accelerators"."multiplier" <= 10000),
	CONSTRAINT "accelerators_period" CHECK ("accelerators"."ends_at" > "accelerators"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "audit_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_kind" "recipient_kind",
	"actor_id" uuid,
	"actor_name" text NOT NULL,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"professional_id" uuid NOT NULL,
	"name" text NOT NULL,
	"cpf" varchar(11) NOT NULL,
	"phone" varchar(11),
	"email" varchar(254),
	"active" boolean DEFAULT true NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_professional_cpf_unique" UNIQUE("professional_id","cpf"),
	CONSTRAINT "customers_cpf_digits" CHECK ("customers"."cpf" ~ '^[0-9]{11}$')
);
--> statement-breakpoint
CREATE TABLE "cycle_points" (
	"participant_kind" "participant_kind" NOT NULL,
	"participant_id" uuid NOT NULL,
	"cycle_year" integer NOT NULL,
	"earned" bigint NOT NULL,
	"reached_at" timestamp with time zone NOT NULL,
	CONSTRAINT "cycle_points_participant_kind_participant_id_cycle_year_pk" PRIMARY KEY("participant_kind","participant_id","cycle_year")
);
--> statement-breakpoint
CREATE TABLE "experience_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"type" "participant_kind" NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "experience_categories_name_type_unique" UNIQUE("name","type")
);
--> statement-breakpoint
CREATE TABLE "experience_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"experience_id" uuid NOT NULL,
	"participant_kind" "participant_kind" NOT NULL,
	"participant_id" uuid NOT NULL,
	"status" "subscription_status" DEFAULT 'subscribed' NOT NULL,
	"cost" bigint NOT NULL,
	"attended_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "experiences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"category_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"place" text DEFAULT '' NOT NULL,
	"happens_at" timestamp with time zone NOT NULL,
	"image_key" text,
	"seats" integer NOT NULL,
	"seats_taken" integer DEFAULT 0 NOT NULL,
	"min_level_id" uuid,
	"cost" bigint DEFAULT 0 NOT NULL,
	"qr_code" varchar(64) NOT NULL,
	"attendance_points" bigint DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "experiences_seats" CHECK ("experiences"."seats" >= 0 and "experiences"."seats_taken" >= 0 and "experiences"."seats_taken" <= "experiences"."seats"),
	CONSTRAINT "experiences_cost" CHECK ("experiences"."cost" >= 0 and "experiences"."attendance_points" >= 0)
);
--> statement-breakpoint
CREATE TABLE "extra_point_campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"amount" bigint NOT NULL,
	"audience" "participant_kind" NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "extra_point_campaigns_amount" CHECK ("extra_point_campaigns"."amount" > 0),
	CONSTRAINT "extra_point_campaigns_period" CHECK ("extra_point_campaigns"."ends_at" > "extra_point_campaigns"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "extra_point_grants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"participant_kind" "participant_kind" NOT NULL,
	"participant_id" uuid NOT NULL,
	"store_id" uuid,
	"status" "grant_status" DEFAULT 'granted' NOT NULL,
	"via" text NOT NULL,
	"granted_by" text NOT NULL,
	"reason" text,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "extra_point_grants_once" UNIQUE("campaign_id","participant_kind","participant_id")
);
--> statement-breakpoint
CREATE TABLE "extra_point_stores" (
	"campaign_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"status" "grant_status" DEFAULT 'granted' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "extra_point_stores_campaign_id_store_id_pk" PRIMARY KEY("campaign_id","store_id")
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"sku" varchar(60) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"total" bigint NOT NULL,
	CONSTRAINT "invoice_lines_position_unique" UNIQUE("invoice_id","position"),
	CONSTRAINT "invoice_lines_total" CHECK ("invoice_lines"."total" >= 0)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"professional_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"shopkeeper_id" uuid,
	"customer_id" uuid,
	"number" varchar(20) NOT NULL,
	"series" varchar(5) NOT NULL,
	"access_key" varchar(44),
	"issued_on" date NOT NULL,
	"total" bigint NOT NULL,
	"customer_cpf" varchar(11),
	"customer_name" text,
	"status" "invoice_status" DEFAULT 'pending' NOT NULL,
	"file_key" text,
	"submitted_by" text NOT NULL,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"reason" text,
	"points" bigint DEFAULT 0 NOT NULL,
	"bonus_points" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_total" CHECK ("invoices"."total" >= 0)
);
--> statement-breakpoint
CREATE TABLE "job_watermarks" (
	"name" text PRIMARY KEY NOT NULL,
	"up_to" timestamp with time zone NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recipient_kind" "recipient_kind" NOT NULL,
	"recipient_id" uuid NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"data" jsonb,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sku" varchar(60) NOT NULL,
	"name" text NOT NULL,
	"brand" text DEFAULT '' NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_sku_unique" UNIQUE("sku")
);
--> statement-breakpoint
CREATE TABLE "programme_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"points_per_real" integer DEFAULT 100 NOT NULL,
	"shopkeeper_share_bp" integer DEFAULT 1000 NOT NULL,
	"expiry_months" integer DEFAULT 24 NOT NULL,
	"customer_window_days" integer DEFAULT 180 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "programme_settings_single_row" CHECK ("programme_settings"."id" = 1),
	CONSTRAINT "programme_settings_ranges" CHECK ("programme_settings"."points_per_real" >= 0 and "programme_settings"."shopkeeper_share_bp" between 0 and 10000
      and "programme_settings"."expiry_months" between 1 and 120 and "programme_settings"."customer_window_days" between 1 and 3650)
);
--> statement-breakpoint
CREATE TABLE "store_invites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"email" varchar(254) NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"invited_by" text NOT NULL,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_invites_store_email_unique" UNIQUE("store_id","email"),
	CONSTRAINT "store_invites_email_lower" CHECK ("store_invites"."email" = lower("store_invites"."email"))
);
--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "email" varchar(254);--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "phone" varchar(11);--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "address" jsonb;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_professional_id_professionals_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."professionals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experience_subscriptions" ADD CONSTRAINT "experience_subscriptions_experience_id_experiences_id_fk" FOREIGN KEY ("experience_id") REFERENCES "public"."experiences"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experiences" ADD CONSTRAINT "experiences_category_id_experience_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."experience_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experiences" ADD CONSTRAINT "experiences_min_level_id_levels_id_fk" FOREIGN KEY ("min_level_id") REFERENCES "public"."levels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extra_point_grants" ADD CONSTRAINT "extra_point_grants_campaign_id_extra_point_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."extra_point_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extra_point_grants" ADD CONSTRAINT "extra_point_grants_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extra_point_stores" ADD CONSTRAINT "extra_point_stores_campaign_id_extra_point_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."extra_point_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extra_point_stores" ADD CONSTRAINT "extra_point_stores_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_professional_id_professionals_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."professionals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_shopkeeper_id_store_users_id_fk" FOREIGN KEY ("shopkeeper_id") REFERENCES "public"."store_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_invites" ADD CONSTRAINT "store_invites_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accelerators_period_idx" ON "accelerators" USING btree ("starts_at","ends_at");--> statement-breakpoint
CREATE INDEX "audit_records_entity_idx" ON "audit_records" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "audit_records_time_idx" ON "audit_records" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "customers_cpf_idx" ON "customers" USING btree ("cpf","valid_until");--> statement-breakpoint
CREATE INDEX "cycle_points_ranking_idx" ON "cycle_points" USING btree ("cycle_year","participant_kind","earned" desc,"reached_at","participant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "experience_subscriptions_once" ON "experience_subscriptions" USING btree ("experience_id","participant_kind","participant_id") WHERE "experience_subscriptions"."status" = 'subscribed';--> statement-breakpoint
CREATE INDEX "experience_subscriptions_participant_idx" ON "experience_subscriptions" USING btree ("participant_kind","participant_id");--> statement-breakpoint
CREATE INDEX "experiences_category_idx" ON "experiences" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "experiences_date_idx" ON "experiences" USING btree ("happens_at");--> statement-breakpoint
CREATE INDEX "extra_point_grants_participant_idx" ON "extra_point_grants" USING btree ("participant_kind","participant_id");--> statement-breakpoint
CREATE INDEX "extra_point_grants_store_idx" ON "extra_point_grants" USING btree ("campaign_id","store_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_store_number_series_unique" ON "invoices" USING btree ("store_id","number","series") WHERE "invoices"."status" <> 'rejected';--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_access_key_unique" ON "invoices" USING btree ("access_key") WHERE "invoices"."status" <> 'rejected' and "invoices"."access_key" is not null;--> statement-breakpoint
CREATE INDEX "invoices_professional_idx" ON "invoices" USING btree ("professional_id","created_at");--> statement-breakpoint
CREATE INDEX "invoices_status_idx" ON "invoices" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "invoices_store_idx" ON "invoices" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE INDEX "invoices_shopkeeper_idx" ON "invoices" USING btree ("shopkeeper_id");--> statement-breakpoint
CREATE INDEX "notifications_recipient_idx" ON "notifications" USING btree ("recipient_kind","recipient_id","created_at");--> statement-breakpoint
CREATE INDEX "products_brand_idx" ON "products" USING btree ("brand");--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category");--> statement-breakpoint
CREATE INDEX "ledger_entries_created_idx" ON "ledger_entries" USING btree ("created_at");
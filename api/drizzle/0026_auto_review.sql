CREATE TYPE "public"."invoice_conference" AS ENUM('pending', 'confirmed', 'cancelled');--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "issued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "auto_reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "auto_review_rule" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "conference" "invoice_conference";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "conference_by" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "conference_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "programme_settings" ADD COLUMN "auto_review" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "programme_settings" ADD COLUMN "auto_review_hold_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "programme_settings" ADD COLUMN "auto_review_max_total" bigint DEFAULT 500000 NOT NULL;--> statement-breakpoint
ALTER TABLE "programme_settings" ADD COLUMN "auto_review_max_age_days" integer DEFAULT 90 NOT NULL;--> statement-breakpoint
ALTER TABLE "programme_settings" ADD COLUMN "auto_review_sample_bp" integer DEFAULT 500 NOT NULL;--> statement-breakpoint
ALTER TABLE "programme_settings" ADD COLUMN "risk_invoices_per_day" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "programme_settings" ADD COLUMN "risk_total_above" bigint DEFAULT 5000000 NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invoices_auto_review_idx" ON "invoices" USING btree ("created_at") WHERE "invoices"."status" = 'pending' and "invoices"."auto_reviewed_at" is null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invoices_conference_idx" ON "invoices" USING btree ("conference","reviewed_at") WHERE "invoices"."conference" is not null;--> statement-breakpoint
ALTER TABLE "programme_settings" ADD CONSTRAINT "programme_settings_auto_review" CHECK ("programme_settings"."auto_review_hold_hours" between 0 and 720 and "programme_settings"."auto_review_max_total" >= 0
      and "programme_settings"."auto_review_max_age_days" between 1 and 365 and "programme_settings"."auto_review_sample_bp" between 0 and 10000
      and "programme_settings"."risk_invoices_per_day" between 1 and 1000 and "programme_settings"."risk_total_above" >= 0);
ALTER TABLE "professionals" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "professionals" ADD COLUMN "retention_notice_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "store_users" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "store_users" ADD COLUMN "retention_notice_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "programme_settings" ADD COLUMN "retention_years" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "programme_settings" ADD CONSTRAINT "programme_settings_retention" CHECK ("programme_settings"."retention_years" between 1 and 20);
ALTER TABLE "programme_settings" DROP CONSTRAINT "programme_settings_ranges";--> statement-breakpoint
ALTER TABLE "programme_settings" ADD COLUMN "review_deadline_days" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "programme_settings" ADD CONSTRAINT "programme_settings_ranges" CHECK ("programme_settings"."points_per_real" >= 0 and "programme_settings"."shopkeeper_share_bp" between 0 and 10000
      and "programme_settings"."expiry_months" between 1 and 120 and "programme_settings"."customer_window_days" between 1 and 3650
      and "programme_settings"."review_deadline_days" between 1 and 90);
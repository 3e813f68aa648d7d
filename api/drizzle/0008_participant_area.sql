CREATE TABLE "faq_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"topic" text NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "faq_entries_question_unique" UNIQUE("question")
);
--> statement-breakpoint
ALTER TABLE "professionals" ADD COLUMN "accepted_terms_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "store_users" ADD COLUMN "accepted_terms_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "faq_entries_order_idx" ON "faq_entries" USING btree ("topic","position");--> statement-breakpoint
-- When a participant accepted the regulation they hold: stamped whenever the accepted version changes, whoever
-- writes it (sign-up, the login's acceptance step, an import). Rows accepted before this column existed take their
-- last update as the best date known.
UPDATE "professionals" SET "accepted_terms_at" = "updated_at" WHERE "accepted_terms_version" IS NOT NULL;--> statement-breakpoint
UPDATE "store_users" SET "accepted_terms_at" = "updated_at" WHERE "accepted_terms_version" IS NOT NULL;--> statement-breakpoint
CREATE FUNCTION stamp_accepted_terms() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.accepted_terms_version IS NULL THEN
    NEW.accepted_terms_at := NULL;
  ELSIF TG_OP = 'INSERT' OR NEW.accepted_terms_version IS DISTINCT FROM OLD.accepted_terms_version THEN
    NEW.accepted_terms_at := now();
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER professionals_accepted_terms BEFORE INSERT OR UPDATE OF accepted_terms_version ON "professionals"
  FOR EACH ROW EXECUTE FUNCTION stamp_accepted_terms();--> statement-breakpoint
CREATE TRIGGER store_users_accepted_terms BEFORE INSERT OR UPDATE OF accepted_terms_version ON "store_users"
  FOR EACH ROW EXECUTE FUNCTION stamp_accepted_terms();

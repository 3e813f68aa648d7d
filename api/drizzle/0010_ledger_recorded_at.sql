-- The rows written so far count as written on their own date, so the expiry job's first run does not read them all.
ALTER TABLE "ledger_entries" ADD COLUMN "recorded_at" timestamp with time zone;--> statement-breakpoint
UPDATE "ledger_entries" SET "recorded_at" = "created_at";--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "recorded_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "recorded_at" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "ledger_entries_recorded_idx" ON "ledger_entries" USING btree ("recorded_at");

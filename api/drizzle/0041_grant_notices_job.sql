-- The bell's notices of a grant call are written by a job after the call commits, not in its statement: a campaign
-- given to 100,000 professionals wrote 100,000 notices (and their index entries) while the admin waited, for a bell
-- that may as well ring a moment later (docs/jobs.md, "The notices of a grant"). Each call's grants carry its batch;
-- the job writes the batch's notices and marks it in one transaction, so a job run twice writes them once. Grants
-- made before this migration were noticed at once: their batch is null.
CREATE TABLE "extra_point_notice_batches" (
	"batch" uuid PRIMARY KEY NOT NULL,
	"noticed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "extra_point_grants" ADD COLUMN "notice_batch" uuid;--> statement-breakpoint
CREATE INDEX "extra_point_grants_notice_batch_idx" ON "extra_point_grants" USING btree ("notice_batch") WHERE "extra_point_grants"."notice_batch" is not null;
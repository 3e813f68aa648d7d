CREATE TYPE "public"."task_state" AS ENUM('queued', 'running', 'done', 'failed');--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_kind" "account_role" NOT NULL,
	"owner_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"state" "task_state" DEFAULT 'queued' NOT NULL,
	"input" jsonb NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer,
	"result" jsonb,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "tasks_owner_idx" ON "tasks" USING btree ("owner_kind","owner_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "tasks_expires_idx" ON "tasks" USING btree ("expires_at");
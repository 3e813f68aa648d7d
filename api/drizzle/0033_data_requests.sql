CREATE TYPE "public"."data_request_state" AS ENUM('received', 'in-progress', 'done', 'refused');--> statement-breakpoint
CREATE TABLE "data_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject_kind" "participant_kind" NOT NULL,
	"subject_id" uuid NOT NULL,
	"state" "data_request_state" DEFAULT 'received' NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"refusal_reason" text,
	"handled_by" text,
	"handled_at" timestamp with time zone,
	"anonymised_at" timestamp with time zone,
	"files" jsonb,
	"email_hash" text,
	"cpf_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "data_requests_state_idx" ON "data_requests" USING btree ("state","deadline");--> statement-breakpoint
CREATE UNIQUE INDEX "data_requests_open_unique" ON "data_requests" USING btree ("subject_kind","subject_id") WHERE "data_requests"."state" in ('received', 'in-progress');--> statement-breakpoint
CREATE INDEX "data_requests_email_hash_idx" ON "data_requests" USING btree ("email_hash");--> statement-breakpoint
CREATE INDEX "data_requests_cpf_hash_idx" ON "data_requests" USING btree ("cpf_hash");
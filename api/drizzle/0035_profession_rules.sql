CREATE TABLE "profession_rules" (
	"profession" text PRIMARY KEY NOT NULL,
	"earns" text DEFAULT 'points' NOT NULL,
	"experiences" text DEFAULT 'points' NOT NULL,
	"levels" boolean DEFAULT true NOT NULL,
	"client_disclosure" boolean DEFAULT false NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profession_rules_earns" CHECK ("profession_rules"."earns" in ('points', 'nothing')),
	CONSTRAINT "profession_rules_experiences" CHECK ("profession_rules"."experiences" in ('points', 'open'))
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "disclosed_at" timestamp with time zone;
CREATE TYPE "public"."ledger_kind" AS ENUM('credit', 'bonus', 'extra', 'redemption', 'reversal', 'expiry', 'adjustment');--> statement-breakpoint
CREATE TYPE "public"."participant_kind" AS ENUM('professional', 'shopkeeper');--> statement-breakpoint
CREATE TYPE "public"."professional_behaviour" AS ENUM('active', 'inactive', 'blocked');--> statement-breakpoint
CREATE TYPE "public"."professional_status" AS ENUM('pre_registered', 'incomplete', 'awaiting_email', 'active');--> statement-breakpoint
CREATE TYPE "public"."shopkeeper_type" AS ENUM('seller', 'manager', 'consultant');--> statement-breakpoint
CREATE TABLE "admin_users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" varchar(254) NOT NULL,
	"password_hash" text NOT NULL,
	"token_version" integer DEFAULT 0 NOT NULL,
	"profile_image" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_users_email_unique" UNIQUE("email"),
	CONSTRAINT "admin_users_email_lower" CHECK ("admin_users"."email" = lower("admin_users"."email"))
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"participant_kind" "participant_kind" NOT NULL,
	"participant_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"kind" "ledger_kind" NOT NULL,
	"source_type" text NOT NULL,
	"source_id" text NOT NULL,
	"issuer" text,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_source_once" UNIQUE("source_type","source_id","kind","participant_kind","participant_id"),
	CONSTRAINT "ledger_entries_amount_sign" CHECK (("ledger_entries"."kind" in ('credit', 'bonus', 'extra') and "ledger_entries"."amount" > 0)
        or ("ledger_entries"."kind" in ('redemption', 'expiry') and "ledger_entries"."amount" < 0)
        or ("ledger_entries"."kind" in ('reversal', 'adjustment') and "ledger_entries"."amount" <> 0))
);
--> statement-breakpoint
CREATE TABLE "levels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"threshold" bigint NOT NULL,
	"sublevels" integer DEFAULT 1 NOT NULL,
	"benefits" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "levels_name_unique" UNIQUE("name"),
	CONSTRAINT "levels_threshold_unique" UNIQUE("threshold"),
	CONSTRAINT "levels_threshold_positive" CHECK ("levels"."threshold" >= 0),
	CONSTRAINT "levels_sublevels" CHECK ("levels"."sublevels" >= 1)
);
--> statement-breakpoint
CREATE TABLE "professionals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" varchar(254) NOT NULL,
	"password_hash" text NOT NULL,
	"token_version" integer DEFAULT 0 NOT NULL,
	"profile_image" text,
	"cpf" varchar(11),
	"profession" text,
	"status" "professional_status" DEFAULT 'pre_registered' NOT NULL,
	"behaviour" "professional_behaviour" DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "professionals_email_unique" UNIQUE("email"),
	CONSTRAINT "professionals_cpf_unique" UNIQUE("cpf"),
	CONSTRAINT "professionals_email_lower" CHECK ("professionals"."email" = lower("professionals"."email")),
	CONSTRAINT "professionals_cpf_digits" CHECK ("professionals"."cpf" ~ '^[0-9]{11}$')
);
--> statement-breakpoint
CREATE TABLE "store_users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" varchar(254) NOT NULL,
	"password_hash" text NOT NULL,
	"token_version" integer DEFAULT 0 NOT NULL,
	"profile_image" text,
	"store_id" uuid NOT NULL,
	"shopkeeper_type" "shopkeeper_type" DEFAULT 'seller' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_users_email_unique" UNIQUE("email"),
	CONSTRAINT "store_users_email_lower" CHECK ("store_users"."email" = lower("store_users"."email"))
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cnpj" varchar(14) NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stores_cnpj_unique" UNIQUE("cnpj"),
	CONSTRAINT "stores_cnpj_format" CHECK ("stores"."cnpj" ~ '^[0-9A-Z]{12}[0-9]{2}$')
);
--> statement-breakpoint
ALTER TABLE "store_users" ADD CONSTRAINT "store_users_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_participant_idx" ON "ledger_entries" USING btree ("participant_kind","participant_id","created_at");--> statement-breakpoint
CREATE INDEX "store_users_store_idx" ON "store_users" USING btree ("store_id");
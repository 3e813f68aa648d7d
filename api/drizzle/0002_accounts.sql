CREATE TYPE "public"."account_role" AS ENUM('admin', 'professional', 'shopkeeper');--> statement-breakpoint
CREATE TABLE "email_confirmations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"professional_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_confirmations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "password_reset_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"role" "account_role" NOT NULL,
	"email" varchar(254) NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_reset_codes_attempts" CHECK ("password_reset_codes"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "terms_versions" (
	"version" integer PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "terms_versions_positive" CHECK ("terms_versions"."version" > 0)
);
--> statement-breakpoint
ALTER TABLE "store_users" DROP CONSTRAINT "store_users_email_unique";--> statement-breakpoint
ALTER TABLE "professionals" ADD COLUMN "cellphone" varchar(11);--> statement-breakpoint
ALTER TABLE "professionals" ADD COLUMN "birth_date" date;--> statement-breakpoint
ALTER TABLE "professionals" ADD COLUMN "gender" text;--> statement-breakpoint
ALTER TABLE "professionals" ADD COLUMN "address" jsonb;--> statement-breakpoint
ALTER TABLE "professionals" ADD COLUMN "modality" text;--> statement-breakpoint
ALTER TABLE "professionals" ADD COLUMN "cau" text;--> statement-breakpoint
ALTER TABLE "professionals" ADD COLUMN "crea" text;--> statement-breakpoint
ALTER TABLE "professionals" ADD COLUMN "abd" text;--> statement-breakpoint
ALTER TABLE "professionals" ADD COLUMN "abd_certificate" text;--> statement-breakpoint
ALTER TABLE "professionals" ADD COLUMN "office" jsonb;--> statement-breakpoint
ALTER TABLE "professionals" ADD COLUMN "social_media" jsonb;--> statement-breakpoint
ALTER TABLE "professionals" ADD COLUMN "reference_store_id" uuid;--> statement-breakpoint
ALTER TABLE "professionals" ADD COLUMN "reference_seller_id" uuid;--> statement-breakpoint
ALTER TABLE "professionals" ADD COLUMN "accept_receive_email" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "professionals" ADD COLUMN "accepted_terms_version" integer;--> statement-breakpoint
ALTER TABLE "professionals" ADD COLUMN "email_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "store_users" ADD COLUMN "cpf" varchar(11);--> statement-breakpoint
ALTER TABLE "store_users" ADD COLUMN "cellphone" varchar(11);--> statement-breakpoint
ALTER TABLE "store_users" ADD COLUMN "accepted_terms_version" integer;--> statement-breakpoint
ALTER TABLE "email_confirmations" ADD CONSTRAINT "email_confirmations_professional_id_professionals_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."professionals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_confirmations_professional_idx" ON "email_confirmations" USING btree ("professional_id");--> statement-breakpoint
CREATE INDEX "password_reset_codes_lookup_idx" ON "password_reset_codes" USING btree ("role","email","created_at");--> statement-breakpoint
ALTER TABLE "professionals" ADD CONSTRAINT "professionals_reference_store_id_stores_id_fk" FOREIGN KEY ("reference_store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_users_email_idx" ON "store_users" USING btree ("email");--> statement-breakpoint
ALTER TABLE "store_users" ADD CONSTRAINT "store_users_store_email_unique" UNIQUE("store_id","email");--> statement-breakpoint
ALTER TABLE "store_users" ADD CONSTRAINT "store_users_store_cpf_unique" UNIQUE("store_id","cpf");--> statement-breakpoint
ALTER TABLE "store_users" ADD CONSTRAINT "store_users_cpf_digits" CHECK ("store_users"."cpf" ~ '^[0-9]{11}$');
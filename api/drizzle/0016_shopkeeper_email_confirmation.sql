ALTER TABLE "email_confirmations" ALTER COLUMN "professional_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "email_confirmations" ADD COLUMN "store_user_id" uuid;--> statement-breakpoint
-- Existing store users were created by an admin, an import or an approved sign-up: the default fills them in as confirmed.
ALTER TABLE "store_users" ADD COLUMN "email_confirmed_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
ALTER TABLE "email_confirmations" ADD CONSTRAINT "email_confirmations_store_user_id_store_users_id_fk" FOREIGN KEY ("store_user_id") REFERENCES "public"."store_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_confirmations_store_user_idx" ON "email_confirmations" USING btree ("store_user_id");--> statement-breakpoint
ALTER TABLE "email_confirmations" ADD CONSTRAINT "email_confirmations_one_account" CHECK (num_nonnulls("email_confirmations"."professional_id", "email_confirmations"."store_user_id") = 1);
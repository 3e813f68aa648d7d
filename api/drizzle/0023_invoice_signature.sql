CREATE TYPE "public"."invoice_signature" AS ENUM('verified', 'unsigned', 'invalid');--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "signature" "invoice_signature";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "signer_name" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "signer_cnpj" varchar(14);--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "signature_reason" text;
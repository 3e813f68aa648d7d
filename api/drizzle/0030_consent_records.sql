CREATE TYPE "public"."consent_channel" AS ENUM('sign-up', 'terms-prompt', 'privacy-page', 'profile', 'migration');--> statement-breakpoint
CREATE TYPE "public"."consent_purpose" AS ENUM('regulation', 'privacy-policy', 'marketing-email', 'marketing-whatsapp');--> statement-breakpoint
CREATE TABLE "consent_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject_kind" "participant_kind" NOT NULL,
	"subject_id" uuid NOT NULL,
	"purpose" "consent_purpose" NOT NULL,
	"version" integer,
	"given" boolean NOT NULL,
	"channel" "consent_channel" NOT NULL,
	"ip_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consent_records_version" CHECK (("consent_records"."purpose" in ('regulation', 'privacy-policy')) = ("consent_records"."version" is not null))
);
--> statement-breakpoint
CREATE INDEX "consent_records_subject_idx" ON "consent_records" USING btree ("subject_kind","subject_id","purpose","created_at");--> statement-breakpoint
-- The accounts made before consents were records: what their columns say they accepted, as records read from them
-- (channel 'migration', no IP). The sign-up's one checkbox accepted the regulation and the privacy policy together,
-- and its "receive e-mails and messages" covered both channels.
INSERT INTO "consent_records" ("subject_kind", "subject_id", "purpose", "version", "given", "channel", "created_at")
SELECT 'professional', p.id, v.purpose::consent_purpose, v.version, true, 'migration', coalesce(p.accepted_terms_at, p.created_at)
FROM "professionals" p
CROSS JOIN LATERAL (VALUES ('regulation', p.accepted_terms_version), ('privacy-policy', 1)) AS v(purpose, version)
WHERE p.accepted_terms_version IS NOT NULL;
--> statement-breakpoint
INSERT INTO "consent_records" ("subject_kind", "subject_id", "purpose", "version", "given", "channel", "created_at")
SELECT 'professional', p.id, v.purpose::consent_purpose, NULL, true, 'migration', p.created_at
FROM "professionals" p
CROSS JOIN (VALUES ('marketing-email'), ('marketing-whatsapp')) AS v(purpose)
WHERE p.accept_receive_email;
--> statement-breakpoint
INSERT INTO "consent_records" ("subject_kind", "subject_id", "purpose", "version", "given", "channel", "created_at")
SELECT 'shopkeeper', s.id, v.purpose::consent_purpose, v.version, true, 'migration', coalesce(s.accepted_terms_at, s.created_at)
FROM "store_users" s
CROSS JOIN LATERAL (VALUES ('regulation', s.accepted_terms_version), ('privacy-policy', 1)) AS v(purpose, version)
WHERE s.accepted_terms_version IS NOT NULL;

-- The CMS finds a professional by any fragment of the name, e-mail or CPF (ILIKE '%fragment%'): trigram indexes
-- answer that without reading every professional. pg_trgm is a trusted extension on PostgreSQL 13+ and is loaded into
-- the embedded PGlite by db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX professionals_name_trgm_idx ON professionals USING gin (name gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX professionals_email_trgm_idx ON professionals USING gin (email gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX professionals_cpf_trgm_idx ON professionals USING gin (cpf gin_trgm_ops);

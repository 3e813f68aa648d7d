-- The FAQ's search finds a question by the stems of its words, accents ignored: 'notas reprovadas' finds 'Minha nota
-- foi reprovada'. unaccent is a trusted extension on PostgreSQL 13+ and is loaded into the embedded PGlite by
-- db/client.ts; the configuration takes the Portuguese stemmer after unaccent, so that ts_headline marks the words of
-- the text as written.
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION especifica_pt (COPY = pg_catalog.portuguese);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION especifica_pt ALTER MAPPING FOR hword, hword_part, word WITH unaccent, portuguese_stem;

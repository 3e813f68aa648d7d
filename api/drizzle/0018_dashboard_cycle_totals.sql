CREATE TABLE "cycle_totals" (
	"cycle_year" integer NOT NULL,
	"participant_kind" "participant_kind" NOT NULL,
	"earned" bigint NOT NULL,
	"earners" bigint NOT NULL,
	CONSTRAINT "cycle_totals_cycle_year_participant_kind_pk" PRIMARY KEY("cycle_year","participant_kind")
);
--> statement-breakpoint
CREATE TABLE "row_counts" (
	"table_name" text PRIMARY KEY NOT NULL,
	"rows" bigint NOT NULL
);
--> statement-breakpoint
-- One statement's change to cycle_totals: what its new rows add less what its old rows held, per cycle and kind (the
-- points earned, and the participants above zero), in one order for every statement (two statements cannot deadlock
-- on these rows). A change that moves neither (a new reached_at) writes nothing and locks nothing.
CREATE FUNCTION cycle_points_totals() RETURNS trigger LANGUAGE plpgsql SET enable_nestloop = off SET jit = off AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO cycle_totals AS t (cycle_year, participant_kind, earned, earners)
    SELECT cycle_year, participant_kind, sum(earned), count(*) FILTER (WHERE earned > 0)
    FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (cycle_year, participant_kind) DO UPDATE
      SET earned = t.earned + excluded.earned, earners = t.earners + excluded.earners;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO cycle_totals AS t (cycle_year, participant_kind, earned, earners)
    SELECT cycle_year, participant_kind, sum(earned), sum(earners) FROM (
      SELECT cycle_year, participant_kind, earned, (earned > 0)::int AS earners FROM new_rows
      UNION ALL
      SELECT cycle_year, participant_kind, -earned, -((earned > 0)::int) FROM old_rows
    ) moved
    GROUP BY 1, 2 HAVING sum(earned) <> 0 OR sum(earners) <> 0 ORDER BY 1, 2
    ON CONFLICT (cycle_year, participant_kind) DO UPDATE
      SET earned = t.earned + excluded.earned, earners = t.earners + excluded.earners;
  ELSE
    INSERT INTO cycle_totals AS t (cycle_year, participant_kind, earned, earners)
    SELECT cycle_year, participant_kind, -sum(earned), -count(*) FILTER (WHERE earned > 0)
    FROM old_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (cycle_year, participant_kind) DO UPDATE
      SET earned = t.earned + excluded.earned, earners = t.earners + excluded.earners;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER cycle_points_totals_insert AFTER INSERT ON cycle_points
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cycle_points_totals();
--> statement-breakpoint
CREATE TRIGGER cycle_points_totals_update AFTER UPDATE ON cycle_points
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cycle_points_totals();
--> statement-breakpoint
CREATE TRIGGER cycle_points_totals_delete AFTER DELETE ON cycle_points
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION cycle_points_totals();
--> statement-breakpoint
-- The cycles written before these triggers existed.
INSERT INTO cycle_totals (cycle_year, participant_kind, earned, earners)
SELECT cycle_year, participant_kind, sum(earned), count(*) FILTER (WHERE earned > 0)
FROM cycle_points GROUP BY 1, 2;
--> statement-breakpoint
-- A table's rows in row_counts: each statement adds what it inserted or takes away what it deleted (none: nothing
-- written, nothing locked).
CREATE FUNCTION count_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moved bigint;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE row_counts SET rows = 0 WHERE table_name = TG_TABLE_NAME;
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT count(*) INTO moved FROM new_rows;
  ELSE
    SELECT -count(*) INTO moved FROM old_rows;
  END IF;
  IF moved <> 0 THEN
    INSERT INTO row_counts AS r (table_name, rows) VALUES (TG_TABLE_NAME, moved)
    ON CONFLICT (table_name) DO UPDATE SET rows = r.rows + excluded.rows;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER professionals_count_insert AFTER INSERT ON professionals
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_rows();
--> statement-breakpoint
CREATE TRIGGER professionals_count_delete AFTER DELETE ON professionals
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_rows();
--> statement-breakpoint
CREATE TRIGGER professionals_count_truncate AFTER TRUNCATE ON professionals
  FOR EACH STATEMENT EXECUTE FUNCTION count_rows();
--> statement-breakpoint
-- The professionals written before these triggers existed.
INSERT INTO row_counts (table_name, rows) SELECT 'professionals', count(*) FROM professionals;

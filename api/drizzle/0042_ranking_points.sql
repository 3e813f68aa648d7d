-- The rankings read a copy of cycle_points with their index, so that cycle_points itself has no index but its key.
-- A campaign given to 100,000 professionals moved 100,000 totals: each move changed the key of the rankings' index,
-- so PostgreSQL wrote every row again elsewhere with an entry in both indexes, 1.6 s of a 5 s answer (docs/benchmarks.md,
-- "The rankings after the commit"). Now a move is a HOT update: written beside the old row on its page (fillfactor
-- 70 leaves room there), with no index entry at all.
--
-- The copy is made by a statement trigger on cycle_points, in the same transaction: an approved invoice, a bonus or a
-- reversal moves the rankings as it moves the points. A bulk grant sets especifica.rankings_deferred for its
-- statement; its cycles are then listed in ranking_points_pending (no index: an append), and the rankings.refresh
-- job that the grant sends in its transaction copies them once it commits (docs/jobs.md, "The rankings of a grant").
CREATE TABLE "ranking_points" (
	"participant_kind" "participant_kind" NOT NULL,
	"participant_id" uuid NOT NULL,
	"cycle_year" integer NOT NULL,
	"earned" bigint NOT NULL,
	"reached_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ranking_points_participant_kind_participant_id_cycle_year_pk" PRIMARY KEY("participant_kind","participant_id","cycle_year")
);
--> statement-breakpoint
CREATE TABLE "ranking_points_pending" (
	"participant_kind" "participant_kind" NOT NULL,
	"participant_id" uuid NOT NULL,
	"cycle_year" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "cycle_points_ranking_idx";--> statement-breakpoint
-- Every page keeps 30% free for the next versions of its rows: set, then the table written again in its key's order
-- (CLUSTER, which follows the fillfactor; the rows it has are full pages otherwise, and a move of theirs could not
-- stay on its page until a vacuum freed room there).
ALTER TABLE "cycle_points" SET (fillfactor = 70);--> statement-breakpoint
CLUSTER "cycle_points" USING "cycle_points_participant_kind_participant_id_cycle_year_pk";--> statement-breakpoint
INSERT INTO "ranking_points" (participant_kind, participant_id, cycle_year, earned, reached_at)
SELECT participant_kind, participant_id, cycle_year, earned, reached_at FROM cycle_points;
--> statement-breakpoint
CREATE INDEX "ranking_points_ranking_idx" ON "ranking_points" USING btree ("cycle_year","participant_kind","earned" desc,"reached_at","participant_id");
--> statement-breakpoint
-- A statement on cycle_points: its rows copied to the rankings now, or listed for the job in a deferred statement.
-- The copy is what this transaction wrote, and it holds those rows' locks until it commits: no other can copy an
-- older total over it meanwhile.
CREATE FUNCTION cycle_points_ranking() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('especifica.rankings_deferred', true) = 'on' THEN
    INSERT INTO ranking_points_pending (participant_kind, participant_id, cycle_year)
    SELECT participant_kind, participant_id, cycle_year FROM moved;
  ELSIF TG_OP = 'DELETE' THEN
    DELETE FROM ranking_points r USING moved m
    WHERE r.participant_kind = m.participant_kind AND r.participant_id = m.participant_id
      AND r.cycle_year = m.cycle_year;
  ELSE
    INSERT INTO ranking_points AS r (participant_kind, participant_id, cycle_year, earned, reached_at)
    SELECT participant_kind, participant_id, cycle_year, earned, reached_at FROM moved
    ORDER BY participant_kind, participant_id, cycle_year
    ON CONFLICT (participant_kind, participant_id, cycle_year) DO UPDATE
      SET earned = excluded.earned, reached_at = excluded.reached_at
      WHERE (r.earned, r.reached_at) IS DISTINCT FROM (excluded.earned, excluded.reached_at);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER cycle_points_ranking_insert AFTER INSERT ON cycle_points
  REFERENCING NEW TABLE AS moved FOR EACH STATEMENT EXECUTE FUNCTION cycle_points_ranking();
--> statement-breakpoint
CREATE TRIGGER cycle_points_ranking_update AFTER UPDATE ON cycle_points
  REFERENCING NEW TABLE AS moved FOR EACH STATEMENT EXECUTE FUNCTION cycle_points_ranking();
--> statement-breakpoint
CREATE TRIGGER cycle_points_ranking_delete AFTER DELETE ON cycle_points
  REFERENCING OLD TABLE AS moved FOR EACH STATEMENT EXECUTE FUNCTION cycle_points_ranking();
--> statement-breakpoint
-- The job: copies every listed cycle as cycle_points holds it now, and forgets the list, in one statement. Each row
-- is read under a share lock, in one order: a transaction that moves it meanwhile either committed before (its
-- total is read) or waits for this copy to commit, then copies its own. A cycle gone from cycle_points (a
-- participant's data erased) leaves the rankings. Returns how many cycles were listed. The copy announces the topic
-- ranking (migration 0007's channel), so that the rankings' counts kept in memory are counted again; a copy made in
-- the ledger's own transaction needs no announcement of its own, since the ledger's (standing) forgets them too.
CREATE FUNCTION ranking_points_refresh() RETURNS integer LANGUAGE plpgsql SET jit = off AS $$
DECLARE
  listed_count integer;
BEGIN
  WITH listed AS (
    DELETE FROM ranking_points_pending RETURNING participant_kind, participant_id, cycle_year
  ), keys AS (
    SELECT DISTINCT participant_kind, participant_id, cycle_year FROM listed
  ), held AS (
    SELECT c.participant_kind, c.participant_id, c.cycle_year, c.earned, c.reached_at
    FROM cycle_points c JOIN keys k USING (participant_kind, participant_id, cycle_year)
    ORDER BY c.participant_kind, c.participant_id, c.cycle_year
    FOR SHARE OF c
  ), copied AS (
    INSERT INTO ranking_points AS r (participant_kind, participant_id, cycle_year, earned, reached_at)
    SELECT participant_kind, participant_id, cycle_year, earned, reached_at FROM held
    ON CONFLICT (participant_kind, participant_id, cycle_year) DO UPDATE
      SET earned = excluded.earned, reached_at = excluded.reached_at
      WHERE (r.earned, r.reached_at) IS DISTINCT FROM (excluded.earned, excluded.reached_at)
  ), gone AS (
    -- The rows of copied are those cycle_points holds; these are those it no longer does: the two never meet.
    DELETE FROM ranking_points r USING keys k
    WHERE r.participant_kind = k.participant_kind AND r.participant_id = k.participant_id
      AND r.cycle_year = k.cycle_year
      AND NOT EXISTS (SELECT 1 FROM cycle_points c WHERE c.participant_kind = k.participant_kind
                        AND c.participant_id = k.participant_id AND c.cycle_year = k.cycle_year)
  )
  SELECT count(*) INTO listed_count FROM keys;
  IF listed_count > 0 THEN
    PERFORM pg_notify('especifica_changes', 'ranking');
  END IF;
  RETURN listed_count;
END;
$$;

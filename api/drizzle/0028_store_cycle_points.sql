CREATE TABLE "store_cycle_points" (
	"store_id" uuid NOT NULL,
	"cycle_year" integer NOT NULL,
	"earned" bigint NOT NULL,
	"reached_at" timestamp with time zone NOT NULL,
	CONSTRAINT "store_cycle_points_store_id_cycle_year_pk" PRIMARY KEY("store_id","cycle_year")
);
--> statement-breakpoint
ALTER TABLE "store_cycle_points" ADD CONSTRAINT "store_cycle_points_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_cycle_points_ranking_idx" ON "store_cycle_points" USING btree ("cycle_year","earned" desc,"reached_at","store_id");
--> statement-breakpoint
-- Counts the stores' points again, for the (store, cycle) pairs given, from their shopkeepers' cycle_points: a store's
-- total is the sum of those above zero, reached at the latest of their moments, and a store with none has no row.
-- Counting again, not adding differences, since a reversal can move a moment back. The stores' rows are locked first,
-- in one order (FOR NO KEY UPDATE: an invoice's foreign-key check, FOR KEY SHARE, is not held up), and the count is a
-- statement of its own: one that waited sees what the other transaction committed, and no total is counted twice.
CREATE FUNCTION store_cycle_points_count(store_ids uuid[], years integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(store_ids), 0) = 0 THEN
    RETURN;
  END IF;
  PERFORM 1 FROM stores WHERE id = ANY (store_ids) ORDER BY id FOR NO KEY UPDATE;
  WITH touched AS (
    SELECT DISTINCT t.store_id, t.cycle_year FROM unnest(store_ids, years) AS t (store_id, cycle_year)
  ), counted AS (
    SELECT t.store_id, t.cycle_year, sum(c.earned)::bigint AS earned, max(c.reached_at) AS reached_at
    FROM touched t
    JOIN store_users u ON u.store_id = t.store_id
    JOIN cycle_points c ON c.participant_kind = 'shopkeeper' AND c.participant_id = u.id
      AND c.cycle_year = t.cycle_year AND c.earned > 0
    GROUP BY t.store_id, t.cycle_year
  ), emptied AS (
    DELETE FROM store_cycle_points p USING touched t
    WHERE p.store_id = t.store_id AND p.cycle_year = t.cycle_year
      AND NOT EXISTS (SELECT 1 FROM counted c WHERE c.store_id = t.store_id AND c.cycle_year = t.cycle_year)
  )
  INSERT INTO store_cycle_points AS p (store_id, cycle_year, earned, reached_at)
  SELECT store_id, cycle_year, earned, reached_at FROM counted ORDER BY store_id, cycle_year
  ON CONFLICT (store_id, cycle_year) DO UPDATE SET earned = excluded.earned, reached_at = excluded.reached_at
  WHERE (p.earned, p.reached_at) IS DISTINCT FROM (excluded.earned, excluded.reached_at);
END;
$$;
--> statement-breakpoint
-- A statement on cycle_points: the stores of the shopkeepers whose cycles it wrote (their store today), counted again
-- for those cycles. Professionals' rows (a campaign to 100,000 of them) touch no store.
CREATE FUNCTION cycle_points_stores() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM store_cycle_points_count(array_agg(t.store_id), array_agg(t.cycle_year))
  FROM (
    SELECT DISTINCT u.store_id, m.cycle_year
    FROM (SELECT participant_id, cycle_year FROM moved WHERE participant_kind = 'shopkeeper') m
    JOIN store_users u ON u.id = m.participant_id
  ) t;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER cycle_points_stores_insert AFTER INSERT ON cycle_points
  REFERENCING NEW TABLE AS moved FOR EACH STATEMENT EXECUTE FUNCTION cycle_points_stores();
--> statement-breakpoint
CREATE TRIGGER cycle_points_stores_update AFTER UPDATE ON cycle_points
  REFERENCING NEW TABLE AS moved FOR EACH STATEMENT EXECUTE FUNCTION cycle_points_stores();
--> statement-breakpoint
CREATE TRIGGER cycle_points_stores_delete AFTER DELETE ON cycle_points
  REFERENCING OLD TABLE AS moved FOR EACH STATEMENT EXECUTE FUNCTION cycle_points_stores();
--> statement-breakpoint
-- A shopkeeper who moves to another store, or is deleted, takes their points from the old store (and brings them to
-- the new one), for every cycle they earned in.
CREATE FUNCTION store_users_stores() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM store_cycle_points_count(array_agg(t.store_id), array_agg(t.cycle_year))
    FROM (
      SELECT DISTINCT o.store_id, c.cycle_year
      FROM gone o JOIN cycle_points c ON c.participant_kind = 'shopkeeper' AND c.participant_id = o.id
    ) t;
  ELSE
    PERFORM store_cycle_points_count(array_agg(t.store_id), array_agg(t.cycle_year))
    FROM (
      SELECT DISTINCT s.store_id, c.cycle_year
      FROM fresh n JOIN stale o USING (id)
      CROSS JOIN LATERAL (VALUES (o.store_id), (n.store_id)) AS s (store_id)
      JOIN cycle_points c ON c.participant_kind = 'shopkeeper' AND c.participant_id = n.id
      WHERE n.store_id IS DISTINCT FROM o.store_id
    ) t;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER store_users_stores_update AFTER UPDATE ON store_users
  REFERENCING OLD TABLE AS stale NEW TABLE AS fresh FOR EACH STATEMENT EXECUTE FUNCTION store_users_stores();
--> statement-breakpoint
CREATE TRIGGER store_users_stores_delete AFTER DELETE ON store_users
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION store_users_stores();
--> statement-breakpoint
-- The stores' cycles written before these triggers existed.
INSERT INTO store_cycle_points (store_id, cycle_year, earned, reached_at)
SELECT u.store_id, c.cycle_year, sum(c.earned), max(c.reached_at)
FROM cycle_points c JOIN store_users u ON u.id = c.participant_id
WHERE c.participant_kind = 'shopkeeper' AND c.earned > 0
GROUP BY u.store_id, c.cycle_year;

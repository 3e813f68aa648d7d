-- Points earned per cycle, kept in the same transaction as the ledger entries that move them, so rankings read a
-- small table instead of summing the ledger, and a level change is noticed wherever points come from (one
-- invoice or a campaign given to 100,000 people in one statement).
--
-- A cycle is the calendar year in São Paulo (UTC-3 all year since 2019). Earned = credits, bonuses and extras, less
-- the reversals of them (a reversal is negative then; the refund of a redemption is a positive reversal and earns
-- nothing). A reversal counts in the cycle of the entry that it reverses.
CREATE FUNCTION programme_cycle_year(moment timestamptz) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT extract(year FROM (moment AT TIME ZONE 'UTC') - interval '3 hours')::integer
$$;
--> statement-breakpoint
-- The entry level below the first threshold, as domain/levels.ts says.
CREATE FUNCTION programme_level_name(points bigint) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    (SELECT name FROM levels WHERE threshold <= points ORDER BY threshold DESC LIMIT 1),
    (SELECT name FROM levels ORDER BY threshold LIMIT 1)
  )
$$;
--> statement-breakpoint
-- The transition table and the CTEs carry no statistics, so the planner guesses a few rows and joins `moved` to
-- `delta` in a nested loop: quadratic for a campaign given to 100,000 people. Hash joins keep it linear. Disabling
-- a plan node adds a huge cost, which would make PostgreSQL compile every run with JIT (half a second): no JIT.
CREATE FUNCTION ledger_entries_cycle_points() RETURNS trigger LANGUAGE plpgsql
  SET enable_nestloop = off SET jit = off AS $$
BEGIN
  WITH earning AS (
    SELECT a.participant_kind, a.participant_id,
           programme_cycle_year(coalesce(o.created_at, a.created_at)) AS cycle_year,
           a.amount, a.created_at
    FROM added a
    LEFT JOIN LATERAL (
      SELECT e.created_at FROM ledger_entries e
      WHERE a.kind = 'reversal' AND e.source_type = a.source_type AND e.source_id = a.source_id
        AND e.kind IN ('credit', 'bonus', 'extra')
        AND e.participant_kind = a.participant_kind AND e.participant_id = a.participant_id
      LIMIT 1
    ) o ON true
    WHERE a.kind IN ('credit', 'bonus', 'extra') OR (a.kind = 'reversal' AND a.amount < 0)
  ), delta AS (
    SELECT participant_kind, participant_id, cycle_year, sum(amount)::bigint AS delta, max(created_at) AS last_at
    FROM earning
    GROUP BY participant_kind, participant_id, cycle_year
    -- One order for every statement: two bulk grants to overlapping people cannot deadlock on these rows.
    ORDER BY participant_kind, participant_id, cycle_year
  ), moved AS (
    INSERT INTO cycle_points AS c (participant_kind, participant_id, cycle_year, earned, reached_at)
    SELECT participant_kind, participant_id, cycle_year, delta, last_at FROM delta
    ON CONFLICT (participant_kind, participant_id, cycle_year) DO UPDATE
      SET earned = c.earned + excluded.earned,
          reached_at = CASE WHEN excluded.earned > 0 THEN greatest(c.reached_at, excluded.reached_at)
                            ELSE c.reached_at END
    RETURNING c.participant_kind, c.participant_id, c.cycle_year, c.earned
  ), crossed AS (
    SELECT m.participant_kind, m.participant_id, m.earned - d.delta AS before, m.earned AS after
    FROM moved m
    JOIN delta d USING (participant_kind, participant_id, cycle_year)
    WHERE m.cycle_year = programme_cycle_year(now())
      -- Most entries cross no threshold: look up level names only for those that do.
      AND EXISTS (SELECT 1 FROM levels l WHERE l.threshold > least(m.earned - d.delta, m.earned)
                                            AND l.threshold <= greatest(m.earned - d.delta, m.earned))
  ), changed AS (
    SELECT participant_kind, participant_id, programme_level_name(before) AS was, programme_level_name(after) AS now
    FROM crossed
  )
  INSERT INTO notifications (recipient_kind, recipient_id, type, title, message, data)
  SELECT ch.participant_kind::text::recipient_kind, ch.participant_id, 'level-changed',
         CASE WHEN up.up THEN 'Novo nível alcançado' ELSE 'Seu nível mudou' END,
         CASE WHEN up.up THEN 'Parabéns! Você alcançou o nível ' || ch.now || '.'
              ELSE 'Seu nível agora é ' || ch.now || '.' END,
         jsonb_build_object('level', ch.now, 'previousLevel', ch.was)
  FROM changed ch
  CROSS JOIN LATERAL (
    SELECT (SELECT threshold FROM levels WHERE name = ch.now) > coalesce((SELECT threshold FROM levels WHERE name = ch.was), -1) AS up
  ) up
  WHERE ch.now IS DISTINCT FROM ch.was
    -- Consultants see points but no level.
    AND NOT EXISTS (
      SELECT 1 FROM store_users s
      WHERE ch.participant_kind = 'shopkeeper' AND s.id = ch.participant_id AND s.shopkeeper_type = 'consultant'
    );
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_cycle_points
  AFTER INSERT ON ledger_entries
  REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_entries_cycle_points();
--> statement-breakpoint
-- The entries written before this trigger existed.
INSERT INTO cycle_points (participant_kind, participant_id, cycle_year, earned, reached_at)
SELECT participant_kind, participant_id, programme_cycle_year(created_at), sum(amount), max(created_at)
FROM ledger_entries
WHERE kind IN ('credit', 'bonus', 'extra') OR (kind = 'reversal' AND amount < 0)
GROUP BY participant_kind, participant_id, programme_cycle_year(created_at);

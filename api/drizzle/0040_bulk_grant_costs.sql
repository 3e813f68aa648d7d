-- A campaign given to 100,000 professionals, at the benchmark's full scale (1,000,000 professionals, 18,000,000 ledger
-- entries), measured part by part in one statement rolled back (docs/benchmarks.md, "The campaign taken apart").
--
-- The bell's page counts all of its reader's notices, so their order by date needs no index of its own: one index per
-- recipient is enough (the live stream's, by seq), and a bulk grant writes one random index page per notice less.
DROP INDEX "notifications_recipient_idx";--> statement-breakpoint
-- Time-first ids (migration 0038) took their random bits from gen_random_uuid(), which asks the operating system's
-- process id on every call (OpenSSL's check for a fork): 300,000 system calls for one campaign, and as much as 2 s of
-- its 9 on a virtual machine where a system call is dear. The bits now come from random(), PostgreSQL's own generator
-- (xoroshiro128**, seeded per session from a strong source): 74 of them below the millisecond, so two ids of one
-- millisecond are as unlikely to meet as before, and the primary key refuses them if they ever do. These ids name rows;
-- they are not secrets: every route checks that what an id names belongs to its caller. The layout is RFC 9562's
-- version 7: 48 bits of Unix milliseconds, the version 7, 12 random bits, the variant 10, 62 random bits.
CREATE OR REPLACE FUNCTION uuid_v7() RETURNS uuid LANGUAGE sql VOLATILE PARALLEL SAFE AS $$
  SELECT (lpad(to_hex(((date_part('epoch', clock_timestamp()) * 1000)::bigint << 16) | 28672
                      | (random() * 4095)::bigint), 16, '0')
          || lpad(to_hex(((random() * 2147483647)::bigint << 31) | (random() * 2147483647)::bigint
                         | (-9223372036854775808)::bigint), 16, '0'))::uuid
$$;
--> statement-breakpoint
-- The same function as migration 0029, but for its check of the level thresholds: a scan of levels for every
-- participant started that scan 100,000 times (each asking the table's size of the operating system); the thresholds
-- are now read once, as an array.
CREATE OR REPLACE FUNCTION ledger_entries_cycle_points() RETURNS trigger LANGUAGE plpgsql
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
  ), crossed AS MATERIALIZED (
    -- Materialised: inlined, the planner moved the level names' comparison below (ch.now IS DISTINCT FROM ch.was)
    -- into this join, before the check of the thresholds, and looked up two level names for every participant.
    SELECT m.participant_kind, m.participant_id, m.earned - d.delta AS before, m.earned AS after
    FROM moved m
    JOIN delta d USING (participant_kind, participant_id, cycle_year)
    WHERE m.cycle_year = programme_cycle_year(now())
      -- Most entries cross no threshold: look up level names only for those that do. The thresholds are one array,
      -- read once for the statement (a scan of levels here was started again for every participant).
      AND EXISTS (SELECT 1 FROM unnest(ARRAY(SELECT threshold FROM levels)) l (threshold)
                  WHERE l.threshold > least(m.earned - d.delta, m.earned)
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
  -- A reversal takes back what it reverses, and the moment it was reached with it: the tie-break becomes the last
  -- earning that still counts, for the cycles of the credits reversed.
  -- These are lookups by key, a few per reversal: nested loops again (the function's SET restores it on return).
  PERFORM set_config('enable_nestloop', 'on', true);
  UPDATE cycle_points c SET reached_at = r.at
  FROM (
    SELECT t.participant_kind, t.participant_id, t.cycle_year,
           programme_reached_at(t.participant_kind, t.participant_id, t.cycle_year) AS at
    FROM (
      SELECT DISTINCT a.participant_kind, a.participant_id, programme_cycle_year(e.created_at) AS cycle_year
      FROM added a
      JOIN ledger_entries e ON e.source_type = a.source_type AND e.source_id = a.source_id
        AND e.participant_kind = a.participant_kind AND e.participant_id = a.participant_id
        AND e.kind IN ('credit', 'bonus', 'extra')
      WHERE a.kind = 'reversal' AND a.amount < 0
    ) t
  ) r
  WHERE c.participant_kind = r.participant_kind AND c.participant_id = r.participant_id
    AND c.cycle_year = r.cycle_year AND r.at IS NOT NULL;
  RETURN NULL;
END;
$$;

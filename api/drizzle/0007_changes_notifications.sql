-- The API keeps session checks and participants' standings in memory (api/src/cache) and forgets one when these
-- triggers announce that its rows changed, on the channel especifica_changes, at commit, to every replica. A
-- payload is "topic" (everything of the topic) or "topic:key,key,…"; a payload holds 8,000 bytes, so more than
-- 100 keys announce the whole topic. Topics: account ("role:id": name, token version and what lets it sign in)
-- and standing ("kind:id": the points; the level table is part of every standing).
CREATE FUNCTION announce_changes(topic text, keys text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(keys), 0) = 0 THEN
    RETURN;
  ELSIF cardinality(keys) > 100 THEN
    PERFORM pg_notify('especifica_changes', topic);
  ELSE
    PERFORM pg_notify('especifica_changes', topic || ':' || array_to_string(keys, ','));
  END IF;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION announce_whole_topic() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('especifica_changes', TG_ARGV[0]);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION ledger_entries_announce() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM announce_changes('standing',
    -- Past 100 the keys are not listed: 101 are enough to know it.
    ARRAY(SELECT DISTINCT participant_kind::text || ':' || participant_id::text FROM added LIMIT 101));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_announce
  AFTER INSERT ON ledger_entries
  REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_entries_announce();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_announce_truncate
  AFTER TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION announce_whole_topic('standing');
--> statement-breakpoint
CREATE TRIGGER levels_announce
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON levels
  FOR EACH STATEMENT EXECUTE FUNCTION announce_whole_topic('standing');
--> statement-breakpoint
-- An account's row: announced when removed, or when a column of its session check changed (not on every profile
-- edit). TG_ARGV[0] is the role, the other arguments those columns (api/src/modules/auth/accounts.ts, sessionQueries).
CREATE FUNCTION accounts_announce() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM announce_changes('account', ARRAY(SELECT TG_ARGV[0] || ':' || id::text FROM gone LIMIT 101));
  ELSE
    PERFORM announce_changes('account', ARRAY(
      SELECT TG_ARGV[0] || ':' || n.id::text
      FROM fresh n JOIN stale o USING (id)
      WHERE EXISTS (SELECT 1 FROM unnest(TG_ARGV[1:]) c WHERE to_jsonb(n) -> c IS DISTINCT FROM to_jsonb(o) -> c)
      LIMIT 101
    ));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER admin_users_announce_update AFTER UPDATE ON admin_users
  REFERENCING OLD TABLE AS stale NEW TABLE AS fresh
  FOR EACH STATEMENT EXECUTE FUNCTION accounts_announce('admin', 'name', 'token_version', 'active');
--> statement-breakpoint
CREATE TRIGGER admin_users_announce_delete AFTER DELETE ON admin_users
  REFERENCING OLD TABLE AS gone
  FOR EACH STATEMENT EXECUTE FUNCTION accounts_announce('admin');
--> statement-breakpoint
CREATE TRIGGER professionals_announce_update AFTER UPDATE ON professionals
  REFERENCING OLD TABLE AS stale NEW TABLE AS fresh
  FOR EACH STATEMENT EXECUTE FUNCTION accounts_announce('professional', 'name', 'token_version', 'behaviour', 'status');
--> statement-breakpoint
CREATE TRIGGER professionals_announce_delete AFTER DELETE ON professionals
  REFERENCING OLD TABLE AS gone
  FOR EACH STATEMENT EXECUTE FUNCTION accounts_announce('professional');
--> statement-breakpoint
CREATE TRIGGER store_users_announce_update AFTER UPDATE ON store_users
  REFERENCING OLD TABLE AS stale NEW TABLE AS fresh
  FOR EACH STATEMENT EXECUTE FUNCTION accounts_announce('shopkeeper', 'name', 'token_version', 'shopkeeper_type', 'active', 'store_id');
--> statement-breakpoint
CREATE TRIGGER store_users_announce_delete AFTER DELETE ON store_users
  REFERENCING OLD TABLE AS gone
  FOR EACH STATEMENT EXECUTE FUNCTION accounts_announce('shopkeeper');
--> statement-breakpoint
CREATE TRIGGER admin_users_announce_truncate AFTER TRUNCATE ON admin_users
  FOR EACH STATEMENT EXECUTE FUNCTION announce_whole_topic('account');
--> statement-breakpoint
CREATE TRIGGER professionals_announce_truncate AFTER TRUNCATE ON professionals
  FOR EACH STATEMENT EXECUTE FUNCTION announce_whole_topic('account');
--> statement-breakpoint
CREATE TRIGGER store_users_announce_truncate AFTER TRUNCATE ON store_users
  FOR EACH STATEMENT EXECUTE FUNCTION announce_whole_topic('account');
--> statement-breakpoint
-- A shopkeeper signs in only while the store is active: its status reaches the sessions of its people.
CREATE FUNCTION stores_announce() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM announce_changes('account', ARRAY(
    SELECT 'shopkeeper:' || u.id::text
    FROM fresh n JOIN stale o USING (id) JOIN store_users u ON u.store_id = n.id
    WHERE n.active IS DISTINCT FROM o.active
    LIMIT 101
  ));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER stores_announce AFTER UPDATE ON stores
  REFERENCING OLD TABLE AS stale NEW TABLE AS fresh
  FOR EACH STATEMENT EXECUTE FUNCTION stores_announce();

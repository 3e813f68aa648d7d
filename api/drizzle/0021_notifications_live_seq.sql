ALTER TABLE "notifications" ADD COLUMN "seq" bigint NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "notifications_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
CREATE INDEX "notifications_recipient_seq_idx" ON "notifications" USING btree ("recipient_kind","recipient_id","seq");--> statement-breakpoint
-- A notification wakes its recipient's live stream (GET /api/events) on every replica: the channel of migration 0007,
-- topic `notification`, keys "kind:id". The table stays the truth; the announcement only says where to look.
CREATE FUNCTION notifications_announce() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM announce_changes('notification',
    ARRAY(SELECT DISTINCT recipient_kind::text || ':' || recipient_id::text FROM added LIMIT 101));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER notifications_announce
  AFTER INSERT ON notifications
  REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION notifications_announce();

-- A campaign given to 100,000 people writes 100,000 grants, ledger entries and notifications at once. With random
-- (version 4) ids each row's key went to a random page of its primary key's index, which at the benchmark's scale
-- (18,000,000 entries) is read from disk more often than not. Version 7 ids (RFC 9562: the millisecond first, then
-- random bits) are appended to the index's last pages instead; they stay unique and unguessable enough for a key,
-- and say only when the row was written, which its created_at says already. gen_random_uuid() gives the random
-- bits (PostgreSQL 13+ and PGlite alike); the first six bytes become the time and the version nibble 4 becomes 7.
CREATE FUNCTION uuid_v7() RETURNS uuid LANGUAGE sql VOLATILE PARALLEL SAFE AS $$
  SELECT encode(
    set_bit(set_bit(
      overlay(uuid_send(gen_random_uuid())
              PLACING substring(int8send(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3)
              FROM 1 FOR 6),
      52, 1), 53, 1),
    'hex')::uuid
$$;
--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "id" SET DEFAULT uuid_v7();--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "id" SET DEFAULT uuid_v7();--> statement-breakpoint
ALTER TABLE "extra_point_grants" ALTER COLUMN "id" SET DEFAULT uuid_v7();

CREATE TABLE "chain_heads" (
	"name" text PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL,
	"hash" text NOT NULL,
	"verified_at" timestamp with time zone,
	"verified_seq" bigint,
	"verified_break" text
);
--> statement-breakpoint
CREATE TABLE "complaint_history_heads" (
	"complaint_id" integer PRIMARY KEY NOT NULL,
	"seq" integer NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "chain_seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "prev_hash" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "hash" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "complaint_status_history" ADD COLUMN "chain_seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "complaint_status_history" ADD COLUMN "prev_hash" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "complaint_status_history" ADD COLUMN "hash" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "complaint_history_heads" ADD CONSTRAINT "complaint_history_heads_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaints"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Issue 35: the audit trail and each complaint's status history as hash chains. A row's hash is
-- the SHA-256 of its place, the previous row's hash and its own content, written as a JSON array
-- (jsonb's text is canonical: keys sorted, one spacing) with times in UTC to the microsecond.
-- Triggers set them in the writing transaction; the head row they move (chain_heads for the
-- trail, complaint_history_heads per complaint) is locked by that move until commit, so writers
-- in any process take their turn and no two rows claim one place.
CREATE FUNCTION audit_event_digest(e audit_events) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(sha256(convert_to(jsonb_build_array(
    e.chain_seq, e.prev_hash, e.id, to_char(e.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    e.actor_id, e.actor_email, e.action, e.entity, e.entity_id, e.before, e.after, e.ip
  )::text, 'UTF8')), 'hex')
$$;
--> statement-breakpoint
CREATE FUNCTION status_history_digest(h complaint_status_history) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(sha256(convert_to(jsonb_build_array(
    h.chain_seq, h.prev_hash, h.id, h.complaint_id, h.from_status, h.to_status, h.changed_by_id,
    to_char(h.changed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), h.text
  )::text, 'UTF8')), 'hex')
$$;
--> statement-breakpoint
CREATE FUNCTION audit_events_chain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  head record;
BEGIN
  UPDATE chain_heads SET seq = seq + 1 WHERE name = 'audit_events' RETURNING seq, hash INTO head;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'the audit trail has no chain head (chain_heads)';
  END IF;
  NEW.chain_seq := head.seq;
  NEW.prev_hash := head.hash;
  NEW.hash := audit_event_digest(NEW);
  UPDATE chain_heads SET hash = NEW.hash WHERE name = 'audit_events';
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION complaint_status_history_chain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  head record;
BEGIN
  INSERT INTO complaint_history_heads AS h (complaint_id, seq, hash) VALUES (NEW.complaint_id, 1, repeat('0', 64))
    ON CONFLICT (complaint_id) DO UPDATE SET seq = h.seq + 1
    RETURNING seq, hash INTO head;
  NEW.chain_seq := head.seq;
  NEW.prev_hash := head.hash;
  NEW.hash := status_history_digest(NEW);
  UPDATE complaint_history_heads SET hash = NEW.hash WHERE complaint_id = NEW.complaint_id;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
-- The rows already there, in the order they were written, with the append-only guards stood
-- down for this transaction only.
ALTER TABLE audit_events DISABLE TRIGGER audit_events_append_only;
--> statement-breakpoint
ALTER TABLE complaint_status_history DISABLE TRIGGER complaint_status_history_append_only;
--> statement-breakpoint
DO $$
DECLARE
  r audit_events;
  h complaint_status_history;
  prev text := repeat('0', 64);
  n bigint := 0;
  last_complaint integer := NULL;
BEGIN
  FOR r IN SELECT * FROM audit_events ORDER BY id LOOP
    n := n + 1;
    r.chain_seq := n;
    r.prev_hash := prev;
    r.hash := audit_event_digest(r);
    UPDATE audit_events SET chain_seq = r.chain_seq, prev_hash = r.prev_hash, hash = r.hash WHERE id = r.id;
    prev := r.hash;
  END LOOP;
  INSERT INTO chain_heads (name, seq, hash) VALUES ('audit_events', n, prev);

  FOR h IN SELECT * FROM complaint_status_history ORDER BY complaint_id, changed_at, id LOOP
    IF last_complaint IS DISTINCT FROM h.complaint_id THEN
      IF last_complaint IS NOT NULL THEN
        INSERT INTO complaint_history_heads (complaint_id, seq, hash) VALUES (last_complaint, n, prev);
      END IF;
      last_complaint := h.complaint_id;
      n := 0;
      prev := repeat('0', 64);
    END IF;
    n := n + 1;
    h.chain_seq := n;
    h.prev_hash := prev;
    h.hash := status_history_digest(h);
    UPDATE complaint_status_history SET chain_seq = h.chain_seq, prev_hash = h.prev_hash, hash = h.hash WHERE id = h.id;
    prev := h.hash;
  END LOOP;
  IF last_complaint IS NOT NULL THEN
    INSERT INTO complaint_history_heads (complaint_id, seq, hash) VALUES (last_complaint, n, prev);
  END IF;
END;
$$;
--> statement-breakpoint
ALTER TABLE audit_events ENABLE TRIGGER audit_events_append_only;
--> statement-breakpoint
ALTER TABLE complaint_status_history ENABLE TRIGGER complaint_status_history_append_only;
--> statement-breakpoint
CREATE UNIQUE INDEX "audit_events_chain_idx" ON "audit_events" USING btree ("chain_seq");
--> statement-breakpoint
CREATE TRIGGER audit_events_chain BEFORE INSERT ON audit_events FOR EACH ROW EXECUTE FUNCTION audit_events_chain();
--> statement-breakpoint
CREATE TRIGGER complaint_status_history_chain BEFORE INSERT ON complaint_status_history
  FOR EACH ROW EXECUTE FUNCTION complaint_status_history_chain();

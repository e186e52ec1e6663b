-- Each API process keeps its users' notification lists (the poll) until they change: any change to a
-- user's notifications tells every process at commit, naming the user (server/services/process-cache.ts).
CREATE FUNCTION "notifications_cache_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('auth_cache', 'notifications');
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('auth_cache', 'notifications:' || OLD.recipient_id);
  ELSE
    PERFORM pg_notify('auth_cache', 'notifications:' || NEW.recipient_id);
    IF TG_OP = 'UPDATE' AND OLD.recipient_id <> NEW.recipient_id THEN
      PERFORM pg_notify('auth_cache', 'notifications:' || OLD.recipient_id);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- One notice per user and transaction: PostgreSQL folds a transaction's identical notices into one.
CREATE TRIGGER "notifications_cache" AFTER INSERT OR UPDATE OR DELETE ON "notifications" FOR EACH ROW EXECUTE FUNCTION "notifications_cache_notify"();--> statement-breakpoint
CREATE TRIGGER "notifications_cache_truncate" AFTER TRUNCATE ON "notifications" FOR EACH STATEMENT EXECUTE FUNCTION "notifications_cache_notify"();

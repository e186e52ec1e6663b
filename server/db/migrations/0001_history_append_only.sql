-- The status history is append-only (PRODUCT.md): no row is ever rewritten, and rows go
-- only with their complaint (a delete cascading from complaints runs at trigger depth > 1).
CREATE FUNCTION complaint_status_history_append_only() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' OR pg_trigger_depth() = 1 THEN
    RAISE EXCEPTION 'complaint_status_history is append-only';
  END IF;
  RETURN OLD;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER complaint_status_history_append_only
  BEFORE UPDATE OR DELETE ON complaint_status_history
  FOR EACH ROW EXECUTE FUNCTION complaint_status_history_append_only();

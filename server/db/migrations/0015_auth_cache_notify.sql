-- Each API process keeps sessions and privilege answers for a few seconds (server/services/auth-cache.ts).
-- Any change to what those answers are made of tells every process at commit, whatever wrote it:
-- a route, another process, or an operator at the psql prompt.
CREATE FUNCTION "auth_cache_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_cache', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- A new session changes no answer already given, so sessions notify on update and delete only.
CREATE TRIGGER "sessions_auth_cache" AFTER UPDATE OR DELETE OR TRUNCATE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION "auth_cache_notify"();--> statement-breakpoint
CREATE TRIGGER "users_auth_cache" AFTER UPDATE OR DELETE OR TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "auth_cache_notify"();--> statement-breakpoint
CREATE TRIGGER "personas_auth_cache" AFTER UPDATE OR DELETE OR TRUNCATE ON "personas" FOR EACH STATEMENT EXECUTE FUNCTION "auth_cache_notify"();--> statement-breakpoint
CREATE TRIGGER "user_types_auth_cache" AFTER UPDATE OR DELETE OR TRUNCATE ON "user_types" FOR EACH STATEMENT EXECUTE FUNCTION "auth_cache_notify"();--> statement-breakpoint
CREATE TRIGGER "account_types_auth_cache" AFTER UPDATE OR DELETE OR TRUNCATE ON "account_types" FOR EACH STATEMENT EXECUTE FUNCTION "auth_cache_notify"();--> statement-breakpoint
CREATE TRIGGER "privileges_auth_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "privileges" FOR EACH STATEMENT EXECUTE FUNCTION "auth_cache_notify"();--> statement-breakpoint
CREATE TRIGGER "menu_items_auth_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "menu_items" FOR EACH STATEMENT EXECUTE FUNCTION "auth_cache_notify"();

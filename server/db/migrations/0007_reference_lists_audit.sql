CREATE TABLE "audit_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer,
	"actor_email" text,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"ip" text
);
--> statement-breakpoint
ALTER TABLE "account_types" DROP CONSTRAINT "account_types_code_unique";--> statement-breakpoint
ALTER TABLE "account_types" DROP CONSTRAINT "account_types_name_unique";--> statement-breakpoint
ALTER TABLE "organization_types" DROP CONSTRAINT "organization_types_code_unique";--> statement-breakpoint
ALTER TABLE "positions" DROP CONSTRAINT "positions_code_unique";--> statement-breakpoint
ALTER TABLE "user_types" DROP CONSTRAINT "user_types_name_unique";--> statement-breakpoint
ALTER TABLE "zones" DROP CONSTRAINT "zones_code_unique";--> statement-breakpoint
ALTER TABLE "user_types" ALTER COLUMN "key" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "account_types" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "account_types" ADD COLUMN "key" text;--> statement-breakpoint
-- The product's rules named account types by code until now; the key takes that over.
UPDATE "account_types" SET "key" = "code";--> statement-breakpoint
ALTER TABLE "organization_types" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "positions" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_types" ADD COLUMN "code" text;--> statement-breakpoint
UPDATE "user_types" SET "code" = upper("key");--> statement-breakpoint
ALTER TABLE "user_types" ALTER COLUMN "code" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "user_types" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_types" ADD COLUMN "is_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "zones" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_events_at_idx" ON "audit_events" USING btree ("at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_events_entity_idx" ON "audit_events" USING btree ("entity","entity_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "audit_events" USING btree ("actor_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "account_types_code_lower_key" ON "account_types" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "account_types_name_lower_key" ON "account_types" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "organization_types_code_lower_key" ON "organization_types" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "organization_types_name_lower_key" ON "organization_types" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "positions_code_lower_key" ON "positions" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "positions_name_lower_key" ON "positions" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "user_types_code_lower_key" ON "user_types" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "user_types_name_lower_key" ON "user_types" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "zones_code_lower_key" ON "zones" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "zones_name_lower_key" ON "zones" USING btree (lower("name"));--> statement-breakpoint
ALTER TABLE "account_types" ADD CONSTRAINT "account_types_key_unique" UNIQUE("key");--> statement-breakpoint
-- The audit trail is append-only (PRODUCT.md): no event is ever rewritten or removed.
CREATE FUNCTION audit_events_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'audit_events is append-only';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER audit_events_append_only
  BEFORE UPDATE OR DELETE ON audit_events
  FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();

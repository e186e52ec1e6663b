ALTER TABLE "organizations" DROP CONSTRAINT "organizations_name_unique";--> statement-breakpoint
ALTER TABLE "organizations" DROP CONSTRAINT "organizations_registrationNo_unique";--> statement-breakpoint
ALTER TABLE "personas" DROP CONSTRAINT "personas_staffNo_unique";--> statement-breakpoint
ALTER TABLE "personas" ADD COLUMN "is_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "organizations_name_lower_key" ON "organizations" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "organizations_registration_no_lower_key" ON "organizations" USING btree (lower("registration_no"));--> statement-breakpoint
CREATE UNIQUE INDEX "personas_staff_no_lower_key" ON "personas" USING btree (lower("staff_no"));
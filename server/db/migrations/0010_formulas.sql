ALTER TABLE "formulas" DROP CONSTRAINT "formulas_name_unique";--> statement-breakpoint
ALTER TABLE "formulas" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "formulas" ADD COLUMN "is_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "formulas_name_lower_key" ON "formulas" USING btree (lower("name"));
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "complaints_misconduct_idx" ON "complaints" USING btree ("date_of_misconduct" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "complaints_ref_no_trgm_idx" ON "complaints" USING gin ("ref_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "complaints_description_trgm_idx" ON "complaints" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "complaints_offender_trgm_idx" ON "complaints" USING gin ("offender" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "complaints_location_trgm_idx" ON "complaints" USING gin ("location" gin_trgm_ops);
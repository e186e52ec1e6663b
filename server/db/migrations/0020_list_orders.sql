CREATE INDEX "complaints_ref_no_order_idx" ON "complaints" USING btree ("ref_no","id");--> statement-breakpoint
CREATE INDEX "complaints_description_order_idx" ON "complaints" USING btree ("description","id");--> statement-breakpoint
CREATE INDEX "complaints_offender_order_idx" ON "complaints" USING btree ("offender","id");--> statement-breakpoint
CREATE INDEX "complaints_location_order_idx" ON "complaints" USING btree ("location","id");--> statement-breakpoint
CREATE INDEX "complaints_qty_order_idx" ON "complaints" USING btree ("qty","id");--> statement-breakpoint
CREATE INDEX "complaints_status_order_idx" ON "complaints" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "complaints_offence_misconduct_idx" ON "complaints" USING btree ("type_of_offence_id","date_of_misconduct" DESC NULLS FIRST,"id" DESC NULLS FIRST);
CREATE INDEX "complaint_attachments_file_idx" ON "complaint_attachments" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "files_owner_created_idx" ON "files" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "users_image_file_idx" ON "users" USING btree ("image_file_id");
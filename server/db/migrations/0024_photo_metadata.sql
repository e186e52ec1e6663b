ALTER TABLE "files" ADD COLUMN "metadata" jsonb;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "dhash" text;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "dhash_bands" integer[];--> statement-breakpoint
CREATE INDEX "files_sha256_idx" ON "files" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "files_dhash_bands_idx" ON "files" USING gin ("dhash_bands");--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_dhash_check" CHECK ("files"."dhash" ~ '^[0-9a-f]{16}$');
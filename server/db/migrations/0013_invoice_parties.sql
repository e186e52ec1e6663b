ALTER TABLE "claim_records" ADD COLUMN "parties" jsonb;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "claim_record_id" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_claim_record_id_claim_records_id_fk" FOREIGN KEY ("claim_record_id") REFERENCES "public"."claim_records"("id") ON DELETE set null ON UPDATE no action;
CREATE TABLE "invoice_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "claim_records" ALTER COLUMN "total" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "claim_record_items" ADD COLUMN "position" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "claim_record_items" ADD COLUMN "ref_no" text NOT NULL;--> statement-breakpoint
ALTER TABLE "claim_record_items" ADD COLUMN "type_of_offence_id" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "claim_record_items" ADD COLUMN "type_of_offence_name" text NOT NULL;--> statement-breakpoint
ALTER TABLE "claim_record_items" ADD COLUMN "date_of_misconduct" timestamp with time zone NOT NULL;--> statement-breakpoint
ALTER TABLE "claim_record_items" ADD COLUMN "qty" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "claim_record_items" ADD COLUMN "rate" numeric(12, 2) NOT NULL;--> statement-breakpoint
ALTER TABLE "claim_record_items" ADD COLUMN "expression" text NOT NULL;--> statement-breakpoint
ALTER TABLE "claim_record_items" ADD COLUMN "repeat_count" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "claim_records" ADD COLUMN "invoice_no" text;--> statement-breakpoint
ALTER TABLE "claim_records" ADD COLUMN "issued_on" date;--> statement-breakpoint
ALTER TABLE "claim_records" ADD COLUMN "due_on" date;--> statement-breakpoint
ALTER TABLE "claim_records" ADD COLUMN "paid_on" date;--> statement-breakpoint
ALTER TABLE "claim_records" ADD COLUMN "payment_reference" text;--> statement-breakpoint
ALTER TABLE "claim_records" ADD CONSTRAINT "claim_records_invoiceNo_unique" UNIQUE("invoice_no");--> statement-breakpoint
ALTER TABLE "claim_records" ADD CONSTRAINT "claim_records_issue_check" CHECK (("claim_records"."status" = 'draft') = ("claim_records"."invoice_no" is null));
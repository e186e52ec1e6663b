ALTER TABLE "contracts" DROP CONSTRAINT "contracts_contractNo_unique";--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "justification_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_contract_no_lower_key" ON "contracts" USING btree (lower("contract_no"));--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_justification_days_check" CHECK ("contracts"."justification_days" between 1 and 365);
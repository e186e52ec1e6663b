ALTER TABLE "mail_outbox" ADD COLUMN "shown_text" text;--> statement-breakpoint
-- Messages kept before this release: their activation links' codes and reset codes masked as domain/mail.ts masks them.
UPDATE "mail_outbox" SET "shown_text" = regexp_replace(regexp_replace("body_text", '(/account/activation/)[A-Za-z0-9_-]+', '\1••••••', 'g'), '(Your code: )[0-9]+', '\1••••••', 'g');--> statement-breakpoint
ALTER TABLE "mail_outbox" ALTER COLUMN "shown_text" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "mail_outbox_to_idx" ON "mail_outbox" USING btree (lower("to_address"),"id" DESC NULLS FIRST);

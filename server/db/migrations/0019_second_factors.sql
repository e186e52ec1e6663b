CREATE TABLE "user_second_factors" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"secret" text,
	"pending_secret" text,
	"enabled_at" timestamp with time zone,
	"last_used_step" bigint,
	"recovery_code_hashes" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_second_factors" ADD CONSTRAINT "user_second_factors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
ALTER TABLE "complaints" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "location_accuracy_m" double precision;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "made_offline_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "made_offline_device" text;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_position_check" CHECK (("complaints"."latitude" is null and "complaints"."longitude" is null and "complaints"."location_accuracy_m" is null) or ("complaints"."latitude" between -90 and 90 and "complaints"."longitude" between -180 and 180 and ("complaints"."location_accuracy_m" is null or "complaints"."location_accuracy_m" >= 0)));--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_made_offline_check" CHECK (("complaints"."made_offline_at" is null) = ("complaints"."made_offline_device" is null));
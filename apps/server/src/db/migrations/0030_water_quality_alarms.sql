ALTER TABLE "alarms" ALTER COLUMN "device_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "alarms" ADD COLUMN "site_id" integer;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_site_id_wq_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."wq_sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alarms_one_active_wq" ON "alarms" USING btree ("source_key") WHERE "alarms"."active" and "alarms"."kind" = 'water_quality';--> statement-breakpoint
CREATE INDEX "alarms_site_id_index" ON "alarms" USING btree ("site_id");
DROP INDEX "devices_warranty_end_id_index";--> statement-breakpoint
CREATE INDEX "devices_name_id_index" ON "devices" USING btree ("name","id") WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "devices_install_date_id_index" ON "devices" USING btree ("install_date","id") WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "devices_warranty_end_id_index" ON "devices" USING btree ("warranty_end","id") WHERE archived_at is null;
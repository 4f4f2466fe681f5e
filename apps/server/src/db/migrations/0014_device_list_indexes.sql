CREATE INDEX "devices_type_id_region_id_index" ON "devices" USING btree ("type_id","region_id") WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "devices_type_id_code_index" ON "devices" USING btree ("type_id","code") WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "devices_warranty_end_id_index" ON "devices" USING btree ("warranty_end" DESC NULLS FIRST,"id") WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "devices_code_trgm_index" ON "devices" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "devices_name_trgm_index" ON "devices" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "devices_serial_no_trgm_index" ON "devices" USING gin ("serial_no" gin_trgm_ops);
CREATE INDEX "users_display_name_id_index" ON "users" USING btree ("display_name","id");--> statement-breakpoint
CREATE INDEX "users_username_id_index" ON "users" USING btree ("username","id");--> statement-breakpoint
CREATE INDEX "users_last_login_at_id_index" ON "users" USING btree ("last_login_at","id");--> statement-breakpoint
CREATE INDEX "users_status_index" ON "users" USING btree ("status");
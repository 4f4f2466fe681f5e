CREATE INDEX "login_log_username_created_at_index" ON "login_log" USING btree ("username","created_at");--> statement-breakpoint
CREATE INDEX "operation_log_module_result_created_at_index" ON "operation_log" USING btree ("module","result","created_at");--> statement-breakpoint
CREATE INDEX "users_created_at_id_index" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_department_id_index" ON "users" USING btree ("department_id");--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_search_trgm_index" ON "users" USING gin ((display_name || ' ' || username || ' ' || coalesce(phone, '')) gin_trgm_ops);

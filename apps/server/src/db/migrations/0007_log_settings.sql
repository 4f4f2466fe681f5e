CREATE TABLE "app_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "operation_log" ADD COLUMN "target_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "operation_log_username_created_at_index" ON "operation_log" USING btree ("username","created_at");
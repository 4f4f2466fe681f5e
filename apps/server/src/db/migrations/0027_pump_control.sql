CREATE TABLE "pump_commands" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"station_id" integer NOT NULL,
	"pump_id" integer NOT NULL,
	"device_id" integer,
	"device_code" text DEFAULT '' NOT NULL,
	"command" text NOT NULL,
	"command_name_zh" text DEFAULT '' NOT NULL,
	"command_name_en" text DEFAULT '' NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"state" text NOT NULL,
	"interlock" text,
	"interlock_params" jsonb,
	"detail" text DEFAULT '' NOT NULL,
	"result" jsonb,
	"batch_id" text,
	"requested_by" integer,
	"idempotency_key" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"approval_required" boolean DEFAULT false NOT NULL,
	"approval_deadline" timestamp with time zone,
	"approved_by" integer,
	"approved_at" timestamp with time zone,
	"ttl_seconds" integer NOT NULL,
	"sent_at" timestamp with time zone,
	"acknowledged_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "station_control_settings" (
	"station_id" integer PRIMARY KEY NOT NULL,
	"require_approval" boolean NOT NULL,
	"approval_minutes" integer NOT NULL,
	"min_off_seconds" integer NOT NULL,
	"max_starts_per_hour" integer NOT NULL,
	"level_max_age_seconds" integer NOT NULL,
	"command_ttl_seconds" integer NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pump_commands" ADD CONSTRAINT "pump_commands_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pump_commands" ADD CONSTRAINT "pump_commands_pump_id_station_pumps_id_fk" FOREIGN KEY ("pump_id") REFERENCES "public"."station_pumps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pump_commands" ADD CONSTRAINT "pump_commands_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pump_commands" ADD CONSTRAINT "pump_commands_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pump_commands" ADD CONSTRAINT "pump_commands_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_control_settings" ADD CONSTRAINT "station_control_settings_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_control_settings" ADD CONSTRAINT "station_control_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pump_commands_idempotency_idx" ON "pump_commands" USING btree ("requested_by","idempotency_key");--> statement-breakpoint
CREATE INDEX "pump_commands_station_idx" ON "pump_commands" USING btree ("station_id","requested_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pump_commands_requested_idx" ON "pump_commands" USING btree ("requested_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "pump_commands_open_idx" ON "pump_commands" USING btree ("pump_id") WHERE state in ('awaiting_approval', 'pending', 'sent', 'acknowledged');--> statement-breakpoint
CREATE INDEX "pump_commands_due_idx" ON "pump_commands" USING btree ("expires_at") WHERE state in ('pending', 'sent', 'acknowledged');--> statement-breakpoint
CREATE INDEX "pump_commands_approval_idx" ON "pump_commands" USING btree ("approval_deadline") WHERE state = 'awaiting_approval';--> statement-breakpoint
CREATE INDEX "pump_commands_device_idx" ON "pump_commands" USING btree ("device_id") WHERE state = 'pending';
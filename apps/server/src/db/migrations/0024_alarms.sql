CREATE TABLE "alarm_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"alarm_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"user_id" integer,
	"text" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alarm_offline_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_type_id" integer NOT NULL,
	"device_id" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"timeout_seconds" integer NOT NULL,
	"deadband_seconds" integer DEFAULT 60 NOT NULL,
	"severity" text DEFAULT 'major' NOT NULL,
	"recipients" jsonb NOT NULL,
	"sms" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alarm_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"severity" text NOT NULL,
	"device_type_id" integer NOT NULL,
	"scope" text DEFAULT 'type' NOT NULL,
	"device_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"station_id" integer,
	"region_id" integer,
	"groups" jsonb NOT NULL,
	"duration_minutes" integer DEFAULT 0 NOT NULL,
	"repeat" jsonb,
	"schedule" jsonb,
	"clear_deadband" double precision DEFAULT 0 NOT NULL,
	"clear_delay_minutes" integer DEFAULT 0 NOT NULL,
	"throttle_minutes" integer DEFAULT 0 NOT NULL,
	"reminder_minutes" integer,
	"recipients" jsonb NOT NULL,
	"escalation" jsonb,
	"sms" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alarm_states" (
	"source_key" text NOT NULL,
	"device_id" integer NOT NULL,
	"pending_since" timestamp with time zone,
	"hits" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"clear_since" timestamp with time zone,
	"notified_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alarm_states_source_key_device_id_pk" PRIMARY KEY("source_key","device_id")
);
--> statement-breakpoint
CREATE TABLE "alarms" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"source_key" text NOT NULL,
	"rule_id" integer,
	"rule_name" text DEFAULT '' NOT NULL,
	"severity" text NOT NULL,
	"device_id" integer NOT NULL,
	"station_id" integer,
	"region_id" integer,
	"metric" text,
	"condition" jsonb,
	"threshold" double precision,
	"first_value" text,
	"last_value" text,
	"count" integer DEFAULT 1 NOT NULL,
	"raised_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"acknowledged" boolean DEFAULT false NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" integer,
	"cleared_at" timestamp with time zone,
	"cleared_by" integer,
	"clear_reason" text,
	"assignee_id" integer,
	"shelved_until" timestamp with time zone,
	"escalations" integer DEFAULT 0 NOT NULL,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "device_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"event" text NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alarm_entries" ADD CONSTRAINT "alarm_entries_alarm_id_alarms_id_fk" FOREIGN KEY ("alarm_id") REFERENCES "public"."alarms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_entries" ADD CONSTRAINT "alarm_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_offline_rules" ADD CONSTRAINT "alarm_offline_rules_device_type_id_device_types_id_fk" FOREIGN KEY ("device_type_id") REFERENCES "public"."device_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_offline_rules" ADD CONSTRAINT "alarm_offline_rules_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_rules" ADD CONSTRAINT "alarm_rules_device_type_id_device_types_id_fk" FOREIGN KEY ("device_type_id") REFERENCES "public"."device_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_rules" ADD CONSTRAINT "alarm_rules_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_rules" ADD CONSTRAINT "alarm_rules_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_states" ADD CONSTRAINT "alarm_states_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_rule_id_alarm_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."alarm_rules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_cleared_by_users_id_fk" FOREIGN KEY ("cleared_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_events" ADD CONSTRAINT "device_events_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alarm_entries_alarm_id_at_index" ON "alarm_entries" USING btree ("alarm_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "alarm_offline_rules_type_unique" ON "alarm_offline_rules" USING btree ("device_type_id") WHERE "alarm_offline_rules"."device_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "alarm_offline_rules_device_unique" ON "alarm_offline_rules" USING btree ("device_id") WHERE "alarm_offline_rules"."device_id" is not null;--> statement-breakpoint
CREATE INDEX "alarm_rules_device_type_id_index" ON "alarm_rules" USING btree ("device_type_id");--> statement-breakpoint
CREATE INDEX "alarm_rules_updated_at_index" ON "alarm_rules" USING btree ("updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "alarms_one_active" ON "alarms" USING btree ("device_id","source_key") WHERE "alarms"."active";--> statement-breakpoint
CREATE INDEX "alarms_raised_at_index" ON "alarms" USING btree ("raised_at");--> statement-breakpoint
CREATE INDEX "alarms_open" ON "alarms" USING btree ("severity","raised_at") WHERE "alarms"."active" or not "alarms"."acknowledged";--> statement-breakpoint
CREATE INDEX "alarms_rule_id_index" ON "alarms" USING btree ("rule_id");--> statement-breakpoint
CREATE INDEX "alarms_station_id_index" ON "alarms" USING btree ("station_id");--> statement-breakpoint
CREATE INDEX "device_events_device_id_ts_index" ON "device_events" USING btree ("device_id","ts");--> statement-breakpoint
CREATE INDEX "device_events_ts_index" ON "device_events" USING btree ("ts");
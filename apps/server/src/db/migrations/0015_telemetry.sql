CREATE TABLE "device_status_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"cause" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telemetry_dead_letters" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"device_code" text NOT NULL,
	"topic" text DEFAULT '' NOT NULL,
	"reason" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"payload" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telemetry_latest" (
	"device_id" integer NOT NULL,
	"metric" text NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"value" double precision,
	"text_value" text,
	"quality" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "telemetry_latest_device_id_metric_pk" PRIMARY KEY("device_id","metric")
);
--> statement-breakpoint
CREATE TABLE "telemetry_points" (
	"device_id" integer NOT NULL,
	"metric" text NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"value" double precision,
	"text_value" text,
	"quality" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "telemetry_points_device_id_metric_ts_pk" PRIMARY KEY("device_id","metric","ts")
);
--> statement-breakpoint
CREATE TABLE "telemetry_rollups_1h" (
	"device_id" integer NOT NULL,
	"metric" text NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"min" double precision NOT NULL,
	"max" double precision NOT NULL,
	"sum" double precision NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "telemetry_rollups_1h_device_id_metric_bucket_pk" PRIMARY KEY("device_id","metric","bucket")
);
--> statement-breakpoint
CREATE TABLE "telemetry_rollups_1m" (
	"device_id" integer NOT NULL,
	"metric" text NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"min" double precision NOT NULL,
	"max" double precision NOT NULL,
	"sum" double precision NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "telemetry_rollups_1m_device_id_metric_bucket_pk" PRIMARY KEY("device_id","metric","bucket")
);
--> statement-breakpoint
ALTER TABLE "device_status_events" ADD CONSTRAINT "device_status_events_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telemetry_latest" ADD CONSTRAINT "telemetry_latest_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_status_events_device_id_at_index" ON "device_status_events" USING btree ("device_id","at");--> statement-breakpoint
CREATE INDEX "device_status_events_at_index" ON "device_status_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "telemetry_dead_letters_received_at_index" ON "telemetry_dead_letters" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "telemetry_dead_letters_device_code_received_at_index" ON "telemetry_dead_letters" USING btree ("device_code","received_at");--> statement-breakpoint
CREATE INDEX "telemetry_points_ts_brin" ON "telemetry_points" USING brin ("ts");--> statement-breakpoint
CREATE INDEX "telemetry_rollups_1h_bucket_brin" ON "telemetry_rollups_1h" USING brin ("bucket");--> statement-breakpoint
CREATE INDEX "telemetry_rollups_1m_bucket_brin" ON "telemetry_rollups_1m" USING brin ("bucket");
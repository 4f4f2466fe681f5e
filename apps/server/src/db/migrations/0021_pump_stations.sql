-- Pump-station configuration (issue 14): a station's address, design capacity, wet well (area, bottom
-- elevation, depth) and level set-points (high and low alarm, dry-run protection), its responsible
-- department and person; its pumps (ratings, drive, start/stop levels, controller device and the metric
-- of each point) and its sensors (level, outlet pressure, flow, rain: a device and metric each).
-- Stations seeded before get their configuration from the demo seed, not from here.
CREATE TABLE "station_pumps" (
	"id" serial PRIMARY KEY NOT NULL,
	"station_id" integer NOT NULL,
	"number" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"rated_power" double precision,
	"rated_flow" double precision,
	"rated_head" double precision,
	"drive" text DEFAULT 'fixed' NOT NULL,
	"start_level" double precision,
	"stop_level" double precision,
	"controller_device_id" integer,
	"running_metric" text,
	"fault_metric" text,
	"remote_metric" text,
	"frequency_metric" text,
	"current_metric" text,
	"power_metric" text,
	"energy_metric" text,
	"run_hours_metric" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "station_sensors" (
	"station_id" integer NOT NULL,
	"role" text NOT NULL,
	"device_id" integer NOT NULL,
	"metric" text NOT NULL,
	CONSTRAINT "station_sensors_station_id_role_pk" PRIMARY KEY("station_id","role")
);
--> statement-breakpoint
ALTER TABLE "stations" ADD COLUMN "address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "stations" ADD COLUMN "design_capacity" double precision;--> statement-breakpoint
ALTER TABLE "stations" ADD COLUMN "well_area" double precision;--> statement-breakpoint
ALTER TABLE "stations" ADD COLUMN "well_bottom_elevation" double precision;--> statement-breakpoint
ALTER TABLE "stations" ADD COLUMN "well_depth" double precision;--> statement-breakpoint
ALTER TABLE "stations" ADD COLUMN "high_alarm_level" double precision;--> statement-breakpoint
ALTER TABLE "stations" ADD COLUMN "low_alarm_level" double precision;--> statement-breakpoint
ALTER TABLE "stations" ADD COLUMN "protection_level" double precision;--> statement-breakpoint
ALTER TABLE "stations" ADD COLUMN "responsible_department_id" integer;--> statement-breakpoint
ALTER TABLE "stations" ADD COLUMN "responsible_user_id" integer;--> statement-breakpoint
ALTER TABLE "station_pumps" ADD CONSTRAINT "station_pumps_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_pumps" ADD CONSTRAINT "station_pumps_controller_device_id_devices_id_fk" FOREIGN KEY ("controller_device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_sensors" ADD CONSTRAINT "station_sensors_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_sensors" ADD CONSTRAINT "station_sensors_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "station_pumps_station_id_number_index" ON "station_pumps" USING btree ("station_id","number");--> statement-breakpoint
CREATE INDEX "station_pumps_controller_device_id_index" ON "station_pumps" USING btree ("controller_device_id");--> statement-breakpoint
CREATE INDEX "station_sensors_device_id_index" ON "station_sensors" USING btree ("device_id");--> statement-breakpoint
ALTER TABLE "stations" ADD CONSTRAINT "stations_responsible_department_id_departments_id_fk" FOREIGN KEY ("responsible_department_id") REFERENCES "public"."departments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stations" ADD CONSTRAINT "stations_responsible_user_id_users_id_fk" FOREIGN KEY ("responsible_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
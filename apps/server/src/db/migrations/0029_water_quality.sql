CREATE TABLE "wq_limit_sets" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text,
	"name" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"standard" text NOT NULL,
	"graded" boolean DEFAULT false NOT NULL,
	"national" boolean DEFAULT false NOT NULL,
	"based_on_id" integer,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wq_limits" (
	"set_id" integer NOT NULL,
	"parameter" text NOT NULL,
	"grade" integer DEFAULT 0 NOT NULL,
	"lower" double precision,
	"upper" double precision,
	"cold_upper" double precision,
	"citation" text DEFAULT '' NOT NULL,
	CONSTRAINT "wq_limits_set_id_parameter_grade_pk" PRIMARY KEY("set_id","parameter","grade")
);
--> statement-breakpoint
CREATE TABLE "wq_parameters" (
	"code" text PRIMARY KEY NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"mdl" double precision,
	"method" text DEFAULT '' NOT NULL,
	"decimals" integer DEFAULT 2 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wq_results" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"parameter" text NOT NULL,
	"source" text NOT NULL,
	"sampled_at" timestamp with time zone NOT NULL,
	"value" double precision NOT NULL,
	"below_detection" boolean DEFAULT false NOT NULL,
	"sample_id" text,
	"analyst" text,
	"device_id" integer,
	"device_code" text,
	"entered_by" integer,
	"verdict" text NOT NULL,
	"unjudged_reason" text,
	"grade" integer,
	"target_grade" integer,
	"lower" double precision,
	"upper" double precision,
	"cold_applied" boolean DEFAULT false NOT NULL,
	"temperature" double precision,
	"exceedance" double precision,
	"citation" text,
	"limit_set_id" integer,
	"limit_set_name" text DEFAULT '' NOT NULL,
	"standard" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wq_site_devices" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wq_sites" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"region_id" integer,
	"longitude" double precision,
	"latitude" double precision,
	"address" text DEFAULT '' NOT NULL,
	"limit_set_id" integer NOT NULL,
	"target_grade" integer,
	"alarm_enabled" boolean DEFAULT true NOT NULL,
	"alarm_severity" text DEFAULT 'major' NOT NULL,
	"recipients" jsonb DEFAULT '{"userIds":[],"roleCodes":[],"departmentIds":[]}'::jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wq_sites_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "wq_limits" ADD CONSTRAINT "wq_limits_set_id_wq_limit_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."wq_limit_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wq_results" ADD CONSTRAINT "wq_results_site_id_wq_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."wq_sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wq_results" ADD CONSTRAINT "wq_results_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wq_results" ADD CONSTRAINT "wq_results_entered_by_users_id_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wq_results" ADD CONSTRAINT "wq_results_limit_set_id_wq_limit_sets_id_fk" FOREIGN KEY ("limit_set_id") REFERENCES "public"."wq_limit_sets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wq_site_devices" ADD CONSTRAINT "wq_site_devices_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wq_site_devices" ADD CONSTRAINT "wq_site_devices_site_id_wq_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."wq_sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wq_sites" ADD CONSTRAINT "wq_sites_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wq_sites" ADD CONSTRAINT "wq_sites_limit_set_id_wq_limit_sets_id_fk" FOREIGN KEY ("limit_set_id") REFERENCES "public"."wq_limit_sets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wq_limit_sets_code" ON "wq_limit_sets" USING btree ("code") WHERE "wq_limit_sets"."code" is not null;--> statement-breakpoint
CREATE INDEX "wq_results_site_parameter_time" ON "wq_results" USING btree ("site_id","parameter","sampled_at");--> statement-breakpoint
CREATE INDEX "wq_results_sampled_at_index" ON "wq_results" USING btree ("sampled_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wq_results_lab_sample" ON "wq_results" USING btree ("site_id","sample_id","parameter") WHERE "wq_results"."source" = 'lab';--> statement-breakpoint
CREATE INDEX "wq_sites_region_id_index" ON "wq_sites" USING btree ("region_id");
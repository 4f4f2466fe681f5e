CREATE TABLE "camera_layouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"grid" integer NOT NULL,
	"tiles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "camera_shares" (
	"id" serial PRIMARY KEY NOT NULL,
	"camera_id" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_by_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "cameras" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"vendor" text DEFAULT 'other' NOT NULL,
	"station_id" integer,
	"site_id" integer,
	"region_id" integer,
	"location" text DEFAULT '' NOT NULL,
	"longitude" double precision,
	"latitude" double precision,
	"ptz" boolean DEFAULT false NOT NULL,
	"device_id" integer,
	"source_kind" text NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"platform_id" integer,
	"serial" text DEFAULT '' NOT NULL,
	"channel" integer DEFAULT 1 NOT NULL,
	"gb_device_id" text DEFAULT '' NOT NULL,
	"gb_channel_id" text DEFAULT '' NOT NULL,
	"username" text DEFAULT '' NOT NULL,
	"password" text DEFAULT '' NOT NULL,
	"verify_code" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT 'unknown' NOT NULL,
	"status_detail" jsonb,
	"status_checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cameras_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "video_platforms" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"api_url" text NOT NULL,
	"app_key" text DEFAULT '' NOT NULL,
	"app_secret" text DEFAULT '' NOT NULL,
	"username" text DEFAULT '' NOT NULL,
	"password" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"access_token" text,
	"token_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "camera_layouts" ADD CONSTRAINT "camera_layouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camera_shares" ADD CONSTRAINT "camera_shares_camera_id_cameras_id_fk" FOREIGN KEY ("camera_id") REFERENCES "public"."cameras"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camera_shares" ADD CONSTRAINT "camera_shares_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cameras" ADD CONSTRAINT "cameras_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cameras" ADD CONSTRAINT "cameras_site_id_wq_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."wq_sites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cameras" ADD CONSTRAINT "cameras_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cameras" ADD CONSTRAINT "cameras_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cameras" ADD CONSTRAINT "cameras_platform_id_video_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."video_platforms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "camera_layouts_user_name" ON "camera_layouts" USING btree ("user_id","name");--> statement-breakpoint
CREATE INDEX "camera_shares_camera" ON "camera_shares" USING btree ("camera_id","created_at");--> statement-breakpoint
CREATE INDEX "cameras_station" ON "cameras" USING btree ("station_id");--> statement-breakpoint
CREATE INDEX "cameras_site" ON "cameras" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "cameras_region" ON "cameras" USING btree ("region_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cameras_device" ON "cameras" USING btree ("device_id") WHERE "cameras"."device_id" is not null;
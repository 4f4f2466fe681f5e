CREATE TABLE "notify_channels" (
	"channel" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"secret" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "notify_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"push_id" integer NOT NULL,
	"user_id" integer,
	"channel" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"locale" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"lease_until" timestamp with time zone,
	"idempotency_key" text NOT NULL,
	"error_code" text DEFAULT '' NOT NULL,
	"error_detail" text DEFAULT '' NOT NULL,
	"quiet" boolean DEFAULT false NOT NULL,
	"critical" boolean DEFAULT false NOT NULL,
	"fallback_of" text,
	"fallback" text,
	"segments" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notify_prefs" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"channels" jsonb NOT NULL,
	"locale" text NOT NULL,
	"quiet_enabled" boolean DEFAULT false NOT NULL,
	"quiet_start" text DEFAULT '22:00' NOT NULL,
	"quiet_end" text DEFAULT '07:00' NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notify_pushes" (
	"id" serial PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"use_template" boolean DEFAULT true NOT NULL,
	"channels" jsonb NOT NULL,
	"audience" jsonb NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"source_id" text DEFAULT '' NOT NULL,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"critical" boolean DEFAULT false NOT NULL,
	"state" text NOT NULL,
	"recipients" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"scheduled_at" timestamp with time zone,
	"planned_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"sms_estimate" numeric(12, 4) DEFAULT '0' NOT NULL,
	"sms_cost" numeric(12, 4) DEFAULT '0' NOT NULL,
	"sms_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notify_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"channel" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"title" jsonb NOT NULL,
	"body" jsonb NOT NULL,
	"fallback" text,
	"is_default" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "notify_channels" ADD CONSTRAINT "notify_channels_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notify_deliveries" ADD CONSTRAINT "notify_deliveries_push_id_notify_pushes_id_fk" FOREIGN KEY ("push_id") REFERENCES "public"."notify_pushes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notify_deliveries" ADD CONSTRAINT "notify_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notify_prefs" ADD CONSTRAINT "notify_prefs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notify_pushes" ADD CONSTRAINT "notify_pushes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notify_templates" ADD CONSTRAINT "notify_templates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notify_deliveries_idempotency_key_index" ON "notify_deliveries" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "notify_deliveries_push_id_state_index" ON "notify_deliveries" USING btree ("push_id","state");--> statement-breakpoint
CREATE INDEX "notify_deliveries_due_idx" ON "notify_deliveries" USING btree ("next_attempt_at") WHERE "notify_deliveries"."state" in ('queued', 'retrying', 'sending');--> statement-breakpoint
CREATE INDEX "notify_deliveries_user_id_channel_sent_at_index" ON "notify_deliveries" USING btree ("user_id","channel","sent_at");--> statement-breakpoint
CREATE INDEX "notify_pushes_created_at_index" ON "notify_pushes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "notify_pushes_source_source_id_index" ON "notify_pushes" USING btree ("source","source_id");--> statement-breakpoint
CREATE INDEX "notify_pushes_due_idx" ON "notify_pushes" USING btree ("scheduled_at") WHERE "notify_pushes"."state" = 'scheduled';--> statement-breakpoint
CREATE UNIQUE INDEX "notify_templates_purpose_channel_index" ON "notify_templates" USING btree ("purpose","channel");
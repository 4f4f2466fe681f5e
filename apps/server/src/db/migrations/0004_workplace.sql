CREATE TABLE "devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"warranty_end" date,
	"service_end" date,
	"status" text DEFAULT 'inactive' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "devices_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "quick_operations" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"route_names" text[] NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recent_visits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"route_name" text NOT NULL,
	"path" text NOT NULL,
	"visited_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_account" (
	"id" integer PRIMARY KEY NOT NULL,
	"balance" numeric(12, 2) DEFAULT '0' NOT NULL,
	"price" numeric(8, 4) DEFAULT '0.05' NOT NULL,
	"low_threshold" numeric(12, 2) DEFAULT '50' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"amount" numeric(12, 4) NOT NULL,
	"kind" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"outbox_id" bigint,
	"user_id" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"title" text NOT NULL,
	"status" text NOT NULL,
	"assignee_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_orders_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "quick_operations" ADD CONSTRAINT "quick_operations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recent_visits" ADD CONSTRAINT "recent_visits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_ledger" ADD CONSTRAINT "sms_ledger_outbox_id_sms_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."sms_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_ledger" ADD CONSTRAINT "sms_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "devices_warranty_end_index" ON "devices" USING btree ("warranty_end");--> statement-breakpoint
CREATE INDEX "devices_service_end_index" ON "devices" USING btree ("service_end");--> statement-breakpoint
CREATE INDEX "recent_visits_user_id_visited_at_index" ON "recent_visits" USING btree ("user_id","visited_at");--> statement-breakpoint
CREATE UNIQUE INDEX "recent_visits_user_route_uq" ON "recent_visits" USING btree ("user_id","route_name");--> statement-breakpoint
CREATE INDEX "sms_ledger_created_at_index" ON "sms_ledger" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "work_orders_assignee_id_status_index" ON "work_orders" USING btree ("assignee_id","status");
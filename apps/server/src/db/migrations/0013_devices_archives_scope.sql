CREATE TABLE "device_archive_attachments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entry_id" bigint NOT NULL,
	"file_name" text NOT NULL,
	"file_path" text NOT NULL,
	"file_type" text NOT NULL,
	"file_size" integer NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_archive_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"kind" text NOT NULL,
	"date" date NOT NULL,
	"performed_by" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"next_due" date,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role_regions" (
	"role_id" integer NOT NULL,
	"region_id" integer NOT NULL,
	CONSTRAINT "role_regions_role_id_region_id_pk" PRIMARY KEY("role_id","region_id")
);
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "device_id" integer;--> statement-breakpoint
ALTER TABLE "device_archive_attachments" ADD CONSTRAINT "device_archive_attachments_entry_id_device_archive_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."device_archive_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_archive_attachments" ADD CONSTRAINT "device_archive_attachments_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_archive_entries" ADD CONSTRAINT "device_archive_entries_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_archive_entries" ADD CONSTRAINT "device_archive_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_regions" ADD CONSTRAINT "role_regions_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_regions" ADD CONSTRAINT "role_regions_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_archive_attachments_entry_id_index" ON "device_archive_attachments" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "device_archive_entries_device_id_date_index" ON "device_archive_entries" USING btree ("device_id","date");--> statement-breakpoint
CREATE INDEX "device_archive_entries_kind_next_due_index" ON "device_archive_entries" USING btree ("kind","next_due");--> statement-breakpoint
CREATE INDEX "device_archive_entries_date_index" ON "device_archive_entries" USING btree ("date");--> statement-breakpoint
CREATE INDEX "role_regions_region_id_index" ON "role_regions" USING btree ("region_id");--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "work_orders_device_id_index" ON "work_orders" USING btree ("device_id");
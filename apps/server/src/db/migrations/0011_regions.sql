CREATE TABLE "regions" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"ancestors" text DEFAULT '0' NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"order_num" integer DEFAULT 0 NOT NULL,
	"boundary" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "regions_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "region_id" integer;--> statement-breakpoint
CREATE INDEX "regions_parent_id_index" ON "regions" USING btree ("parent_id");--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;
CREATE TABLE "messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"sub_title" text DEFAULT '' NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"message_type" smallint,
	"status" smallint DEFAULT 0 NOT NULL,
	"read_at" timestamp with time zone,
	"link" text DEFAULT '' NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"source_id" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_user_id_status_type_index" ON "messages" USING btree ("user_id","status","type");--> statement-breakpoint
CREATE INDEX "messages_user_id_created_at_index" ON "messages" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_source_source_id_index" ON "messages" USING btree ("source","source_id");
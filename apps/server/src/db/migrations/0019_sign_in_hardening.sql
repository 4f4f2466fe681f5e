CREATE TABLE "login_failures" (
	"login" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sms_codes" ADD COLUMN "ip" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_ledger" ADD COLUMN "ip" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "login_failures_updated_at_index" ON "login_failures" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "sms_codes_ip_created_at_index" ON "sms_codes" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "sms_outbox_purpose_created_at_index" ON "sms_outbox" USING btree ("purpose","created_at");--> statement-breakpoint
-- Failures and locks move from the account to the name typed; open ones carry over.
INSERT INTO "login_failures" ("login", "failures", "locked_until", "updated_at")
SELECT lower("username"), "failed_login_count", CASE WHEN "locked_until" > now() THEN "locked_until" END, now()
FROM "users" WHERE "failed_login_count" > 0 OR "locked_until" > now()
ON CONFLICT DO NOTHING;

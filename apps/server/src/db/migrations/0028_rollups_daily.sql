CREATE TABLE "telemetry_rollups_1d" (
	"device_id" integer NOT NULL,
	"metric" text NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"hours" integer NOT NULL,
	"points" integer NOT NULL,
	"mean_sum" double precision NOT NULL,
	"min" double precision NOT NULL,
	"max" double precision NOT NULL,
	"first_min" double precision NOT NULL,
	"first_max" double precision NOT NULL,
	"last_max" double precision NOT NULL,
	"rise" double precision NOT NULL,
	CONSTRAINT "telemetry_rollups_1d_device_id_metric_bucket_pk" PRIMARY KEY("device_id","metric","bucket")
);
--> statement-breakpoint
CREATE TABLE "telemetry_rollups_1mo" (
	"device_id" integer NOT NULL,
	"metric" text NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"hours" integer NOT NULL,
	"points" integer NOT NULL,
	"mean_sum" double precision NOT NULL,
	"min" double precision NOT NULL,
	"max" double precision NOT NULL,
	"first_min" double precision NOT NULL,
	"first_max" double precision NOT NULL,
	"last_max" double precision NOT NULL,
	"rise" double precision NOT NULL,
	CONSTRAINT "telemetry_rollups_1mo_device_id_metric_bucket_pk" PRIMARY KEY("device_id","metric","bucket")
);
--> statement-breakpoint
CREATE INDEX "telemetry_rollups_1d_bucket_index" ON "telemetry_rollups_1d" USING btree ("bucket");--> statement-breakpoint
CREATE INDEX "telemetry_rollups_1mo_bucket_index" ON "telemetry_rollups_1mo" USING btree ("bucket");--> statement-breakpoint
-- The daily and monthly tiers of what is already stored (telemetry.daily.ts derives them the same way from now on).
INSERT INTO "telemetry_rollups_1d"
	("device_id", "metric", "bucket", "hours", "points", "mean_sum", "min", "max", "first_min", "first_max", "last_max", "rise")
SELECT device_id, metric, day, count(*)::int, sum(count)::int, sum(sum / count), min(min), max(max),
	(array_agg(min ORDER BY bucket))[1], (array_agg(max ORDER BY bucket))[1], (array_agg(max ORDER BY bucket DESC))[1],
	coalesce(sum(CASE WHEN prev IS NULL THEN 0 WHEN max < prev THEN max - min ELSE max - prev END), 0)
FROM (
	SELECT device_id, metric, bucket, min, max, sum, count,
		date_bin('1 day', bucket, timestamptz '1969-12-31T16:00:00.000Z') AS day,
		lag(max) OVER (PARTITION BY device_id, metric, date_bin('1 day', bucket, timestamptz '1969-12-31T16:00:00.000Z') ORDER BY bucket) AS prev
	FROM "telemetry_rollups_1h"
) h
GROUP BY device_id, metric, day;
--> statement-breakpoint
INSERT INTO "telemetry_rollups_1mo"
	("device_id", "metric", "bucket", "hours", "points", "mean_sum", "min", "max", "first_min", "first_max", "last_max", "rise")
SELECT device_id, metric, month, sum(hours)::int, sum(points)::int, sum(mean_sum), min(min), max(max),
	(array_agg(first_min ORDER BY bucket))[1], (array_agg(first_max ORDER BY bucket))[1], (array_agg(last_max ORDER BY bucket DESC))[1],
	sum(rise + CASE WHEN prev IS NULL THEN 0 WHEN first_max < prev THEN first_max - first_min ELSE first_max - prev END)
FROM (
	SELECT *,
		(date_trunc('month', (bucket AT TIME ZONE 'UTC') + interval '28800 seconds') - interval '28800 seconds') AT TIME ZONE 'UTC' AS month,
		lag(last_max) OVER (PARTITION BY device_id, metric, (date_trunc('month', (bucket AT TIME ZONE 'UTC') + interval '28800 seconds') - interval '28800 seconds') AT TIME ZONE 'UTC' ORDER BY bucket) AS prev
	FROM "telemetry_rollups_1d"
) d
GROUP BY device_id, metric, month;

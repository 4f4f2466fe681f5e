-- A pump under maintenance (issue 14, locked out and tagged out): the live screens show it as such
-- whatever its controller says. Every pump configured before is in service.
ALTER TABLE "station_pumps" ADD COLUMN "maintenance" boolean DEFAULT false NOT NULL;

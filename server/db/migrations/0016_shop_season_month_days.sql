-- Issue #16: a shop's season is a month-day window ('MM-DD', the same every year), no longer the
-- concrete days worked out once at seed time. Rows seeded before keep their month-days here; the
-- seed then sets every shop's window from seo-data/shops.json (server/db/seed/catalogue.ts).
UPDATE "shops" SET "season_from" = right("season_from", 5) WHERE "season_from" ~ '^\d{4}-\d{2}-\d{2}$';--> statement-breakpoint
UPDATE "shops" SET "season_to" = right("season_to", 5) WHERE "season_to" ~ '^\d{4}-\d{2}-\d{2}$';

ALTER TABLE "shops" ALTER COLUMN "season_from" SET DEFAULT '01-01';--> statement-breakpoint
ALTER TABLE "shops" ALTER COLUMN "season_to" SET DEFAULT '12-31';--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_season_from_month_day" CHECK ("shops"."season_from" ~ '^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$');--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_season_to_month_day" CHECK ("shops"."season_to" ~ '^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$');